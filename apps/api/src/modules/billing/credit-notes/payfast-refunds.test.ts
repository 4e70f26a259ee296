import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYFAST_SANDBOX_MERCHANT, startFakePayFast, type RunningFakePayFast } from '../../../../../../tools/fakes/payfast.ts';
import { createPayFastGateway } from '../../../integrations/payments/payfast.ts';
import { payfastApiSignature } from '../../../integrations/payments/payfast-refunds.ts';
import { openWorld, type World } from '../payments/payments.test-helper.ts';
import { refundDesk, throughGateway, wholeThroughGateway } from './gateway-refunds.test-helper.ts';

/**
 * Issue 18 point 3, ADR 0127: an operator's credit note refunded through PayFast's Refunds API, at
 * the fake on its own port — in part and in full, refusals in plain words, a lost answer sent again
 * without refunding twice, and the fake refusing what PayFast refuses.
 */
let w: World;
let payfast: RunningFakePayFast;
let desk: Awaited<ReturnType<typeof refundDesk>>;
beforeAll(async () => {
  payfast = await startFakePayFast();
  w = await openWorld({
    PAYFAST_MERCHANT_ID: PAYFAST_SANDBOX_MERCHANT.merchantId,
    PAYFAST_MERCHANT_KEY: PAYFAST_SANDBOX_MERCHANT.merchantKey,
    PAYFAST_PASSPHRASE: PAYFAST_SANDBOX_MERCHANT.passphrase!,
    PAYFAST_BASE_URL: payfast.url,
  });
  desk = await refundDesk(w);
});
afterAll(async () => {
  await w.close();
  await payfast.close();
});

/** R2,522.25 paid at the fake; returns the order and PayFast's pf_payment_id. */
async function paid(): Promise<{ orderId: number; pfPaymentId: string }> {
  const orderId = await w.order(desk.buyer);
  const data = (await w.start(desk.buyer, orderId)).body.data;
  const back = await desk.payAtFake(data.start, (id) => payfast.complete(id, 'pay'));
  await w.update(desk.buyer, { TransactionReference: new URL(back).searchParams.get('ref')!, paymentMode: 'PayFast Payment' });
  await desk.invoiced(orderId);
  const [attempt] = await w.attemptsOf(orderId);
  return { orderId, pfPaymentId: attempt!.gatewayReference! };
}

describe('a refund through PayFast', () => {
  let order: { orderId: number; pfPaymentId: string };
  beforeAll(async () => {
    order = await paid();
  });

  it('offers it for a payment made through PayFast', async () => {
    expect((await desk.read(order.orderId)).refundThrough).toBe('payfast');
  });

  it('refunds part of the payment in cents, signed, and records it completed', async () => {
    const res = await desk.credit(order.orderId, throughGateway('1000.00'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/^Credit note CN-\d+ issued\.$/);
    expect(res.json().data.creditNotes[0].refund).toMatchObject({
      method: 'payfast',
      status: 'completed',
      amount: '1000.00',
      currency: 'ZAR',
      chargedAmount: '1000.00',
      chargedCurrency: 'ZAR',
    });
    expect(payfast.refunds.refunds.map((r) => [r.pfPaymentId, r.amount, r.notifyBuyer])).toEqual([[order.pfPaymentId, 100000, '1']]);
    expect(await desk.refundEvents(order.orderId)).toEqual(['refund:refunded']);
  });

  it('refunds the rest with the whole credit, to the cent, and then nothing more', async () => {
    const res = await desk.credit(order.orderId, wholeThroughGateway);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.creditNotes[1].refund).toMatchObject({ status: 'completed', amount: '1522.25' });
    expect(payfast.refunds.refunds.map((r) => r.amount)).toEqual([100000, 152225]);
    const more = await desk.credit(order.orderId, throughGateway('1.00'));
    expect(more.statusCode).toBe(400);
    expect(more.json().data.fieldErrors.amount).toBe('This invoice is credited in full already.');
    expect(payfast.refunds.refunds).toHaveLength(2);
  });
});

describe('when PayFast cannot take it', () => {
  it('says in plain words that PayFast refunds this payment only to a bank account', async () => {
    const { orderId, pfPaymentId } = await paid();
    payfast.refunds.setMethod(pfPaymentId, 'BANK_PAYOUT');
    const res = await desk.credit(orderId, throughGateway('100.00'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(
      /^Credit note CN-\d+ issued, but the refund was refused\. PayFast refunds this payment only to a bank account, whose details we do not hold\. Record it as a manual refund\.$/,
    );
    expect(res.json().data.creditNotes[0].refund).toMatchObject({ status: 'failed' });
    expect(payfast.refunds.refunds.filter((r) => r.pfPaymentId === pfPaymentId)).toHaveLength(0);
  });

  it('sends a refund whose answer was lost again without refunding twice: PayFast’s query shows it taken', async () => {
    const { orderId, pfPaymentId } = await paid();
    payfast.refunds.loseNextAnswer();
    const res = await desk.credit(orderId, throughGateway('500.00'));
    expect(res.json().message).toMatch(/^Credit note CN-\d+ issued; the refund is waiting for the gateway\.$/);
    expect(await desk.refundOf(orderId)).toMatchObject({ status: 'pending' });
    await desk.reconcileLater();
    await desk.reconcileLater();
    expect(await desk.refundOf(orderId)).toMatchObject({ status: 'completed', amount: '500.00' });
    expect(payfast.refunds.refunds.filter((r) => r.pfPaymentId === pfPaymentId).map((r) => r.amount)).toEqual([50000]);
    expect(await desk.refundEvents(orderId)).toEqual(['refund:retry', 'refund:refunded']);
  });

  it('keeps it pending while PayFast is down, and sends it once when it is back', async () => {
    const { orderId, pfPaymentId } = await paid();
    payfast.refunds.setDown(true);
    await desk.credit(orderId, throughGateway('250.00'));
    await desk.reconcileLater();
    expect(await desk.refundOf(orderId)).toMatchObject({ status: 'pending' });
    payfast.refunds.setDown(false);
    await desk.reconcileLater();
    expect(await desk.refundOf(orderId)).toMatchObject({ status: 'completed' });
    expect(payfast.refunds.refunds.filter((r) => r.pfPaymentId === pfPaymentId).map((r) => r.amount)).toEqual([25000]);
  });
});

describe('the fake refuses what PayFast refuses', () => {
  const signedPost = async (pfPaymentId: string, body: Record<string, string | number>, passphrase: string) => {
    const headers = { 'merchant-id': PAYFAST_SANDBOX_MERCHANT.merchantId, version: 'v1', timestamp: '2026-11-29T10:00:00+02:00' };
    const values = { ...headers, ...Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])) };
    const res = await fetch(`${payfast.url}/refunds/${pfPaymentId}`, {
      method: 'POST',
      headers: { ...headers, signature: payfastApiSignature(values, passphrase), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { status: string; data: { response: boolean; message: string } } };
  };

  it('a bad signature (401) and more than is left of the payment (400), refunding nothing', async () => {
    const { pfPaymentId } = await paid();
    const before = payfast.refunds.refunds.length;
    const forged = await signedPost(pfPaymentId, { amount: 100, reason: 'Returned', notify_buyer: 1 }, 'not-the-passphrase');
    expect(forged).toMatchObject({
      status: 401,
      body: { status: 'failed', data: { response: false, message: 'Merchant authorisation failed' } },
    });
    const over = await signedPost(
      pfPaymentId,
      { amount: 252226, reason: 'Returned', notify_buyer: 1 },
      PAYFAST_SANDBOX_MERCHANT.passphrase!,
    );
    expect(over.status).toBe(400);
    expect(over.body.data.message).toBe('Amount exceeds the amount available for refund');
    expect(payfast.refunds.refunds).toHaveLength(before);
  });

  it('PayFast’s own sandbox has no refunds: no refund call on its host, one on the live API', () => {
    const account = { merchantId: '10000100', merchantKey: '46f0cd694581a', checkSourceIp: false };
    expect(createPayFastGateway({ ...account, baseUrl: 'https://sandbox.payfast.co.za', sandbox: true }).refund).toBeUndefined();
    expect(createPayFastGateway({ ...account, baseUrl: 'https://www.payfast.co.za', sandbox: false }).refund).toBeTypeOf('function');
  });
});
