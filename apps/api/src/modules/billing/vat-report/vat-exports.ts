import { formatCents } from '@mawingu/contracts/pricing/money';
import type { Db } from '../../../db/client.ts';
import { csvDocument } from '../../../http/csv.ts';
import { exportFilename } from '../../../console/export-filename.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';
import type { VatLedger } from './vat-report.ts';

type Query = { seller: string; from: string; to: string };

const INVOICE_HEADER = [
  'Invoice',
  'Date',
  'Customer',
  'Customer company',
  'Customer VAT number',
  'Order',
  'Currency',
  'VAT rate %',
  'Excl. VAT',
  'VAT',
  'Total',
  'Payment',
  'Transaction ID',
];
const CREDIT_NOTE_HEADER = [
  'Credit note',
  'Date',
  'Invoice',
  'Customer',
  'Customer company',
  'Customer VAT number',
  'Reason',
  'Currency',
  'VAT rate %',
  'Excl. VAT',
  'VAT',
  'Total',
];

/** The seller's calendar day of an instant (the day the document is dated). */
const dayIn = (at: Date, timeZone: string) => at.toLocaleDateString('sv-SE', { timeZone });

/**
 * The accountant's CSV files of one seller and period: every tax invoice, every credit note, with
 * the amounts the report sums (so the files add up to it to the cent). Owners and admins; audited.
 */
export function createVatExports(db: Db, ledger: VatLedger) {
  async function invoicesCsv(actor: Operator, companyId: number, q: Query) {
    const { seller, invoices } = await ledger.documents(companyId, q);
    const body = csvDocument(
      INVOICE_HEADER,
      invoices.map((i) => [
        i.serial,
        dayIn(i.issuedAt, seller.timeZone),
        i.buyer.name,
        i.buyer.companyName,
        i.buyer.vatNumber,
        i.orderId,
        i.currency,
        i.rate,
        formatCents(i.net),
        formatCents(i.vat),
        formatCents(i.gross),
        i.paymentMode,
        i.transactionId,
      ]),
    );
    await recordAudit(db, {
      actor,
      companyId,
      action: 'billing.vat_export',
      targetType: 'invoices',
      targetId: q.seller,
      after: { ...q, rows: invoices.length },
    });
    return { filename: await exportFilename(db, companyId, `invoices-${q.from}-${q.to}`), body };
  }

  async function creditNotesCsv(actor: Operator, companyId: number, q: Query) {
    const { seller, creditNotes } = await ledger.documents(companyId, q);
    const body = csvDocument(
      CREDIT_NOTE_HEADER,
      creditNotes.map((n) => [
        n.serial,
        dayIn(n.issuedAt, seller.timeZone),
        n.invoiceSerial,
        n.buyer.name,
        n.buyer.companyName,
        n.buyer.vatNumber,
        n.reason,
        n.currency,
        n.rate,
        formatCents(n.net),
        formatCents(n.vat),
        formatCents(n.gross),
      ]),
    );
    await recordAudit(db, {
      actor,
      companyId,
      action: 'billing.vat_export',
      targetType: 'credit_notes',
      targetId: q.seller,
      after: { ...q, rows: creditNotes.length },
    });
    return { filename: await exportFilename(db, companyId, `credit-notes-${q.from}-${q.to}`), body };
  }

  return { invoicesCsv, creditNotesCsv };
}
