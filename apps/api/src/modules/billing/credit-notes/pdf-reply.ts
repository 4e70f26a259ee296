import type { FastifyReply } from 'fastify';
import { sendPdf } from '../invoices/pdf-reply.ts';

/** Sends a credit note's PDF inline as `credit-note-<number>.pdf`. */
export function sendCreditNotePdf(res: FastifyReply, pdf: { bytes: Buffer; number: string }) {
  return sendPdf(res, pdf.bytes, 'credit-note', pdf.number);
}
