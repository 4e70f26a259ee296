import { formatAmount, sameAmount, toCents } from './amount.ts';
import { refundRefused, type RefundRequest, type RefundResult } from './payment-gateway.ts';
import type { PesapalClient } from './pesapal-client.ts';

/**
 * Pesapal API 3.0 refunds (developer.pesapal.com "Refund Request"; ADR 0127): POST
 * /api/Transactions/RefundRequest with the bearer token of RequestToken and {confirmation_code,
 * amount, username, remarks}; the answer's status is "200" (received: Pesapal's finance team
 * processes it once the merchant approves) or "500" (rejected, with a message). Its limits: only
 * COMPLETED payments, at most what was collected, one refund per payment, a mobile-money payment
 * only in full, in the payment's currency. There is no refund id and no refund notification: the
 * payment turns REVERSED (GetTransactionStatus status_code 3) when the refund is made, which the
 * reconciliation job asks for.
 */
const MOBILE_MONEY = /mpesa|m-pesa|airtel|mtn|tigo|mobile|money|wallet/i;
/** Pesapal's username field: who asked for the refund (our console; the operator is in the audit log). */
const REFUND_USER = 'billing console';

export function createPesapalRefunds(client: PesapalClient) {
  async function refund(req: RefundRequest): Promise<RefundResult> {
    const payment = await client.transactionStatus(req.gatewayReference);
    const code = payment.confirmation_code ?? '';
    // Already reversed: the refund asked for earlier (whose answer was lost) was made.
    if (payment.status_code === 3 && req.resend) return { status: 'completed', refundId: code, gatewayStatus: 'REVERSED', raw: payment };
    if (payment.status_code !== 1 || !code)
      return refundRefused(
        `Pesapal refunds only COMPLETED payments; this one is ${payment.payment_status_description ?? 'not completed'}.`,
        String(payment.payment_status_description ?? 'INVALID'),
        payment,
      );
    if (!req.resend && toCents(req.refundedBefore ?? '0') !== 0n)
      return refundRefused('Pesapal allows one refund per payment, and this payment has one already.', 'ONE_REFUND_ONLY', payment);
    const paid = String(payment.amount ?? req.paid ?? '');
    if (MOBILE_MONEY.test(payment.payment_method ?? '') && !sameAmount(Number(paid).toFixed(2), req.amount))
      return refundRefused(
        `Pesapal refunds a mobile-money payment (${payment.payment_method}) only in full: ${Number(paid).toFixed(2)}.`,
        'MOBILE_FULL_ONLY',
        payment,
      );
    const answer = await client.refundRequest({
      confirmation_code: code,
      amount: formatAmount(req.amount),
      username: REFUND_USER,
      remarks: req.note.slice(0, 250),
    });
    if (answer.status === '200') return { status: 'pending', refundId: code, gatewayStatus: 'REFUND_REQUESTED', raw: answer.raw };
    // A resend refused: the first request may have been received (one refund per payment); the status query settles it.
    if (req.resend) return { status: 'pending', refundId: code, gatewayStatus: `REFUSED_ON_RESEND: ${answer.message}`, raw: answer.raw };
    return refundRefused(`Pesapal refused the refund: ${answer.message.replace(/\.+$/, '')}.`, `REFUSED ${answer.status}`, answer.raw);
  }

  /** The payment REVERSED means the refund was made; still COMPLETED means it waits for the merchant's approval. */
  async function refundStatus(refundId: string, req: RefundRequest): Promise<RefundResult> {
    const payment = await client.transactionStatus(req.gatewayReference);
    const word = String(payment.payment_status_description ?? payment.status_code ?? '');
    return { status: payment.status_code === 3 ? 'completed' : 'pending', refundId, gatewayStatus: word, raw: payment };
  }

  return { refund, refundStatus };
}
