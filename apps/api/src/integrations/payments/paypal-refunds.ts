import { formatAmount } from './amount.ts';
import { GatewayRequestError, type RefundRequest, type RefundResult } from './payment-gateway.ts';
import { PayPalApiError, type PayPalClient, type PayPalRefund } from './paypal-client.ts';

/** PayPal's refund states (Payments v2) as ours; CANCELLED is money that did not go back. */
const STATES: Record<string, RefundResult['status']> = {
  COMPLETED: 'completed',
  PENDING: 'pending',
  FAILED: 'failed',
  CANCELLED: 'failed',
};

function resultOf(refund: PayPalRefund, raw: unknown): RefundResult {
  const word = refund.status ?? 'UNKNOWN';
  const status = STATES[word];
  if (!status || !refund.id) throw new GatewayRequestError('paypal', `refund answered status ${word}${refund.id ? '' : ' without an id'}`);
  return { status, refundId: refund.id, gatewayStatus: word, raw };
}

/**
 * Refunds through PayPal (Payments v2): the capture of the attempt's order is read from the order
 * (GET /v2/checkout/orders/{id}), then POST /v2/payments/captures/{capture}/refund with the amount
 * (a partial refund; several may follow up to the captured amount) and PayPal-Request-Id from our
 * refund's reference, so a retry after a lost answer gets the first refund back, never a second.
 * A business refusal (422: already refunded, amount above what is left) is a 'failed' refund.
 */
export function createPayPalRefunds(client: PayPalClient) {
  async function refund(req: RefundRequest): Promise<RefundResult> {
    const order = await client.getOrder(req.gatewayReference);
    const captureId = order.purchase_units?.[0]?.payments?.captures?.[0]?.id;
    if (!captureId) throw new GatewayRequestError('paypal', `order ${req.gatewayReference} has no capture to refund`);
    try {
      const refunded = await client.refundCapture(
        captureId,
        { amount: { currency_code: req.currency, value: formatAmount(req.amount) }, note_to_payer: req.note.slice(0, 255) },
        `refund-${req.reference}`.slice(0, 108),
      );
      return resultOf(refunded, { captureId, refund: refunded });
    } catch (err) {
      if (err instanceof PayPalApiError && err.httpStatus === 422) {
        return {
          status: 'failed',
          refundId: '',
          gatewayStatus: err.issue ?? 'UNPROCESSABLE_ENTITY',
          raw: { captureId, error: err.message },
        };
      }
      throw err;
    }
  }

  async function refundStatus(refundId: string): Promise<RefundResult> {
    const found = await client.getRefund(refundId);
    return resultOf(found, { refund: found });
  }

  return { refund, refundStatus };
}
