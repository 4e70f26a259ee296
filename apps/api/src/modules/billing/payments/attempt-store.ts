import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { paymentAttempts, type AttemptState } from '../../../db/schema.ts';
import type { ClaimedReference, ExpectedPayment } from '../../../integrations/payments/payment-gateway.ts';
import { isCustomersOrder } from '../../orders/index.ts';

export type AttemptRow = typeof paymentAttempts.$inferSelect;
/** manual: an operator's reconciliation of money that reached the company outside a gateway message. */
export type AttemptGateway = 'payfast' | 'ozow' | 'pesapal' | 'paypal' | 'bypass' | 'manual';

/**
 * A new reference per attempt: the order's 32 hex characters, a dash and 8 more (41 ≤ 50, every
 * gateway's limit). Random rather than counted, so two concurrent starts never collide.
 */
export const attemptReferenceOf = (orderReference: string) => `${orderReference}-${randomBytes(4).toString('hex')}`;

export async function createAttempt(
  db: Db,
  input: {
    companyId: number;
    orderId: number;
    gateway: AttemptGateway;
    reference: string;
    amount: string;
    currency: string;
    /** Set when `currency` is not the order's: 1 unit of the order's currency in it. */
    exchangeRate?: string | null;
    test: boolean;
  },
): Promise<AttemptRow> {
  const [row] = await db.insert(paymentAttempts).values(input).returning();
  return row!;
}

/** The gateway's own id, once the checkout gave one (PayPal order id, Pesapal tracking id). */
export async function setGatewayReference(db: Db, attemptId: number, gatewayReference: string): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ gatewayReference, updatedAt: sql`now()` })
    .where(eq(paymentAttempts.id, attemptId));
}

/** A checkout the gateway refused to start: nothing was charged. */
export async function markStartFailed(db: Db, attemptId: number): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({
      status: 'failed' satisfies AttemptState,
      gatewayStatus: 'START_FAILED',
      updatedAt: sql`now()`,
    })
    .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.status, 'started')));
}

export async function attemptById(db: Db, id: number): Promise<AttemptRow | undefined> {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id));
  return row;
}

/**
 * The attempt a gateway message claims (unverified): by our reference when it names one, else by
 * the gateway's id. Only attempts of that gateway: a PayFast ITN can never settle an Ozow attempt.
 */
export async function attemptOfClaim(db: Db, gateway: AttemptGateway, claimed: ClaimedReference): Promise<AttemptRow | undefined> {
  const where = claimed.orderReference
    ? eq(paymentAttempts.reference, claimed.orderReference)
    : claimed.gatewayReference
      ? eq(paymentAttempts.gatewayReference, claimed.gatewayReference)
      : undefined;
  if (!where) return undefined;
  // No reference of ours holds a NUL (nor could PostgreSQL compare one): a message claiming one is not ours.
  if (`${claimed.orderReference ?? ''}${claimed.gatewayReference ?? ''}`.includes('\u0000')) return undefined;
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.gateway, gateway), where))
    .orderBy(desc(paymentAttempts.id))
    .limit(1);
  return row;
}

/** What a result page may name an attempt by. */
export type AttemptLookup = {
  reference?: string;
  paypalToken?: string;
  orderId?: number;
};

/**
 * One of the customer's attempts in this company, found by what the result page sent; an order id
 * alone gives the order's latest attempt. Anyone else's attempt is not found (the caller answers 404).
 */
export async function attemptOfCustomer(
  db: Db,
  companyId: number,
  customerId: number,
  lookup: AttemptLookup,
): Promise<AttemptRow | undefined> {
  const conditions: SQL[] = [eq(paymentAttempts.companyId, companyId)];
  if (lookup.reference) conditions.push(eq(paymentAttempts.reference, lookup.reference));
  else if (lookup.paypalToken)
    conditions.push(eq(paymentAttempts.gateway, 'paypal'), eq(paymentAttempts.gatewayReference, lookup.paypalToken));
  else if (lookup.orderId === undefined) return undefined;
  if (lookup.orderId !== undefined) conditions.push(eq(paymentAttempts.orderId, lookup.orderId));
  // The newest matching attempt of an order that is the customer's (orders says whose it is).
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(and(...conditions, isCustomersOrder(companyId, customerId, paymentAttempts.orderId)))
    .orderBy(desc(paymentAttempts.id))
    .limit(1);
  return attempt;
}

/** What the gateway must confirm for this attempt. */
export function expectedOf(attempt: AttemptRow): ExpectedPayment {
  return {
    orderReference: attempt.reference,
    ...(attempt.gatewayReference ? { gatewayReference: attempt.gatewayReference } : {}),
    amount: attempt.amount,
    currency: attempt.currency,
  };
}
