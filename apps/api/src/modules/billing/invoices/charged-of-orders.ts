import { and, eq, inArray } from 'drizzle-orm';
import type { ChargedPayment } from '@mawingu/contracts/invoices';
import type { Db } from '../../../db/client.ts';
import { paymentAttempts } from '../../../db/schema.ts';
import { chargedOf } from './charged.ts';

/**
 * What each of a company's paid orders was charged in another currency than its own (PayPal's USD
 * for a rand order), from its paying attempt (ADR 0096): for lists other domains show (Renewals).
 * Orders charged in their own currency, or not paid, are absent from the map.
 */
export async function chargedOfOrders(
  db: Db,
  companyId: number,
  orders: { id: number; currency: string }[],
): Promise<Map<number, ChargedPayment>> {
  const found = new Map<number, ChargedPayment>();
  if (orders.length === 0) return found;
  const currencyOf = new Map(orders.map((o) => [o.id, o.currency]));
  const paid = await db
    .select({
      orderId: paymentAttempts.orderId,
      amount: paymentAttempts.amount,
      currency: paymentAttempts.currency,
      exchangeRate: paymentAttempts.exchangeRate,
    })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.companyId, companyId),
        inArray(paymentAttempts.orderId, [...currencyOf.keys()]),
        eq(paymentAttempts.status, 'paid'),
      ),
    );
  for (const attempt of paid) {
    const charged = chargedOf(currencyOf.get(attempt.orderId)!, attempt);
    if (charged) found.set(attempt.orderId, charged);
  }
  return found;
}
