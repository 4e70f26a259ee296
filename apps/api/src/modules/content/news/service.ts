import { and, desc, eq } from 'drizzle-orm';
import type { NewsItem } from '@mawingu/contracts/news';
import { messages } from '@mawingu/contracts/messages';
import type { Db } from '../../../db/client.ts';
import { news } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';

const columns = {
  ID: news.id,
  newsTitle: news.title,
  newsContent: news.content,
  imagePath: news.imagePath,
  newsLinks: news.links,
};

/** A company's news, newest first. Content is stored as written; the SPA sanitises what it renders. */
export function createNewsService(db: Db) {
  async function list(companyId: number): Promise<NewsItem[]> {
    return db.select(columns).from(news).where(eq(news.companyId, companyId)).orderBy(desc(news.publishedAt), desc(news.id));
  }

  /** One item of this company; another company's item is as absent as a missing one. */
  async function detail(companyId: number, id: number): Promise<NewsItem> {
    const [item] = await db
      .select(columns)
      .from(news)
      .where(and(eq(news.companyId, companyId), eq(news.id, id)))
      .limit(1);
    if (!item) throw AppError.notFound(messages.newsNotAvailable);
    return item;
  }

  return { list, detail };
}

export type NewsService = ReturnType<typeof createNewsService>;
