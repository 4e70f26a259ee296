import { and, asc, eq, max, sql } from 'drizzle-orm';
import { FAQ_TABS } from '@mawingu/contracts/faq';
import { contentMessages as m, type AdminFaqEntry, type FaqInput, type FaqOrderInput } from '@mawingu/contracts/admin/content';
import type { Db } from '../../../db/client.ts';
import { faqEntries } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';

type FaqRow = typeof faqEntries.$inferSelect;
type FaqFields = Required<FaqInput>;

const toEntry = (row: FaqRow): AdminFaqEntry => ({
  id: row.id,
  tab: row.tab as AdminFaqEntry['tab'],
  question: row.question,
  answer: row.answer,
  sortOrder: row.sortOrder,
});

/**
 * FAQ entries of one company per tab, in the order the site shows them (sort order, then id; the
 * public call modules/faq reads the same table without a cache). A new entry goes to the end of its
 * tab; moving an entry to another tab puts it at that tab's end.
 */
export function createAdminFaqService(db: Db) {
  async function list(companyId: number): Promise<AdminFaqEntry[]> {
    const rows = await db
      .select()
      .from(faqEntries)
      .where(eq(faqEntries.companyId, companyId))
      .orderBy(asc(faqEntries.sortOrder), asc(faqEntries.id));
    const tabIndex = (tab: string) => {
      const i = FAQ_TABS.indexOf(tab as AdminFaqEntry['tab']);
      return i < 0 ? FAQ_TABS.length : i;
    };
    // Rows under a tab the site does not have are left out here as on the site.
    return rows
      .filter((row) => tabIndex(row.tab) < FAQ_TABS.length)
      .sort((a, b) => tabIndex(a.tab) - tabIndex(b.tab))
      .map(toEntry);
  }

  async function find(tx: Db, companyId: number, id: number): Promise<FaqRow> {
    const [row] = await tx
      .select()
      .from(faqEntries)
      .where(and(eq(faqEntries.companyId, companyId), eq(faqEntries.id, id)))
      .limit(1);
    if (!row) throw AppError.notFound(m.faqNotFound);
    return row;
  }

  async function nextOrder(tx: Db, companyId: number, tab: string): Promise<number> {
    const [row] = await tx
      .select({ last: max(faqEntries.sortOrder) })
      .from(faqEntries)
      .where(and(eq(faqEntries.companyId, companyId), eq(faqEntries.tab, tab)));
    return (row?.last ?? -1) + 1;
  }

  async function create(actor: Operator, companyId: number, input: FaqFields): Promise<AdminFaqEntry> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(faqEntries)
        .values({
          companyId,
          tab: input.tab,
          question: input.question,
          answer: input.answer,
          sortOrder: await nextOrder(tx, companyId, input.tab),
        })
        .returning();
      const entry = toEntry(row!);
      await recordAudit(tx, { actor, companyId, action: 'content.faq.create', targetType: 'faq_entry', targetId: entry.id, after: entry });
      return entry;
    });
  }

  async function update(actor: Operator, companyId: number, id: number, input: FaqFields): Promise<AdminFaqEntry> {
    return db.transaction(async (tx) => {
      const current = await find(tx, companyId, id);
      const sortOrder = current.tab === input.tab ? current.sortOrder : await nextOrder(tx, companyId, input.tab);
      const [row] = await tx
        .update(faqEntries)
        .set({ tab: input.tab, question: input.question, answer: input.answer, sortOrder })
        .where(and(eq(faqEntries.companyId, companyId), eq(faqEntries.id, id)))
        .returning();
      const entry = toEntry(row!);
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'content.faq.update',
        targetType: 'faq_entry',
        targetId: id,
        before: toEntry(current),
        after: entry,
      });
      return entry;
    });
  }

  async function remove(actor: Operator, companyId: number, id: number): Promise<void> {
    await db.transaction(async (tx) => {
      const current = await find(tx, companyId, id);
      await tx.delete(faqEntries).where(and(eq(faqEntries.companyId, companyId), eq(faqEntries.id, id)));
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'content.faq.delete',
        targetType: 'faq_entry',
        targetId: id,
        before: toEntry(current),
      });
    });
  }

  /** Sets one tab's order: `ids` must be exactly the tab's entries, each once (else 400, nothing changes). */
  async function reorder(actor: Operator, companyId: number, input: FaqOrderInput): Promise<AdminFaqEntry[]> {
    await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: faqEntries.id })
        .from(faqEntries)
        .where(and(eq(faqEntries.companyId, companyId), eq(faqEntries.tab, input.tab)))
        .orderBy(asc(faqEntries.sortOrder), asc(faqEntries.id))
        .for('update');
      const current = rows.map((row) => row.id);
      const given = new Set(input.ids);
      if (given.size !== input.ids.length || given.size !== current.length || current.some((id) => !given.has(id))) {
        throw AppError.badRequest(m.faqOrderInvalid, { ids: m.faqOrderInvalid });
      }
      // One statement: each id gets its position in the list (0, 1, 2 …).
      await tx.execute(sql`
        UPDATE ${faqEntries} SET sort_order = x.pos - 1
        FROM json_array_elements_text(${JSON.stringify(input.ids)}::json) WITH ORDINALITY AS x(id, pos)
        WHERE ${faqEntries.id} = x.id::int AND ${faqEntries.companyId} = ${companyId}`);
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'content.faq.reorder',
        targetType: 'faq_tab',
        targetId: input.tab,
        before: current,
        after: input.ids,
      });
    });
    return list(companyId);
  }

  return { list, create, update, remove, reorder };
}

export type AdminFaqService = ReturnType<typeof createAdminFaqService>;
