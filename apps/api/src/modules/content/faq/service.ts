import { and, asc, eq, inArray } from 'drizzle-orm';
import { FAQ_TABS, type FaqEntry } from '@mawingu/contracts/faq';
import type { Db } from '../../../db/client.ts';
import { faqEntries } from '../../../db/schema.ts';

/** A company's FAQ, in tab order (General, Products, Profile, Contact) and then its own order. */
export function createFaqService(db: Db) {
  async function list(companyId: number): Promise<FaqEntry[]> {
    const rows = await db
      .select({
        ID: faqEntries.id,
        tab: faqEntries.tab,
        question: faqEntries.question,
        answer: faqEntries.answer,
        sortOrder: faqEntries.sortOrder,
      })
      .from(faqEntries)
      // A row filed under a tab the page does not have would never be shown: leave it out.
      .where(and(eq(faqEntries.companyId, companyId), inArray(faqEntries.tab, [...FAQ_TABS])))
      .orderBy(asc(faqEntries.sortOrder), asc(faqEntries.id));
    const tabIndex = (tab: string) => FAQ_TABS.indexOf(tab as FaqEntry['tab']);
    return rows
      .sort((a, b) => tabIndex(a.tab) - tabIndex(b.tab))
      .map(({ ID, tab, question, answer }) => ({ ID, tab: tab as FaqEntry['tab'], question, answer }));
  }

  return { list };
}

export type FaqService = ReturnType<typeof createFaqService>;
