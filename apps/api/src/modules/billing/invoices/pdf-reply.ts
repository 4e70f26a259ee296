import type { FastifyReply } from 'fastify';
import type { InvoiceService } from './service.ts';

type InvoicePdf = Pick<Awaited<ReturnType<InvoiceService['pdf']>>, 'bytes' | 'number' | 'proforma'>;

/**
 * Sends a billing document's PDF shown inline as `<kind>-<number>.pdf`; never cached, never sniffed.
 * The number's prefix is the operator's ("KE-"): only safe characters reach the header.
 */
export function sendPdf(res: FastifyReply, bytes: Buffer, kind: string, number: string) {
  const name = `${kind}-${number.replace(/[^A-Za-z0-9_-]/g, '-')}.pdf`;
  return res
    .header('content-type', 'application/pdf')
    .header('content-length', bytes.length)
    .header('content-disposition', `inline; filename="${name}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(bytes);
}

/**
 * Sends an invoice's PDF, named as the customer saves it (`invoice-<serial number>.pdf`, or
 * `proforma-invoice-…` for a test payment). The customer's and the console's PDF routes all answer
 * through this.
 */
export function sendInvoicePdf(res: FastifyReply, pdf: InvoicePdf) {
  return sendPdf(res, pdf.bytes, pdf.proforma ? 'proforma-invoice' : 'invoice', String(pdf.number));
}
