import { and, asc, desc, eq, gt, lte, not } from 'drizzle-orm';
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

/** What the site shows at `now`: no draft, nothing dated later (scheduled). */
const shown = (companyId: number, now: Date) => and(eq(news.companyId, companyId), not(news.draft), lte(news.publishedAt, now));

/** A company's news, newest first. Content is stored as written; the SPA sanitises what it renders. */
export function createNewsService(db: Db) {
  /** The items shown now, and when the next scheduled one appears (so a kept reply ends then). */
  async function list(companyId: number, now = new Date()): Promise<{ items: NewsItem[]; next: Date | null }> {
    const [items, [next]] = await Promise.all([
      db.select(columns).from(news).where(shown(companyId, now)).orderBy(desc(news.publishedAt), desc(news.id)),
      db
        .select({ at: news.publishedAt })
        .from(news)
        .where(and(eq(news.companyId, companyId), not(news.draft), gt(news.publishedAt, now)))
        .orderBy(asc(news.publishedAt))
        .limit(1),
    ]);
    return { items, next: next?.at ?? null };
  }

  /** One item of this company shown now; a draft, a scheduled item or another company's is as absent as a missing one. */
  async function detail(companyId: number, id: number, now = new Date()): Promise<NewsItem> {
    const [item] = await db
      .select(columns)
      .from(news)
      .where(and(shown(companyId, now), eq(news.id, id)))
      .limit(1);
    if (!item) throw AppError.notFound(messages.newsNotAvailable);
    return item;
  }

  return { list, detail };
}

export type NewsService = ReturnType<typeof createNewsService>;
