import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakePesapal,
  type FakePesapal,
  PESAPAL_SANDBOX_CONSUMER_KEY,
  PESAPAL_SANDBOX_CONSUMER_SECRET,
} from '../../../../../tools/fakes/pesapal.ts';
import {
  GatewayRequestError,
  GatewayVerificationError,
  type CheckoutRequest,
  type ExpectedPayment,
  type PaymentGateway,
  type VerifiedPayment,
} from './payment-gateway.ts';
import { createPesapalClient } from './pesapal-client.ts';
import { createPesapalGateway } from './pesapal.ts';

/**
 * The Pesapal adapter against the fake over real HTTP: the fake sends its IPNs to a small merchant
 * server here, which does what the payments module will do (identify → load the attempt → verify →
 * acknowledge), so the whole notification path is exercised.
 */
describe('Pesapal API 3.0 adapter (against the local fake)', () => {
  let fake: FakePesapal;
  let merchant: FastifyInstance;
  let merchantUrl: string;
  let gateway: PaymentGateway;
  let postGateway: PaymentGateway;
  /** The payments module's attempts, by our reference. */
  const attempts = new Map<string, ExpectedPayment>();
  const verified: VerifiedPayment[] = [];
  const refused: GatewayVerificationError[] = [];

  const credentials = () => ({
    baseUrl: fake.url,
    consumerKey: PESAPAL_SANDBOX_CONSUMER_KEY,
    consumerSecret: PESAPAL_SANDBOX_CONSUMER_SECRET,
  });

  beforeAll(async () => {
    fake = await startFakePesapal({ ipnRetryDelayMs: 20 });
    merchant = Fastify({ logger: false });
    merchant.get('/ipn', async (req, reply) => {
      const input = { body: undefined, query: req.query as Record<string, string>, headers: req.headers };
      let outcome: 'accepted' | 'refused' | 'retry' = 'accepted';
      try {
        const claimed = gateway.identify(input);
        const expected = [...attempts.values()].find((a) => a.gatewayReference === claimed.gatewayReference);
        if (!expected) throw new GatewayVerificationError('pesapal', 'reference', 'no such attempt');
        verified.push(await gateway.verifyNotification({ ...input, expected }));
      } catch (err) {
        if (!(err instanceof GatewayVerificationError)) throw err;
        refused.push(err);
        outcome = err.reason === 'unavailable' ? 'retry' : 'refused';
      }
      const ack = gateway.acknowledge!(input, outcome);
      return reply
        .code(ack.status)
        .type(ack.contentType ?? 'text/plain')
        .send(ack.body);
    });
    merchant.post('/ipn-post', async (req, reply) => {
      const input = { body: req.body, query: {}, headers: req.headers };
      const claimed = postGateway.identify(input);
      const expected = [...attempts.values()].find((a) => a.gatewayReference === claimed.gatewayReference)!;
      verified.push(await postGateway.verifyNotification({ ...input, expected }));
      const ack = postGateway.acknowledge!(input, 'accepted');
      return reply.code(ack.status).type(ack.contentType!).send(ack.body);
    });
    merchantUrl = await merchant.listen({ port: 0, host: '127.0.0.1' });
    gateway = createPesapalGateway({ ...credentials(), test: true });
    postGateway = createPesapalGateway({ ...credentials(), test: true, ipnNotificationType: 'POST' });
  });
  afterAll(async () => {
    await merchant.close();
    await fake.close();
  });

  function checkout(amount = '1250.00'): CheckoutRequest {
    const reference = `M-${randomUUID().slice(0, 8)}`;
    return {
      orderId: reference,
      reference,
      amount,
      currency: 'KES',
      description: 'VM Purchase: Ubuntu 24.04, 4 GB, 2 cores, 50 GB, 30 days',
      customer: { email: 'wanjiru@example.co.ke', firstName: 'Wanjiru', lastName: 'Kamau', phone: '+254700000001' },
      returnUrl: 'http://shop.test/transaction-status-pesapal/ref/1',
      cancelUrl: 'http://shop.test/PurchaseFailed',
      notifyUrl: `${merchantUrl}/ipn`,
    };
  }

  /** Starts a checkout and records the attempt as the payments module would. */
  async function start(amount?: string) {
    const req = checkout(amount);
    const started = await gateway.startCheckout(req);
    if (started.kind !== 'redirect') throw new Error('Pesapal checkout is a redirect');
    const expected: ExpectedPayment = {
      orderReference: req.reference,
      gatewayReference: started.gatewayReference,
      amount: req.amount,
      currency: req.currency,
    };
    attempts.set(req.reference, expected);
    return { req, started, expected, trackingId: started.gatewayReference! };
  }

  /** The payer presses a button on the hosted page; returns where the browser is sent. */
  async function press(trackingId: string, decision: 'pay' | 'fail' | 'cancel'): Promise<URL> {
    const res = await fetch(`${fake.url}/iframe/PesapalIframe3/Decide`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ OrderTrackingId: trackingId, decision }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location')!);
  }

  async function until<T>(find: () => T | undefined): Promise<T> {
    for (let i = 0; i < 200; i++) {
      const found = find();
      if (found !== undefined) return found;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('timed out');
  }

  it('registers the IPN URL once, submits the order with our reference and sends the payer to a page with Pay, Fail and Cancel', async () => {
    const { req, started, trackingId } = await start();
    await start();
    expect(fake.control.ipns.size).toBe(1);
    const order = fake.control.orders.get(trackingId)!;
    expect(order).toMatchObject({
      merchantReference: req.reference,
      currency: 'KES',
      amount: '1250',
      callbackUrl: req.returnUrl,
      cancellationUrl: req.cancelUrl,
      billingEmail: req.customer.email,
    });
    expect(order.notificationId).toBe([...fake.control.ipns.keys()][0]);
    const page = await fetch((started as { url: string }).url);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('KES 1250.00');
    expect(html).toContain(req.reference);
    expect(html).toMatch(/value="pay"[\s\S]*value="fail"[\s\S]*value="cancel"/);
  });

  it('asks for one token for many calls, and a new one only when it is about to expire', async () => {
    let clock = Date.now();
    const client = createPesapalClient({ ...credentials(), now: () => clock });
    const before = fake.control.tokensIssued();
    const { trackingId } = await start();
    await Promise.all([1, 2, 3, 4, 5].map(() => client.transactionStatus(trackingId)));
    expect(fake.control.tokensIssued()).toBe(before + 1);
    clock += 4 * 60_000 + 31_000; // within 30 s of the 5-minute expiry
    await client.transactionStatus(trackingId);
    expect(fake.control.tokensIssued()).toBe(before + 2);
  });

  it('a new server process finds the IPN already registered for its URL instead of registering another', async () => {
    const fresh = createPesapalGateway({ ...credentials(), test: true });
    await fresh.startCheckout(checkout());
    expect(fake.control.ipns.size).toBe(1);
  });

  it('an IPN after Pay → GetTransactionStatus → paid for the exact amount, acknowledged with the documented JSON', async () => {
    const { req, trackingId } = await start();
    const back = await press(trackingId, 'pay');
    expect(`${back.origin}${back.pathname}`).toBe(req.returnUrl);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      OrderTrackingId: trackingId,
      OrderMerchantReference: req.reference,
      OrderNotificationType: 'CALLBACKURL',
    });

    const paid = await until(() => verified.find((v) => v.gatewayReference === trackingId));
    expect(paid).toMatchObject({
      gateway: 'pesapal',
      orderReference: req.reference,
      status: 'paid',
      gatewayStatus: 'COMPLETED',
      amount: '1250.00',
      currency: 'KES',
      test: true,
    });
    const delivery = await until(() => fake.control.ipnDeliveries.find((d) => d.trackingId === trackingId));
    expect(delivery.status).toBe(200);
    expect(JSON.parse(delivery.body)).toEqual({
      orderNotificationType: 'IPNCHANGE',
      orderTrackingId: trackingId,
      orderMerchantReference: req.reference,
      status: 200,
    });

    // The browser's callback is verified the same way, by asking Pesapal.
    const onReturn = await gateway.verifyReturn!({
      body: undefined,
      query: Object.fromEntries(back.searchParams),
      headers: {},
      expected: attempts.get(req.reference)!,
    });
    expect(onReturn.status).toBe('paid');
  });

  it('a paid amount other than the expected one is refused', async () => {
    const { trackingId, expected } = await start('980.50');
    await fake.control.decide(trackingId, 'pay', { amount: '980.49' });
    const err = await until(() => refused.find((e) => e.message.includes('980.49')));
    expect(err.reason).toBe('amount');
    expect(verified.some((v) => v.gatewayReference === trackingId)).toBe(false);
    await expect(gateway.reconcile!(expected)).rejects.toMatchObject({ reason: 'amount' });
  });

  it('FAILED and REVERSED are not paid', async () => {
    const failed = await start();
    await press(failed.trackingId, 'fail');
    expect(await until(() => verified.find((v) => v.gatewayReference === failed.trackingId))).toMatchObject({
      status: 'failed',
      gatewayStatus: 'FAILED',
    });

    const reversed = await start();
    await fake.control.decide(reversed.trackingId, 'pay');
    await until(() => verified.find((v) => v.gatewayReference === reversed.trackingId));
    await fake.control.reverse(reversed.trackingId);
    await until(() => (verified.filter((v) => v.gatewayReference === reversed.trackingId).length === 2 ? true : undefined));
    expect(verified.filter((v) => v.gatewayReference === reversed.trackingId).map((v) => v.status)).toEqual(['paid', 'failed']);
  });

  it('an IPN for an unpaid order, an unknown tracking id or another attempt changes nothing', async () => {
    const { trackingId, expected, req } = await start();
    const claim = (query: Record<string, string>) => ({
      body: undefined,
      query: { ...query, OrderNotificationType: 'IPNCHANGE' },
      headers: {},
    });
    // Forged before payment: Pesapal says INVALID (not paid yet).
    const early = await gateway.verifyNotification({
      ...claim({ OrderTrackingId: trackingId, OrderMerchantReference: req.reference }),
      expected,
    });
    expect(early.status).toBe('pending');
    // A tracking id Pesapal never issued.
    const unknown = randomUUID();
    await expect(
      gateway.verifyNotification({ ...claim({ OrderTrackingId: unknown }), expected: { ...expected, gatewayReference: undefined } }),
    ).rejects.toMatchObject({ reason: 'reference' });
    // Another attempt's (paid) tracking id presented for this attempt.
    const other = await start();
    await fake.control.decide(other.trackingId, 'pay');
    await expect(gateway.verifyNotification({ ...claim({ OrderTrackingId: other.trackingId }), expected })).rejects.toMatchObject({
      reason: 'reference',
    });
    await expect(
      gateway.verifyNotification({
        ...claim({ OrderTrackingId: other.trackingId }),
        expected: { ...expected, gatewayReference: undefined },
      }),
    ).rejects.toMatchObject({ reason: 'reference' });
    // No tracking id at all.
    expect(() => gateway.identify({ body: {}, query: {}, headers: {} })).toThrow(GatewayVerificationError);
  });

  it('Cancel sends the payer to the cancellation URL and is recorded as cancelled after asking Pesapal', async () => {
    const { req, trackingId, expected } = await start();
    const back = await press(trackingId, 'cancel');
    expect(`${back.origin}${back.pathname}`).toBe(req.cancelUrl);
    const cancelled = await gateway.verifyCancel!({ body: undefined, query: Object.fromEntries(back.searchParams), headers: {}, expected });
    expect(cancelled).toMatchObject({ status: 'cancelled', gatewayStatus: 'INVALID' });
    // A payment that did go through is never turned into a cancel.
    const paidOne = await start();
    await fake.control.decide(paidOne.trackingId, 'pay');
    expect((await gateway.verifyCancel!({ body: undefined, query: {}, headers: {}, expected: paidOne.expected })).status).toBe('paid');
  });

  it('asks for a retry (status 500) when it cannot reach Pesapal, and refuses wrong credentials', async () => {
    const offline = createPesapalGateway({
      baseUrl: 'http://127.0.0.1:9',
      consumerKey: 'k',
      consumerSecret: 's',
      test: true,
      timeoutMs: 2000,
    });
    const expected = { orderReference: 'M-1', gatewayReference: randomUUID(), amount: '1.00', currency: 'KES' };
    const input = {
      body: undefined,
      query: { OrderTrackingId: expected.gatewayReference, OrderMerchantReference: 'M-1', OrderNotificationType: 'IPNCHANGE' },
      headers: {},
    };
    await expect(offline.verifyNotification({ ...input, expected })).rejects.toMatchObject({ reason: 'unavailable' });
    const ack = offline.acknowledge!(input, 'retry');
    expect(ack.status).toBe(500);
    expect(JSON.parse(ack.body)).toMatchObject({ status: 500, orderTrackingId: expected.gatewayReference });

    const wrong = createPesapalGateway({ ...credentials(), consumerSecret: 'not-the-secret', test: true });
    await expect(wrong.startCheckout(checkout())).rejects.toBeInstanceOf(GatewayRequestError);
  });

  it('an IPN registered as POST arrives as JSON and is verified the same way', async () => {
    const req = { ...checkout(), notifyUrl: `${merchantUrl}/ipn-post` };
    const started = await postGateway.startCheckout(req);
    const trackingId = (started as { gatewayReference: string }).gatewayReference;
    attempts.set(req.reference, {
      orderReference: req.reference,
      gatewayReference: trackingId,
      amount: req.amount,
      currency: req.currency,
    });
    expect([...fake.control.ipns.values()].find((i) => i.url === req.notifyUrl)?.type).toBe('POST');
    await fake.control.decide(trackingId, 'pay');
    expect(await until(() => verified.find((v) => v.gatewayReference === trackingId))).toMatchObject({ status: 'paid', amount: '1250.00' });
    // The fake records the delivery once our answer reaches it, a moment after the handler ran.
    expect(await until(() => fake.control.ipnDeliveries.find((d) => d.trackingId === trackingId))).toMatchObject({
      method: 'POST',
      status: 200,
    });
  });

  it('the same IPN verified 100 times at once: one token, the same answer every time', async () => {
    const fresh = createPesapalGateway({ ...credentials(), test: true });
    const { trackingId, expected, req } = await start();
    await fake.control.decide(trackingId, 'pay');
    const tokensBefore = fake.control.tokensIssued();
    const input = {
      body: undefined,
      query: { OrderTrackingId: trackingId, OrderMerchantReference: req.reference, OrderNotificationType: 'IPNCHANGE' },
      headers: {},
    };
    const results = await Promise.all(Array.from({ length: 100 }, () => fresh.verifyNotification({ ...input, expected })));
    expect(new Set(results.map((r) => `${r.status} ${r.amount} ${r.gatewayReference}`))).toEqual(new Set([`paid 1250.00 ${trackingId}`]));
    expect(fake.control.tokensIssued()).toBe(tokensBefore + 1);
  });

  it('the fake refuses a call without a valid bearer token and a second order with the same merchant reference', async () => {
    const res = await fetch(`${fake.url}/api/Transactions/GetTransactionStatus?orderTrackingId=x`, {
      headers: { authorization: 'Bearer forged' },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 'invalid_access_token' } });
    const req = checkout();
    await gateway.startCheckout(req);
    await expect(gateway.startCheckout(req)).rejects.toBeInstanceOf(GatewayRequestError);
  });
});
