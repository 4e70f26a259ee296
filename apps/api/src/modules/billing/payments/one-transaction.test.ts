import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsAdminMessages } from '@mawingu/contracts/admin/payments';
import { adminCall, signInOperator } from '../../../../test/operator-sign-in.ts';
import { paymentAttempts } from '../../../db/schema.ts';
import { LOCAL_OZOW_SITE } from '../../../integrations/payments/gateway-settings.ts';
import { responseHash } from '../../../integrations/payments/ozow-hash.ts';
import { openWorld, type World } from './payments.test-helper.ts';

/**
 * One gateway transaction pays one order (issue 13, point 5): the review paid two orders with one
 * genuine Ozow transaction. The adapter checks Ozow's own record against the attempt; the database
 * holds (gateway, gateway transaction id) unique; a clash is a refused duplicate, never a 500.
 */
let w: World;
let buyer: Awaited<ReturnType<World['customer']>>;
beforeAll(async () => {
  w = await openWorld();
  buyer = await w.customer(w.ids.acme);
});
afterAll(() => w.close());

const queryOf = (location: string) => [...new URL(location).searchParams];
const settle = (attemptId: number, gatewayReference: string) =>
  w.t.modules.billing.payments.settlement.settle(
    attemptId,
    { status: 'paid', gatewayReference, gatewayStatus: 'Complete', test: true },
    'notification',
    { test: 'one-transaction' },
  );

/** An order with a started Ozow attempt, not paid. */
async function startedOzowOrder() {
  const orderId = await w.order(buyer, 'ubuntu', 'Ozow Payment');
  const data = (await w.start(buyer, orderId)).body.data;
  const [attempt] = await w.attemptsOf(orderId);
  return { orderId, data, attempt: attempt! };
}

describe('one Ozow transaction pays one order', () => {
  it('a genuine Complete transaction of another order of the same amount, re-signed for this one, is refused and recorded', async () => {
    const first = await startedOzowOrder();
    const paidFields = queryOf(await w.payForm(first.data.start, 'pay'));
    await w.expectPaidOnce(buyer, first.orderId);

    const second = await startedOzowOrder();
    // Whoever holds the site's private key signs the first order's real result for the second one.
    const pairs = paidFields
      .filter(([k]) => k !== 'Hash')
      .map(([k, v]): [string, string] => [k, k === 'TransactionReference' ? second.data.transactionReference : v]);
    const forged = new URLSearchParams([...pairs, ['Hash', responseHash(pairs, LOCAL_OZOW_SITE.privateKey)]]);
    const res = await fetch(`${w.origin}/api/payments/ozow/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: forged,
    });
    expect(res.status).toBe(200);
    // The browser return with the same fields is refused too: Error on the page, nothing paid.
    expect((await w.update(buyer, Object.fromEntries(forged))).body.data.transactionStatus).toBe('Error');
    await w.expectUnpaid(second.orderId, 'created');
    const events = await w.eventsOf(second.orderId);
    expect(events.map((e) => [e.channel, e.outcome, e.reason?.split(':')[0]])).toEqual([
      ['notification', 'refused', 'reference'],
      ['return', 'refused', 'reference'],
    ]);
    expect((await w.attemptsOf(second.orderId))[0]).toMatchObject({ status: 'started', gatewayReference: null });
  });
});

describe('unique (gateway, gateway transaction id)', () => {
  it('a second attempt settled with a transaction id another attempt holds is a refused duplicate: nothing paid', async () => {
    const first = await startedOzowOrder();
    const second = await startedOzowOrder();
    expect(await settle(first.attempt.id, 'OZ-TXN-0001')).toBe('paid');
    expect(await settle(second.attempt.id, 'OZ-TXN-0001')).toBe('duplicate');
    await w.expectUnpaid(second.orderId, 'created');
    const [event] = await w.eventsOf(second.orderId);
    expect(event).toMatchObject({
      outcome: 'duplicate',
      reason: `refused: ozow transaction OZ-TXN-0001 already belongs to attempt ${first.attempt.id}`,
    });
    // The same transaction again on its own attempt is an ordinary duplicate.
    expect(await settle(first.attempt.id, 'OZ-TXN-0001')).toBe('duplicate');
    // Another gateway may use the same id: the pair is unique, not the id.
    const payfast = await w.order(buyer);
    expect((await w.start(buyer, payfast)).http).toBe(200);
    const [pfAttempt] = await w.attemptsOf(payfast);
    expect(await settle(pfAttempt!.id, 'OZ-TXN-0001')).toBe('paid');
  });

  it('two attempts settled at once with the same transaction id: exactly one order is paid', async () => {
    const a = await startedOzowOrder();
    const b = await startedOzowOrder();
    const outcomes = await Promise.all([settle(a.attempt.id, 'OZ-TXN-RACE'), settle(b.attempt.id, 'OZ-TXN-RACE')]);
    expect(outcomes.sort()).toEqual(['duplicate', 'paid']);
    const paid = [await w.orderRow(a.orderId), await w.orderRow(b.orderId)].filter((o) => o.paidAt !== null);
    expect(paid).toHaveLength(1);
  });

  it('the database itself refuses a second attempt with the same gateway transaction id', async () => {
    const a = await startedOzowOrder();
    const b = await startedOzowOrder();
    await w.db.update(paymentAttempts).set({ gatewayReference: 'OZ-TXN-DB' }).where(eq(paymentAttempts.id, a.attempt.id));
    await expect(
      w.db.update(paymentAttempts).set({ gatewayReference: 'OZ-TXN-DB' }).where(eq(paymentAttempts.id, b.attempt.id)),
    ).rejects.toThrow();
  });

  it('an operator reconciling with a transaction id that already paid another order gets a 400 naming it', async () => {
    const admin = await signInOperator(w.t, 'admin', w.ids.acme);
    const first = await startedOzowOrder();
    expect(await settle(first.attempt.id, 'OZ-TXN-MANUAL')).toBe('paid');
    const second = await startedOzowOrder();
    const res = await adminCall(w.t, admin, 'POST', `/companies/${w.ids.acme}/orders/${second.orderId}/reconcile`, {
      action: 'paid',
      attemptId: second.attempt.id,
      gatewayReference: 'OZ-TXN-MANUAL',
      reason: 'EFT received, bank ref ABSA 1',
    });
    expect(res.http).toBe(400);
    expect(res.body.data.fieldErrors).toEqual({ gatewayReference: paymentsAdminMessages.referenceTaken });
    await w.expectUnpaid(second.orderId, 'created');
  });
});
