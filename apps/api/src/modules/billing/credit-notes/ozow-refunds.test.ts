import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OZOW_TEST_SITE, ozowTestSiteEnv, startFakeOzow, type RunningFakeOzow } from '../../../../../../tools/fakes/ozow.ts';
import { postForm } from '../../../../../../tools/fakes/gateway-fake-kit.ts';
import { createOzowRefunds, ozowRefundHashCheck } from '../../../integrations/payments/ozow-refunds.ts';
import { openWorld, type World } from '../payments/payments.test-helper.ts';
import { refundDesk, throughGateway, wholeThroughGateway } from './gateway-refunds.test-helper.ts';

/**
 * Issue 18 point 3, ADR 0127: a credit note refunded through Ozow's Refund API at the fake on its
 * own port. Ozow pays refunds in batches: the refund is pending until Ozow's signed notification
 * (verified like a payment's, settled once) or the reconciliation job's status query says how it ended.
 */
let w: World;
let ozow: RunningFakeOzow;
let desk: Awaited<ReturnType<typeof refundDesk>>;
beforeAll(async () => {
  ozow = await startFakeOzow();
  w = await openWorld(ozowTestSiteEnv(ozow.url));
  desk = await refundDesk(w);
});
afterAll(async () => {
  await w.close();
  await ozow.close();
});

/** R2,522.25 paid at the fake; returns the order and Ozow's TransactionId. */
async function paid(): Promise<{ orderId: number; transactionId: string }> {
  const orderId = await w.order(desk.buyer, 'ubuntu', 'Ozow Payment');
  const data = (await w.start(desk.buyer, orderId)).body.data;
  const back = await desk.payAtFake(data.start, (id) => ozow.complete(id, 'pay'));
  await w.update(desk.buyer, { ...Object.fromEntries(new URL(back).searchParams), paymentMode: 'Ozow Payment' });
  await desk.invoiced(orderId);
  const [attempt] = await w.attemptsOf(orderId);
  return { orderId, transactionId: attempt!.gatewayReference! };
}

const refundsOf = (transactionId: string) => [...ozow.refunds.refunds.values()].filter((r) => r.transactionId === transactionId);

describe('a refund through Ozow', () => {
  let order: { orderId: number; transactionId: string };
  beforeAll(async () => {
    order = await paid();
  });

  it('submits part of the payment with its hash and notify URL: pending until Ozow pays the batch', async () => {
    expect((await desk.read(order.orderId)).refundThrough).toBe('ozow');
    const res = await desk.credit(order.orderId, throughGateway('1000.00'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/^Credit note CN-\d+ issued; the refund is waiting for the gateway\.$/);
    const [made] = refundsOf(order.transactionId);
    expect(made).toMatchObject({ amount: '1000.00', status: 'Pending', notifyUrl: `${w.origin}/api/payments/ozow/refund-notify` });
    expect(res.json().data.creditNotes[0].refund).toMatchObject({ method: 'ozow', status: 'pending', gatewayReference: made!.id });
    // The reconciliation job asks Ozow's refund list: still Pending, nothing changes and nothing new is recorded.
    await desk.reconcileLater();
    expect(await desk.refundOf(order.orderId)).toMatchObject({ status: 'pending' });
    expect(await desk.refundEvents(order.orderId)).toEqual(['refund:pending']);
  });

  it('completes on Ozow’s signed notification, once: a repeated one changes nothing', async () => {
    const [made] = refundsOf(order.transactionId);
    await ozow.refunds.settle(made!.id, 'Complete');
    expect(ozow.refunds.notifications.at(-1)!.status).toBe(200);
    expect(await desk.refundOf(order.orderId)).toMatchObject({ status: 'completed', amount: '1000.00' });
    const again = await postForm(ozow.refunds.notifications.at(-1)!.url, ozow.refunds.notifications.at(-1)!.fields);
    expect(again.status).toBe(200);
    expect(await desk.refundOf(order.orderId)).toMatchObject({ status: 'completed' });
    expect(await desk.refundEvents(order.orderId)).toEqual(['refund:pending', 'notification:refunded', 'notification:duplicate']);
  });

  it('refuses a notification with a forged hash, then learns the result from Ozow’s refund list', async () => {
    const res = await desk.credit(order.orderId, wholeThroughGateway);
    expect(res.json().data.creditNotes[1].refund).toMatchObject({ status: 'pending', amount: '1522.25' });
    const rest = refundsOf(order.transactionId).find((r) => r.amount === '1522.25')!;
    await ozow.refunds.settle(rest.id, 'Complete', { forge: true });
    expect((await desk.refundOf(order.orderId, 1)).status).toBe('pending');
    const events = await desk.refundEvents(order.orderId);
    expect(events.at(-1)).toBe('notification:refused');
    await desk.reconcileLater();
    expect(await desk.refundOf(order.orderId, 1)).toMatchObject({ status: 'completed' });
  });

  it('reports a refund Ozow could not pay as failed, in plain words, on its notification', async () => {
    const other = await paid();
    await desk.credit(other.orderId, throughGateway('300.00'));
    const [made] = refundsOf(other.transactionId);
    await ozow.refunds.settle(made!.id, 'Returned', { message: 'The account no longer exists' });
    expect(await desk.refundOf(other.orderId)).toMatchObject({ status: 'failed' });
  });

  it('sends a refund whose answer was lost again without refunding twice: found in Ozow’s list', async () => {
    const other = await paid();
    ozow.refunds.loseNextAnswer();
    await desk.credit(other.orderId, throughGateway('400.00'));
    expect(await desk.refundOf(other.orderId)).toMatchObject({ status: 'pending', gatewayReference: null });
    await desk.reconcileLater();
    const made = refundsOf(other.transactionId);
    expect(made.map((r) => r.amount)).toEqual(['400.00']);
    expect(await desk.refundOf(other.orderId)).toMatchObject({ status: 'pending', gatewayReference: made[0]!.id });
    await ozow.refunds.settle(made[0]!.id, 'Complete');
    expect(await desk.refundOf(other.orderId)).toMatchObject({ status: 'completed' });
  });
});

describe('the fake refuses what Ozow refuses', () => {
  it('more than is left of the payment, and a wrong HashCheck, refunding nothing', async () => {
    const { transactionId } = await paid();
    const api = createOzowRefunds({ ...OZOW_TEST_SITE, apiUrl: ozow.url });
    const request = {
      gatewayReference: transactionId,
      reference: 'r-1',
      currency: 'ZAR',
      note: 'Returned',
      notifyUrl: 'https://x.example/n',
    };
    const over = await api.refund({ ...request, amount: '2522.26' });
    expect(over).toMatchObject({
      status: 'failed',
      refusal: 'Ozow refused the refund: The refund amount exceeds the amount available for refund on this transaction.',
    });
    const token = (await (
      await fetch(`${ozow.url}/token`, {
        method: 'POST',
        headers: { ApiKey: OZOW_TEST_SITE.apiKey, 'content-type': 'application/x-www-form-urlencoded' },
        body: `grant_type=password&SiteCode=${OZOW_TEST_SITE.siteCode}`,
      })
    ).json()) as { access_token: string };
    const forged = await fetch(`${ozow.url}/secure/refunds/submit`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify([
        {
          TransactionId: transactionId,
          Amount: 10,
          RefundReason: 'x',
          NotifyUrl: '',
          HashCheck: ozowRefundHashCheck(transactionId, '10.00', 'x', '', 'wrong-key'),
        },
      ]),
    });
    expect(await forged.json()).toEqual([{ refundId: null, transactionId, refundAmount: 10, errors: ['Hash check failed.'] }]);
    expect(refundsOf(transactionId)).toHaveLength(0);
  });
});
