import { and, desc, eq } from 'drizzle-orm';
import type { CustomerNote } from '@mawingu/contracts/admin/customers-manage';
import type { Db } from '../../../db/client.ts';
import { customerNotes } from '../../../db/schema.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';
import type { CustomerAdminService } from './service.ts';

/** The newest this many notes on a customer's page. */
const NOTES_LIMIT = 200;

const toNote = (row: typeof customerNotes.$inferSelect): CustomerNote => ({
  id: row.id,
  note: row.note,
  writtenBy: row.writtenBy,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Operators' internal notes on a customer (issue 17, point 2): any operator of the company reads
 * and adds them, newest first. This file is the only reader of `customer_notes`; no customer route
 * reaches it. Adding one is audited (the note's length, not its words: the note itself is the record).
 */
export function createCustomerNotes({ db, customers }: { db: Db; customers: Pick<CustomerAdminService, 'customerOf'> }) {
  async function list(companyId: number, customerId: number): Promise<CustomerNote[]> {
    await customers.customerOf(companyId, customerId); // 404 when not this company's
    const rows = await db
      .select()
      .from(customerNotes)
      .where(and(eq(customerNotes.companyId, companyId), eq(customerNotes.customerId, customerId)))
      .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id))
      .limit(NOTES_LIMIT);
    return rows.map(toNote);
  }

  async function add(companyId: number, customerId: number, actor: Operator, note: string): Promise<CustomerNote> {
    return db.transaction(async (tx) => {
      await customers.customerOf(companyId, customerId, tx);
      const [row] = await tx
        .insert(customerNotes)
        .values({ companyId, customerId, note, operatorId: actor.operatorId, writtenBy: actor.name || actor.email })
        .returning();
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'customer.note',
        targetType: 'customer',
        targetId: customerId,
        after: { noteId: row!.id, characters: note.length },
      });
      return toNote(row!);
    });
  }

  return { list, add };
}
