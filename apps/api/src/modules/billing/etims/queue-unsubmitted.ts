import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { creditNotes, etimsDevices, etimsDocuments, invoices } from '../../../db/schema.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import { submitEtimsSpec } from './etims-job.ts';

/** Issue order: by time, an invoice before its credit notes on a tie, then by id. */
type Issued = { issuedAt: Date; creditNote: boolean; id: number };
const byIssue = (a: Issued, b: Issued) =>
  a.issuedAt.getTime() - b.issuedAt.getTime() || Number(a.creditNote) - Number(b.creditNote) || a.id - b.id;

/**
 * Once a Kenyan entity's device is initialised (ADR 0121): every invoice and credit note of the
 * entity that KRA has not received goes. Those issued before the entity had a device get their
 * eTIMS document now; a document that never reached KRA as a sale (waiting for the device, or
 * refused because its invoice was never submitted) is pending again. They take their eTIMS numbers
 * now, in the order they were issued (a credit note after its invoice), so whichever instance works
 * which job, KRA receives them in that order; then each is queued as the usual etims-submit job.
 * Idempotent: a document is recorded once (unique keys), a numbered one keeps its number.
 */
export async function queueUnsubmittedDocuments(db: Db, queue: JobQueue | undefined, legalEntityId: number): Promise<number> {
  const pendingIds = await db.transaction(async (tx) => {
    // The device's row lock: the same lock the submitter takes its numbers under.
    await tx.select().from(etimsDevices).where(eq(etimsDevices.legalEntityId, legalEntityId)).for('update');
    const sales = await tx
      .select({ id: invoices.id, companyId: invoices.companyId, issuedAt: invoices.issuedAt })
      .from(invoices)
      .where(and(eq(invoices.legalEntityId, legalEntityId), eq(invoices.proforma, false), sql`${invoices.seller}->>'taxCountry' = 'KE'`));
    const notes = sales.length
      ? await tx
          .select({ id: creditNotes.id, invoiceId: creditNotes.invoiceId, issuedAt: creditNotes.issuedAt })
          .from(creditNotes)
          .where(
            inArray(
              creditNotes.invoiceId,
              sales.map((s) => s.id),
            ),
          )
      : [];
    const companyOf = new Map(sales.map((s) => [s.id, s.companyId]));
    const all = [
      ...sales.map((s) => ({ issuedAt: s.issuedAt, creditNote: false, id: s.id, invoiceId: s.id, creditNoteId: null })),
      ...notes.map((n) => ({ issuedAt: n.issuedAt, creditNote: true, id: n.id, invoiceId: n.invoiceId, creditNoteId: n.id })),
    ].sort(byIssue);
    if (all.length)
      await tx
        .insert(etimsDocuments)
        .values(
          all.map((d) => ({ companyId: companyOf.get(d.invoiceId)!, legalEntityId, invoiceId: d.invoiceId, creditNoteId: d.creditNoteId })),
        )
        .onConflictDoNothing();
    // Never sent as a sale (no number): pending again, whatever stopped it before the device.
    await tx
      .update(etimsDocuments)
      .set({ status: 'pending', lastError: null, updatedAt: new Date() })
      .where(
        and(
          eq(etimsDocuments.legalEntityId, legalEntityId),
          isNull(etimsDocuments.invcNo),
          inArray(etimsDocuments.status, ['pending', 'refused']),
        ),
      );
    const unnumbered = await tx
      .select({ id: etimsDocuments.id, invoiceAt: invoices.issuedAt, noteAt: creditNotes.issuedAt })
      .from(etimsDocuments)
      .innerJoin(invoices, eq(invoices.id, etimsDocuments.invoiceId))
      .leftJoin(creditNotes, eq(creditNotes.id, etimsDocuments.creditNoteId))
      .where(and(eq(etimsDocuments.legalEntityId, legalEntityId), isNull(etimsDocuments.invcNo)));
    const [last] = await tx
      .select({ max: sql<number>`coalesce(max(${etimsDocuments.invcNo}), 0)`.mapWith(Number) })
      .from(etimsDocuments)
      .where(eq(etimsDocuments.legalEntityId, legalEntityId));
    let next = last?.max ?? 0;
    const ordered = unnumbered.map((u) => ({ id: u.id, issuedAt: u.noteAt ?? u.invoiceAt, creditNote: u.noteAt !== null })).sort(byIssue);
    for (const doc of ordered) await tx.update(etimsDocuments).set({ invcNo: ++next }).where(eq(etimsDocuments.id, doc.id));
    const pending = await tx
      .select({ id: etimsDocuments.id })
      .from(etimsDocuments)
      .where(and(eq(etimsDocuments.legalEntityId, legalEntityId), eq(etimsDocuments.status, 'pending')))
      .orderBy(etimsDocuments.invcNo);
    return pending.map((p) => p.id);
  });
  // Sent one by one after the commit, so the queue hands them out in number order; should this
  // process stop in between, the sweep submits the pending rest (in id order) within 5 minutes.
  if (queue) for (const documentId of pendingIds) await queue.send(submitEtimsSpec(), { documentId });
  return pendingIds.length;
}
