import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { etimsDevices, etimsDocuments, invoices } from '../../../db/schema.ts';
import { sqlOf } from '../../../db/transaction-sql.ts';
import type { JobKind, JobQueue, JobSpec } from '../../../jobs/queue.ts';
import type { EtimsSubmitter } from './submit-document.ts';

export const SUBMIT_ETIMS = 'etims-submit';
export const SWEEP_ETIMS = 'etims-sweep';
type Data = { documentId: number };
export type EtimsRetry = { retryLimit?: number; retryDelay?: number };

/** Retried with back-off (30 s, 1 min, 2 min, … about 4 hours in all); the sweep takes over after the last. */
export const submitEtimsSpec = (retry: EtimsRetry = {}): JobSpec<Data> => ({
  name: SUBMIT_ETIMS,
  retryLimit: retry.retryLimit ?? 9,
  retryDelay: retry.retryDelay ?? 30,
  retryBackoff: true,
  keyOf: (d) => `etims-${d.documentId}`,
  policy: 'stately',
});

export function submitEtimsJob(submitter: EtimsSubmitter, retry: EtimsRetry = {}): JobKind<Data> {
  return { ...submitEtimsSpec(retry), handle: async ({ documentId }) => void (await submitter.submit(documentId)) };
}

/** The invoices eTIMS takes: a Kenyan entity's sales. A test transaction's invoice (a proforma) is not a sale. */
export const mayGoToEtims = <T extends { proforma: boolean; legalEntityId: number | null; seller: { taxCountry?: string } }>(
  invoice: T,
): invoice is T & { legalEntityId: number } => !invoice.proforma && invoice.legalEntityId !== null && invoice.seller.taxCountry === 'KE';

/**
 * Records that a document of a Kenyan entity with an eTIMS device goes to eTIMS, and enqueues its
 * submission, in the caller's transaction (the purchase's or the credit note's): the customer's
 * purchase never waits for KRA. A test transaction's invoice (a proforma) is not a sale: it stays out.
 */
export async function enqueueEtimsDocument(
  tx: Db,
  queue: JobQueue | undefined,
  ref: { invoiceId: number; creditNoteId?: number | null },
): Promise<number | null> {
  const [invoice] = await tx
    .select({ companyId: invoices.companyId, legalEntityId: invoices.legalEntityId, proforma: invoices.proforma, seller: invoices.seller })
    .from(invoices)
    .where(eq(invoices.id, ref.invoiceId));
  if (!invoice || !mayGoToEtims(invoice)) return null;
  const [device] = await tx
    .select({ id: etimsDevices.legalEntityId })
    .from(etimsDevices)
    .where(eq(etimsDevices.legalEntityId, invoice.legalEntityId));
  if (!device) return null;
  const [row] = await tx
    .insert(etimsDocuments)
    .values({
      companyId: invoice.companyId,
      legalEntityId: invoice.legalEntityId,
      invoiceId: ref.invoiceId,
      creditNoteId: ref.creditNoteId ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: etimsDocuments.id });
  if (row && queue) await queue.send(submitEtimsSpec(), { documentId: row.id }, { db: sqlOf(tx) });
  return row?.id ?? null;
}

/**
 * The sweep (every 5 minutes, and on demand): submits again every pending document whose jobs gave
 * up, e.g. through a long outage of KRA, in number order. A refused one waits for the operator.
 */
export function createEtimsSweep(db: Db, submitter: EtimsSubmitter, log?: FastifyBaseLogger) {
  return async function sweep(companyId?: number): Promise<number> {
    const pending = await db
      .select({ id: etimsDocuments.id })
      .from(etimsDocuments)
      .where(
        companyId === undefined
          ? eq(etimsDocuments.status, 'pending')
          : and(eq(etimsDocuments.status, 'pending'), eq(etimsDocuments.companyId, companyId)),
      )
      // In eTIMS number order (the unnumbered last), so KRA receives a series in order.
      .orderBy(etimsDocuments.invcNo, etimsDocuments.id)
      .limit(200);
    let signed = 0;
    for (const { id } of pending) {
      try {
        if ((await submitter.submit(id)) === 'signed') signed += 1;
      } catch (e) {
        log?.warn({ documentId: id, err: (e as Error).message }, 'eTIMS sweep: document still not submitted');
      }
    }
    return signed;
  };
}

export function sweepEtimsJob(sweep: () => Promise<number>): JobKind<Record<string, never>> {
  return {
    name: SWEEP_ETIMS,
    retryLimit: 0,
    retryDelay: 60,
    retryBackoff: false,
    keyOf: () => SWEEP_ETIMS,
    policy: 'stately',
    handle: async () => void (await sweep()),
  };
}
