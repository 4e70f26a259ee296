import type { FastifyReply } from 'fastify';

/** Sends a credit note's PDF inline as `credit-note-<number>.pdf`; never cached, never sniffed. */
export function sendCreditNotePdf(res: FastifyReply, pdf: { bytes: Buffer; number: string }) {
  const name = `credit-note-${pdf.number.replace(/[^A-Za-z0-9_-]/g, '-')}.pdf`;
  return res
    .header('content-type', 'application/pdf')
    .header('content-length', pdf.bytes.length)
    .header('content-disposition', `inline; filename="${name}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(pdf.bytes);
}
