import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { creditNotes, etimsDevices, etimsDocuments, etimsItems, invoices, legalEntities } from '../../../db/schema.ts';
import {
  ETIMS_DUPLICATE,
  EtimsUnreachable,
  type EtimsBranch,
  type EtimsPort,
  type EtimsReceipt,
} from '../../../integrations/etims/etims.ts';
import type { SecretBox } from '../../../integrations/secrets/secret-box.ts';
import { orderAmountsOf, type OrderAmounts } from '../../orders/index.ts';
import { creditNoteSerial } from '../credit-notes/issue-credit-note.ts';
import { serialNumberOf } from '../invoices/present-invoice.ts';
import { ETIMS_ITEM_CLASS, itemCodeOf, itemKeyOf, saleOf, taxTypeOf } from './sale-of.ts';

export type SubmitOutcome = 'signed' | 'refused' | 'waiting' | 'absent';
type DocumentRow = typeof etimsDocuments.$inferSelect;

/** Thrown to have the job retried later (KRA unreachable, or the original sale not signed yet). */
export class EtimsRetryLater extends Error {}

/**
 * Submits one document to eTIMS (ADR 0121), idempotent: a signed document is left alone; its
 * number at KRA (invcNo) is taken once, under the device's row lock, and kept, so a resubmission
 * after a lost answer sends the same number and KRA's "overlapped data" answer (994) leads to the
 * receipt it already holds. The items it names are registered first (saveItem), once per entity.
 * KRA's refusal is recorded with its code and message; an unreachable KRA throws EtimsRetryLater.
 */
export function createEtimsSubmitter(deps: { db: Db; port: EtimsPort; secretBox: SecretBox }) {
  const { db, port } = deps;

  const note = (id: number, set: Partial<DocumentRow>) =>
    db
      .update(etimsDocuments)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(etimsDocuments.id, id));

  async function branchOf(legalEntityId: number) {
    const [row] = await db
      .select({ device: etimsDevices, tin: legalEntities.taxNumber })
      .from(etimsDevices)
      .innerJoin(legalEntities, eq(legalEntities.id, etimsDevices.legalEntityId))
      .where(eq(etimsDevices.legalEntityId, legalEntityId));
    if (!row?.device.cmcKeySealed) return undefined;
    const branch: EtimsBranch = { baseUrl: row.device.baseUrl, tin: row.tin, bhfId: row.device.branchId };
    return { branch, cmcKey: deps.secretBox.open(row.device.cmcKeySealed), device: row.device };
  }

  /** The document's number at KRA: one series per entity for sales and credit notes, taken once. */
  async function invcNoOf(doc: DocumentRow): Promise<number> {
    if (doc.invcNo !== null) return doc.invcNo;
    return db.transaction(async (tx) => {
      await tx.select().from(etimsDevices).where(eq(etimsDevices.legalEntityId, doc.legalEntityId)).for('update');
      const [again] = await tx.select({ invcNo: etimsDocuments.invcNo }).from(etimsDocuments).where(eq(etimsDocuments.id, doc.id));
      if (again?.invcNo != null) return again.invcNo;
      const [last] = await tx
        .select({ next: sql<number>`coalesce(max(${etimsDocuments.invcNo}), 0) + 1`.mapWith(Number) })
        .from(etimsDocuments)
        .where(eq(etimsDocuments.legalEntityId, doc.legalEntityId));
      const invcNo = last?.next ?? 1;
      await tx.update(etimsDocuments).set({ invcNo }).where(eq(etimsDocuments.id, doc.id));
      return invcNo;
    });
  }

  /** The order's item at KRA, registered (saveItem) before the first document that names it. */
  async function itemOf(ctx: NonNullable<Awaited<ReturnType<typeof branchOf>>>, legalEntityId: number, order: OrderAmounts) {
    const itemKey = itemKeyOf(order);
    const [known] = await db
      .select()
      .from(etimsItems)
      .where(and(eq(etimsItems.legalEntityId, legalEntityId), eq(etimsItems.itemKey, itemKey)));
    if (known) return { itemCd: known.itemCode, name: order.productName };
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(etimsItems)
      .where(eq(etimsItems.legalEntityId, legalEntityId));
    const itemCd = itemCodeOf((count?.n ?? 0) + 1);
    const saved = await port.saveItem(ctx.branch, ctx.cmcKey, {
      itemCd,
      itemClsCd: ETIMS_ITEM_CLASS,
      itemTyCd: '3',
      itemNm: order.productName,
      taxTyCd: taxTypeOf(order.taxPercent),
      dftPrc: order.price,
    });
    if (!saved.ok) return saved;
    // Two submitters racing register the same code (saveItem also updates); the first row stays.
    await db.insert(etimsItems).values({ legalEntityId, itemKey, itemCode: itemCd }).onConflictDoNothing();
    const [row] = await db
      .select()
      .from(etimsItems)
      .where(and(eq(etimsItems.legalEntityId, legalEntityId), eq(etimsItems.itemKey, itemKey)));
    return { itemCd: row?.itemCode ?? itemCd, name: order.productName };
  }

  async function signed(doc: DocumentRow, receipt: EtimsReceipt, device: { sdcId: string | null; mrcNo: string | null }) {
    await note(doc.id, {
      status: 'signed',
      lastError: null,
      rcptNo: receipt.rcptNo,
      totRcptNo: receipt.totRcptNo,
      intrlData: receipt.intrlData,
      rcptSign: receipt.rcptSign,
      sdcDateTime: receipt.sdcDateTime,
      sdcId: receipt.sdcId ?? device.sdcId,
      mrcNo: receipt.mrcNo ?? device.mrcNo,
      signedAt: new Date(),
    });
    return 'signed' as const;
  }

  async function submitOne(documentId: number): Promise<SubmitOutcome> {
    const [doc] = await db.select().from(etimsDocuments).where(eq(etimsDocuments.id, documentId));
    if (!doc) return 'absent';
    if (doc.status === 'signed') return 'signed';
    const ctx = await branchOf(doc.legalEntityId);
    if (!ctx) {
      await note(doc.id, { lastError: 'The eTIMS device of this entity is not initialised.' });
      return 'waiting';
    }
    const [invoice] = await db.select().from(invoices).where(eq(invoices.id, doc.invoiceId));
    const order = invoice && (await orderAmountsOf(db, [invoice.orderId])).get(invoice.orderId);
    if (!invoice || !order) return 'absent';
    const row = { invoice, order };
    let creditNote: { orgInvcNo: number; amountExclVat: string; vat: string; total: string } | undefined;
    let serialNumber = serialNumberOf(row.invoice);
    let issuedAt = row.invoice.issuedAt;
    if (doc.creditNoteId !== null) {
      const [cn] = await db.select().from(creditNotes).where(eq(creditNotes.id, doc.creditNoteId));
      if (!cn) return 'absent';
      const [original] = await db
        .select()
        .from(etimsDocuments)
        .where(and(eq(etimsDocuments.invoiceId, doc.invoiceId), isNull(etimsDocuments.creditNoteId)));
      if (!original) {
        // Issued before the entity had its device: KRA never received the sale it would credit.
        await note(doc.id, { status: 'refused', lastError: 'The original invoice was never submitted to eTIMS.' });
        return 'refused';
      }
      if (original.status !== 'signed' || original.invcNo === null) {
        await note(doc.id, { lastError: 'Waiting for the original invoice to be signed by eTIMS.' });
        throw new EtimsRetryLater(`credit note ${cn.id}: its invoice is not signed by eTIMS yet`);
      }
      creditNote = { orgInvcNo: original.invcNo, amountExclVat: cn.amountExclVat, vat: cn.vat, total: cn.total };
      serialNumber = creditNoteSerial(row.invoice.seller.seriesPrefix, cn.number);
      issuedAt = cn.issuedAt;
    }
    await note(doc.id, { attempts: sql`${etimsDocuments.attempts} + 1` as unknown as number });
    try {
      const item = await itemOf(ctx, doc.legalEntityId, row.order);
      if ('ok' in item) {
        await note(doc.id, { status: 'refused', lastError: `saveItem: ${item.code} ${item.message}` });
        return 'refused';
      }
      const invcNo = await invcNoOf(doc);
      const sale = saleOf({ invcNo, serialNumber, issuedAt, buyer: row.invoice.buyer, item, order: row.order, creditNote });
      const answer = await port.saveSale(ctx.branch, ctx.cmcKey, sale);
      if (answer.ok) return signed(doc, answer.value, ctx.device);
      if (answer.code === ETIMS_DUPLICATE) {
        // KRA already holds this number: the answer to an earlier submission was lost on the way.
        const held = await port.invoiceDetails(ctx.branch, ctx.cmcKey, invcNo);
        const other = held.ok ? held.value?.trdInvcNo : undefined;
        if (other !== undefined && other !== sale.trdInvcNo) {
          // Never adopt another document's receipt: KRA holds something else under this number.
          await note(doc.id, {
            status: 'refused',
            lastError: `${answer.code} KRA holds another document (${other}) under eTIMS number ${invcNo}`,
          });
          return 'refused';
        }
        if (held.ok && held.value) return signed(doc, held.value, ctx.device);
      }
      await note(doc.id, { status: 'refused', lastError: `${answer.code} ${answer.message}`.trim() });
      return 'refused';
    } catch (e) {
      if (!(e instanceof EtimsUnreachable)) throw e;
      await note(doc.id, { lastError: e.message });
      throw new EtimsRetryLater(e.message);
    }
  }

  /**
   * A numbered document goes after every lower-numbered one of its entity still pending (those
   * numbered together when its device was initialised), so KRA receives the series in order and a
   * credit note after its invoice, whichever job runs first. Each is idempotent; one that cannot
   * go yet does not hold this one up.
   */
  async function submit(documentId: number): Promise<SubmitOutcome> {
    const [doc] = await db.select().from(etimsDocuments).where(eq(etimsDocuments.id, documentId));
    if (doc?.invcNo != null && doc.status === 'pending') {
      const earlier = await db
        .select({ id: etimsDocuments.id })
        .from(etimsDocuments)
        .where(
          and(
            eq(etimsDocuments.legalEntityId, doc.legalEntityId),
            eq(etimsDocuments.status, 'pending'),
            lt(etimsDocuments.invcNo, doc.invcNo),
          ),
        )
        .orderBy(etimsDocuments.invcNo);
      for (const { id } of earlier)
        await submitOne(id).catch((e: unknown) => {
          if (!(e instanceof EtimsRetryLater)) throw e;
        });
    }
    return submitOne(documentId);
  }

  return { submit };
}

export type EtimsSubmitter = ReturnType<typeof createEtimsSubmitter>;
