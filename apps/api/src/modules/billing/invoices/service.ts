import type { InvoiceData } from '@mawingu/contracts/invoices';
import { messages } from '@mawingu/contracts/messages';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import type { FileService } from '../../tenant/index.ts';
import { createInvoiceLogos } from './invoice-logo.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { etimsPrintOf } from '../etims/etims-pdf.ts';
import { findInvoiceOf, isOriginalDelivery } from './invoice-store.ts';
import { presentInvoice } from './present-invoice.ts';
import { purchaseHistory } from './purchase-history.ts';

/** Invoices of one customer (generateInvoice, the PDF) and their purchase history. */
export function createInvoiceService(db: Db, files: FileService, cacheTtlMs: number) {
  const logoOf = createInvoiceLogos(files, cacheTtlMs);

  async function load(companyId: number, customerId: number, token: string) {
    const record = await findInvoiceOf(db, companyId, customerId, token);
    if (!record) throw AppError.notFound(messages.invoiceNotFound);
    return record;
  }

  /** The invoice behind `token` for its owner; anyone else's, or none, is 404 invoiceNotFound. */
  async function invoice(companyId: number, customerId: number, token: string): Promise<InvoiceData> {
    return presentInvoice(await load(companyId, customerId, token));
  }

  /**
   * The same invoice as an A4 PDF, with the time it took to render. The customer's first download
   * is the original; what they download again later, and whatever the console reads, is marked
   * "Copy" (ADR 0111).
   */
  async function pdf(companyId: number, customerId: number, token: string, reader: 'customer' | 'console' = 'console') {
    const record = await load(companyId, customerId, token);
    const copy = reader === 'console' || !(await isOriginalDelivery(db, record.invoice.id));
    const data = presentInvoice(record);
    const logo = await logoOf(companyId, data.companyDetail.imagePath);
    const started = performance.now();
    const etims = await etimsPrintOf(db, record.invoice.id);
    const bytes = await renderInvoicePdf(data, { logo, accent: record.company.brandColor, copy, etims });
    return {
      bytes,
      number: data.invoiceDetail.serialNumber,
      proforma: data.invoiceDetail.isTestTransaction === 1,
      copy,
      renderMs: performance.now() - started,
    };
  }

  return {
    invoice,
    pdf,
    history: (companyId: number, customerId: number) => purchaseHistory(db, companyId, customerId),
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
