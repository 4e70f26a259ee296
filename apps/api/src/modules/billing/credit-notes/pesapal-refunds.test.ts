import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PESAPAL_SANDBOX_CONSUMER_KEY,
  PESAPAL_SANDBOX_CONSUMER_SECRET,
  startFakePesapal,
  type FakePesapal,
} from '../../../../../../tools/fakes/pesapal.ts';
import { createPesapalClient } from '../../../integrations/payments/pesapal-client.ts';
import { openWorld, type World } from '../payments/payments.test-helper.ts';
import { refundDesk, throughGateway, wholeThroughGateway } from './gateway-refunds.test-helper.ts';

/**
 * Issue 18 point 3, ADR 0127: a credit note refunded through Pesapal's RefundRequest at the fake
 * on its own port. Pesapal takes one refund per COMPLETED payment, a mobile-money payment only in
 * full; a received refund waits for the merchant's approval, and the reconciliation job learns it
 * was made when the payment turns REVERSED.
 */
let w: World;
let pesapal: FakePesapal;
let desk: Awaited<ReturnType<typeof refundDesk>>;
beforeAll(async () => {
  pesapal = await startFakePesapal({ ipnRetryDelayMs: 50 });
  w = await openWorld({
    PESAPAL_CONSUMER_KEY: PESAPAL_SANDBOX_CONSUMER_KEY,
    PESAPAL_CONSUMER_SECRET: PESAPAL_SANDBOX_CONSUMER_SECRET,
    PESAPAL_BASE_URL: pesapal.url,
  });
  desk = await refundDesk(w);
});
afterAll(async () => {
  await w.close();
  await pesapal.close();
});

/** KES 1,934.75 paid at the fake, by card (Visa) or by mobile money; returns the order and its tracking id. */
async function paid(method = 'Visa'): Promise<{ orderId: number; trackingId: string }> {
  const orderId = await w.order(desk.buyer, 'nairobi');
  const started = await w.update(
    desk.buyer,
    { orderID: orderId, callback_url: 'ignored', bankReference: 'VM Purchase', method: 'newOrRenewVM' },
    undefined,
    'submitOrderRequest',
  );
  const trackingId = new URL(started.body.data.redirect_url as string).searchParams.get('OrderTrackingId')!;
  await pesapal.control.decide(trackingId, 'pay', { method });
  await desk.invoiced(orderId);
  return { orderId, trackingId };
}

describe('a refund of a card payment through Pesapal', () => {
  let order: { orderId: number; trackingId: string };
  beforeAll(async () => {
    order = await paid();
  });

  it('requests part of it with the payment’s confirmation code: pending until the merchant approves', async () => {
    expect((await desk.read(order.orderId)).refundThrough).toBe('pesapal');
    const res = await desk.credit(order.orderId, throughGateway('500.00'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/^Credit note \S*CN-\d+ issued; the refund is waiting for the gateway\.$/);
    const code = pesapal.control.orders.get(order.trackingId)!.confirmationCode;
    expect(pesapal.control.refunds.refunds).toEqual([
      expect.objectContaining({ confirmationCode: code, amount: '500.00', username: 'billing console', approved: false }),
    ]);
    expect(res.json().data.creditNotes[0].refund).toMatchObject({
      method: 'pesapal',
      status: 'pending',
      amount: '500.00',
      currency: 'KES',
      gatewayReference: code,
    });
    await desk.reconcileLater();
    expect(await desk.refundOf(order.orderId)).toMatchObject({ status: 'pending' });
  });

  it('completes when the payment is REVERSED, learnt by the reconciliation job', async () => {
    await pesapal.control.refunds.approve(order.trackingId);
    await desk.reconcileLater();
    expect(await desk.refundOf(order.orderId)).toMatchObject({ status: 'completed' });
    expect(await desk.refundEvents(order.orderId)).toEqual(['refund:pending', 'refund:pending', 'refund:refunded']);
  });

  it('refuses a second refund of the payment, in plain words, before anything is written', async () => {
    const other = await paid();
    expect((await desk.credit(other.orderId, throughGateway('100.00'))).statusCode).toBe(200);
    const second = await desk.credit(other.orderId, throughGateway('100.00'));
    expect(second.statusCode).toBe(400);
    expect(second.json().data.fieldErrors.refund).toBe(
      'Pesapal allows one refund per payment, and this payment has one already: record a manual refund (EFT) instead.',
    );
    expect((await desk.read(other.orderId)).creditNotes).toHaveLength(1);
  });
});

describe('a refund whose answer was lost', () => {
  it('is asked again without a second refund: Pesapal’s “already requested” keeps it pending until REVERSED', async () => {
    const { orderId, trackingId } = await paid();
    pesapal.control.refunds.loseNextAnswer();
    await desk.credit(orderId, throughGateway('250.00'));
    expect(await desk.refundOf(orderId)).toMatchObject({ status: 'pending', gatewayReference: null });
    await desk.reconcileLater();
    expect(await desk.refundOf(orderId)).toMatchObject({ status: 'pending' });
    await pesapal.control.refunds.approve(trackingId);
    await desk.reconcileLater();
    expect(await desk.refundOf(orderId)).toMatchObject({ status: 'completed', amount: '250.00' });
    expect(pesapal.control.refunds.refunds.filter((r) => r.trackingId === trackingId)).toHaveLength(1);
    expect((await desk.refundEvents(orderId))[0]).toBe('refund:retry');
  });
});

describe('a mobile-money payment through Pesapal', () => {
  it('is refunded only in full: a part is refused in plain words and nothing is asked of Pesapal', async () => {
    const { orderId } = await paid('MpesaKE');
    const before = pesapal.control.refunds.refunds.length;
    const res = await desk.credit(orderId, throughGateway('100.00'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(
      /^Credit note \S*CN-\d+ issued, but the refund was refused\. Pesapal refunds a mobile-money payment \(MpesaKE\) only in full: 1934\.75\. Record it as a manual refund\.$/,
    );
    expect(await desk.refundOf(orderId)).toMatchObject({ status: 'failed' });
    expect(pesapal.control.refunds.refunds).toHaveLength(before);
  });

  it('is refunded in full, and completes once approved', async () => {
    const { orderId, trackingId } = await paid('MpesaKE');
    const res = await desk.credit(orderId, wholeThroughGateway);
    expect(res.json().data.creditNotes[0].refund).toMatchObject({ status: 'pending', amount: '1934.75' });
    await pesapal.control.refunds.approve(trackingId);
    await desk.reconcileLater();
    expect(await desk.refundOf(orderId)).toMatchObject({ status: 'completed', amount: '1934.75' });
  });
});

describe('the fake refuses what Pesapal refuses', () => {
  it('a second refund, a part of a mobile-money payment, more than was collected', async () => {
    const client = createPesapalClient({
      baseUrl: pesapal.url,
      consumerKey: PESAPAL_SANDBOX_CONSUMER_KEY,
      consumerSecret: PESAPAL_SANDBOX_CONSUMER_SECRET,
    });
    const card = pesapal.control.orders.get((await paid()).trackingId)!;
    const mobile = pesapal.control.orders.get((await paid('MpesaKE')).trackingId)!;
    const ask = (code: string, amount: string) =>
      client.refundRequest({ confirmation_code: code, amount, username: 'tester', remarks: 'Returned' });
    expect(await ask(card.confirmationCode, '1934.76')).toMatchObject({
      status: '500',
      message: 'Refund amount cannot be more than the amount collected',
    });
    expect(await ask(mobile.confirmationCode, '100.00')).toMatchObject({
      status: '500',
      message: 'Mobile money payments can only be refunded in full',
    });
    expect(await ask(card.confirmationCode, '10.00')).toMatchObject({ status: '200' });
    expect(await ask(card.confirmationCode, '10.00')).toMatchObject({
      status: '500',
      message: 'A refund has already been requested for this payment',
    });
  });
});
