import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentAttempts } from '../../../db/schema.ts';
import { openWorld, type World } from './payments.test-helper.ts';

let w: World;
let buyer: Awaited<ReturnType<World['customer']>>;
beforeAll(async () => {
  w = await openWorld();
  buyer = await w.customer(w.ids.acme);
});
afterAll(() => w.close());

const age = (orderId: number, minutes: number) =>
  w.db
    .update(paymentAttempts)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(paymentAttempts.orderId, orderId));

describe('payment reconciliation', () => {
  it('captures a PayPal order the payer approved but never came back from, once', async () => {
    const orderId = await w.order(buyer, 'ubuntu', 'Paypal Payment');
    const data = (await w.start(buyer, orderId)).body.data;
    await w.payRedirect(data.start.url, 'pay'); // approved; the browser never returns
    expect(await w.t.modules.billing.payments.reconciler.run()).toBe(0); // too early to ask
    await age(orderId, 20);
    expect(await w.t.modules.billing.payments.reconciler.run()).toBe(1);
    await w.expectPaidOnce(buyer, orderId);
    expect(await w.t.modules.billing.payments.reconciler.run()).toBe(0);
  });

  it('leaves a young unanswered attempt alone and fails one with no answer after a day; a genuine late ITN still pays', async () => {
    const orderId = await w.order(buyer);
    const data = (await w.start(buyer, orderId)).body.data;
    await age(orderId, 20);
    await w.t.modules.billing.payments.reconciler.run();
    expect((await w.attemptsOf(orderId))[0]!.status).toBe('started');
    await age(orderId, 25 * 60);
    await w.t.modules.billing.payments.reconciler.run();
    expect((await w.attemptsOf(orderId))[0]!.status).toBe('failed');
    await w.expectUnpaid(orderId, 'failed');
    await w.payForm(data.start, 'pay');
    await w.expectPaidOnce(buyer, orderId);
  });
});
