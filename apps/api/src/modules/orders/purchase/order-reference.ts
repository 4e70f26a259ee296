import { randomBytes } from 'node:crypto';

/**
 * An order's reference for the gateways: 128 random bits as 32 lower-case hex characters. Hex is
 * accepted by every gateway's reference field (PayFast m_payment_id, Ozow TransactionReference,
 * Pesapal id ≤ 50, PayPal reference_id) and leaves room for an attempt suffix ("-2").
 */
export function newOrderReference(): string {
  return randomBytes(16).toString('hex');
}
