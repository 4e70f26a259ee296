import type { GatewayKey } from '@mawingu/contracts/purchase';
import type { CreditableInvoice } from '../invoices/invoice-store.ts';
import type { GatewaySource } from '../payments/gateway-credentials.ts';
import { refundableAttempt } from './issue-credit-note.ts';
import { isGatewayRefund } from './refunds.ts';

/**
 * The gateway whose refund API can send this payment back (ADR 0127): the paying attempt's, when
 * it is paid and the company's account there has a refund call (PayPal; PayFast on the live host;
 * Ozow with an API key; Pesapal). Null: the payment is refunded by hand (EFT). Read before the
 * credit note's transaction (the account's credentials are read from the database).
 */
export async function refundGatewayOf(
  gateways: GatewaySource,
  companyId: number,
  attempt: CreditableInvoice['attempt'],
): Promise<GatewayKey | null> {
  if (!attempt || !refundableAttempt(attempt) || !isGatewayRefund(attempt.gateway)) return null;
  const adapter = await gateways.adapterFor(companyId, attempt.gateway).catch(() => undefined);
  return adapter?.refund ? attempt.gateway : null;
}
