import { and, asc, eq, inArray } from 'drizzle-orm';
import { creditNoteMessages as texts, type IssueCreditNoteRequest, type OrderCreditNotes } from '@mawingu/contracts/admin/credit-notes';
import { fill } from '@mawingu/contracts/messages';
import type { Db } from '../../../db/client.ts';
import { creditNotes, invoices, refunds } from '../../../db/schema.ts';
import { sqlOf } from '../../../db/transaction-sql.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Operator } from '../../../console/operator-guard.ts';
import { createCustomerAccounts } from '../../identity/index.ts';
import type { VmOperatorActions } from '../../machines/index.ts';
import { orderVmLabels } from '../../orders/index.ts';
import type { MailService } from '../../platform/index.ts';
import type { FileService } from '../../tenant/index.ts';
import { createInvoiceLogos } from '../invoices/invoice-logo.ts';
import { creditableInvoiceOf, type CreditableInvoice } from '../invoices/invoice-store.ts';
import { serialNumberOf } from '../invoices/present-invoice.ts';
import type { GatewaySource } from '../payments/gateway-credentials.ts';
import { uncreditedOf } from './amounts.ts';
import { creditNoteMail } from './credit-note-mail.ts';
import { renderCreditNotePdf, type CreditNoteDocument } from './credit-note-pdf.ts';
import { creditNoteSerial, issueCreditNote } from './issue-credit-note.ts';
import { refundGatewayOf } from './refund-gateway.ts';
import { createRefundNotifications } from './refund-notify.ts';
import { sendRefund } from './refunds.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import { enqueueEtimsDocument } from '../etims/etims-job.ts';
import { PENDING_PRINT, etimsPrintOf, type EtimsPrint } from '../etims/etims-pdf.ts';

type NoteRow = typeof creditNotes.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

export type CreditNoteDeps = {
  db: Db;
  mail: MailService;
  files: FileService;
  cacheTtlMs: number;
  gateways: GatewaySource;
  vms: Pick<VmOperatorActions, 'endService' | 'vmOfOrder'>;
  /** Where this server is reached (Ozow's refund notifications). */
  publicUrl: string;
  /** Enqueues a Kenyan entity's credit note for eTIMS (ADR 0121). */
  queue?: JobQueue;
};

const GATEWAY_NAMES: Record<string, string> = { paypal: 'PayPal', payfast: 'PayFast', ozow: 'Ozow', pesapal: 'Pesapal' };

/** How a refund reads on the credit note and in its mail. */
function refundText(
  refund: Pick<RefundRow, 'method' | 'amount' | 'currency' | 'chargedAmount' | 'chargedCurrency' | 'status'> | undefined,
) {
  if (!refund || refund.status === 'failed') return null;
  const charged = refund.chargedCurrency === refund.currency ? '' : ` (${refund.chargedCurrency} ${refund.chargedAmount})`;
  const gateway = GATEWAY_NAMES[refund.method];
  return gateway
    ? `${refund.currency} ${refund.amount} through ${gateway}${charged}`
    : `${refund.currency} ${refund.amount} by bank transfer (EFT)`;
}

/** Credit notes of invoices and their refunds (issue 18, point 3): issue, list, PDFs for the console and the customer. */
export function createCreditNoteService(deps: CreditNoteDeps) {
  const { db } = deps;
  const logoOf = createInvoiceLogos(deps.files, deps.cacheTtlMs);

  /** What the PDF needs besides the note: the VM's label and the logo (read before a transaction: PGlite has one connection). */
  async function looksOf(found: CreditableInvoice) {
    const label = (await orderVmLabels(db, found.invoice.companyId, [found.order.id]))(found.order);
    const description =
      label.vmName && label.vmName !== found.order.productName ? `${label.vmName} (${found.order.productName})` : found.order.productName;
    return { description, logo: await logoOf(found.invoice.companyId, found.invoice.seller.imagePath) };
  }
  type Looks = Awaited<ReturnType<typeof looksOf>>;

  function documentOf(found: CreditableInvoice, note: NoteRow, refund: RefundRow | undefined, looks: Looks): CreditNoteDocument {
    const { invoice, order } = found;
    return {
      serialNumber: creditNoteSerial(invoice.seller.seriesPrefix, note.number),
      issuedAt: note.issuedAt,
      reason: note.reason,
      currency: note.currency,
      amountExclVat: note.amountExclVat,
      vat: note.vat,
      total: note.total,
      vatPercent: order.taxPercent,
      invoiceSerialNumber: serialNumberOf(invoice),
      invoiceIssuedAt: invoice.issuedAt,
      orderId: order.id,
      description: looks.description,
      seller: invoice.seller,
      buyer: invoice.buyer,
      proforma: invoice.proforma,
      refund: refundText(refund),
    };
  }

  /** The mailed PDF is the original; every download (customer or console) is marked a copy. */
  async function render(
    found: CreditableInvoice,
    note: NoteRow,
    refund: RefundRow | undefined,
    copy: boolean,
    given?: Looks,
    inTx?: EtimsPrint | null,
  ) {
    const looks = given ?? (await looksOf(found));
    const document = documentOf(found, note, refund, looks);
    // Inside the issuing transaction the stamp is known (pending): the database is not read beside it.
    const etims = inTx !== undefined ? inTx : await etimsPrintOf(db, found.invoice.id, note.id);
    const bytes = await renderCreditNotePdf(document, { logo: looks.logo, copy, etims });
    return { bytes, number: document.serialNumber };
  }

  async function notesOf(invoiceId: number) {
    const notes = await db.select().from(creditNotes).where(eq(creditNotes.invoiceId, invoiceId)).orderBy(asc(creditNotes.number));
    const paid = notes.length
      ? await db
          .select()
          .from(refunds)
          .where(
            inArray(
              refunds.creditNoteId,
              notes.map((n) => n.id),
            ),
          )
      : [];
    return notes.map((note) => ({ note, refund: paid.find((r) => r.creditNoteId === note.id) }));
  }

  async function forOrder(companyId: number, orderId: number): Promise<OrderCreditNotes> {
    const found = await creditableInvoiceOf(db, companyId, orderId);
    if (!found) throw AppError.notFound(texts.invoiceNotFound);
    const notes = await notesOf(found.invoice.id);
    const left = uncreditedOf(
      found.order,
      notes.map((n) => n.note),
    );
    return {
      invoiceSerialNumber: serialNumberOf(found.invoice),
      currency: found.order.currency,
      invoiceTotal: found.order.total,
      uncredited: left.total.toFixed(2),
      refundThrough: (await refundGatewayOf(deps.gateways, companyId, found.attempt)) ?? 'manual',
      hasVm: found.order.kind === 1 && (await deps.vms.vmOfOrder(db, companyId, orderId)) !== undefined,
      creditNotes: notes.map(({ note, refund }) => ({
        id: note.id,
        serialNumber: creditNoteSerial(found.invoice.seller.seriesPrefix, note.number),
        issuedAt: note.issuedAt.toISOString(),
        reason: note.reason,
        currency: note.currency,
        amountExclVat: note.amountExclVat,
        vat: note.vat,
        total: note.total,
        serviceAction: note.serviceAction,
        refund: refund
          ? {
              method: GATEWAY_NAMES[refund.method] ? (refund.method as 'paypal' | 'payfast' | 'ozow' | 'pesapal') : 'manual',
              status: refund.status,
              amount: refund.amount,
              currency: refund.currency,
              chargedAmount: refund.chargedAmount,
              chargedCurrency: refund.chargedCurrency,
              gatewayReference: refund.gatewayReference,
            }
          : null,
      })),
    };
  }

  /** Issues the credit note (with its mail, PDF attached), then sends a gateway refund; the message says how it went. */
  async function issue(operator: Operator, companyId: number, orderId: number, request: IssueCreditNoteRequest) {
    const known = await creditableInvoiceOf(db, companyId, orderId);
    if (!known) throw AppError.notFound(texts.invoiceNotFound);
    const looks = await looksOf(known);
    const refundVia = request.refund === 'gateway' ? await refundGatewayOf(deps.gateways, companyId, known.attempt) : null;
    const issued = await db.transaction((tx) =>
      issueCreditNote(tx, deps.vms, { operator, companyId, orderId, request, refundVia }, async (tx, made) => {
        const found = (await creditableInvoiceOf(tx, companyId, orderId))!;
        const toEtims = await enqueueEtimsDocument(tx, deps.queue, { invoiceId: found.invoice.id, creditNoteId: made.creditNoteId });
        const [note] = await tx.select().from(creditNotes).where(eq(creditNotes.id, made.creditNoteId));
        const [refund] = made.refundId ? await tx.select().from(refunds).where(eq(refunds.id, made.refundId)) : [];
        const pdf = await render(found, note!, refund, false, looks, toEtims === null ? null : PENDING_PRINT);
        const account = await createCustomerAccounts(tx).byId(companyId, found.invoice.customerId);
        if (!account) return;
        const content = creditNoteMail(
          account.firstName,
          {
            serialNumber: made.serialNumber,
            invoiceSerialNumber: serialNumberOf(found.invoice),
            total: `${note!.currency} ${note!.total}`,
            reason: note!.reason,
            refund: refundText(refund),
          },
          account.language,
        );
        await deps.mail.enqueue(
          {
            companyId,
            to: account.email,
            ...content,
            attachments: [
              {
                filename: `credit-note-${pdf.number.replace(/[^A-Za-z0-9_-]/g, '-')}.pdf`,
                contentType: 'application/pdf',
                contentBase64: pdf.bytes.toString('base64'),
              },
            ],
          },
          { db: sqlOf(tx) },
        );
      }),
    );
    const sent =
      issued.refundMethod && issued.refundMethod !== 'manual' && issued.refundId
        ? await sendRefund(db, deps.gateways, issued.refundId, deps.publicUrl)
        : null;
    const message =
      sent?.state === 'pending'
        ? texts.issuedRefundPending
        : sent?.state === 'failed'
          ? sent.refusal
            ? texts.issuedRefundRefused
            : texts.issuedRefundFailed
          : texts.issued;
    return {
      data: await forOrder(companyId, orderId),
      message: fill(message, { number: issued.serialNumber, reason: sent?.refusal ?? '' }),
    };
  }

  /** The console's PDF of one of the order's credit notes. */
  async function consolePdf(companyId: number, orderId: number, creditNoteId: number) {
    const found = await creditableInvoiceOf(db, companyId, orderId);
    const entry = found && (await notesOf(found.invoice.id)).find((n) => n.note.id === creditNoteId);
    if (!found || !entry) throw AppError.notFound(texts.creditNoteNotFound);
    return render(found, entry.note, entry.refund, true);
  }

  /** The customer's PDF by its token; anyone else's, or none, is 404. */
  async function customerPdf(companyId: number, customerId: number, token: string, notFound: string) {
    const [note] = await db
      .select()
      .from(creditNotes)
      .where(and(eq(creditNotes.token, token), eq(creditNotes.companyId, companyId), eq(creditNotes.customerId, customerId)));
    const found = note && (await creditableInvoiceByInvoice(note));
    if (!note || !found) throw AppError.notFound(notFound);
    const [refund] = await db.select().from(refunds).where(eq(refunds.creditNoteId, note.id));
    return render(found, note, refund, true);
  }

  async function creditableInvoiceByInvoice(note: NoteRow) {
    const [invoice] = await db.select({ orderId: invoices.orderId }).from(invoices).where(eq(invoices.id, note.invoiceId));
    return invoice && creditableInvoiceOf(db, note.companyId, invoice.orderId);
  }

  const refundNotifications = createRefundNotifications({ db, gateways: deps.gateways });

  return { forOrder, issue, consolePdf, customerPdf, refundNotifications };
}

export type CreditNoteService = ReturnType<typeof createCreditNoteService>;
