import type { FastifyReply } from 'fastify';
import type { InvoiceService } from './service.ts';

type InvoicePdf = Pick<Awaited<ReturnType<InvoiceService['pdf']>>, 'bytes' | 'number' | 'proforma'>;

/**
 * Sends an invoice's PDF shown inline, named as the customer saves it (`invoice-<serial number>.pdf`, or
 * `proforma-invoice-…` for a test payment); never cached, never sniffed. The customer's and the
 * console's PDF routes all answer through this.
 */
export function sendInvoicePdf(res: FastifyReply, pdf: InvoicePdf) {
  // The serial number's prefix is the operator's ("KE-"): only safe characters reach the header.
  const name = `${pdf.proforma ? 'proforma-invoice' : 'invoice'}-${String(pdf.number).replace(/[^A-Za-z0-9_-]/g, '-')}.pdf`;
  return res
    .header('content-type', 'application/pdf')
    .header('content-length', pdf.bytes.length)
    .header('content-disposition', `inline; filename="${name}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(pdf.bytes);
}
