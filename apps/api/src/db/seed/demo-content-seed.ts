import type { Db } from '../client.ts';
import { faqEntries, news } from '../schema.ts';
import { countOf } from './count-of.ts';
import { demoNews } from './demo-catalogue.ts';
import { demoFaq } from './demo-faq.ts';

/** Public-site content of the demo company: news and FAQ. Each list is written once per company. */
export async function seedDemoContent(db: Db, companyId: number) {
  if ((await countOf(db, news, companyId)) === 0) {
    const now = Date.now();
    await db
      .insert(news)
      .values(demoNews.map((n, i) => ({ ...n, companyId, imagePath: null, publishedAt: new Date(now - i * 86_400_000) })));
  }
  if ((await countOf(db, faqEntries, companyId)) === 0) {
    await db.insert(faqEntries).values(demoFaq.map((entry, i) => ({ ...entry, companyId, sortOrder: i })));
  }
}
