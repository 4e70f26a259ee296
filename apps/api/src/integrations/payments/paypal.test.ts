import { randomUUID } from 'node:crypto';
import { messages } from '@mawingu/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYPAL_SANDBOX_CLIENT_ID,
  PAYPAL_SANDBOX_CLIENT_SECRET,
  startFakePayPal,
  type FakePayPal,
} from '../../../../../tools/fakes/paypal.ts';
import {
  GatewayRequestError,
  GatewayVerificationError,
  type CheckoutRequest,
  type ExpectedPayment,
  type PaymentGateway,
} from './payment-gateway.ts';
import { createPayPalClient, PayPalApiError } from './paypal-client.ts';
import { createPayPalGateway, paypalFailureMessage } from './paypal.ts';

describe('PayPal Orders v2 adapter (against the local fake)', () => {
  let fake: FakePayPal;
  let gateway: PaymentGateway;
  const credentials = () => ({ baseUrl: fake.url, clientId: PAYPAL_SANDBOX_CLIENT_ID, clientSecret: PAYPAL_SANDBOX_CLIENT_SECRET });

  beforeAll(async () => {
    fake = await startFakePayPal();
    gateway = createPayPalGateway({ ...credentials(), test: true, brandName: 'Mawingu Cloud' });
  });
  afterAll(() => fake.close());

  /** A ZAR product bought through PayPal: the pricing engine already converted R 1250.00 at 0.063. */
  function checkout(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
    const reference = `M-${randomUUID().slice(0, 8)}`;
    return {
      orderId: `order-${reference}`,
      reference,
      amount: '78.75',
      currency: 'USD',
      description: 'Ubuntu 24.04 VM, 30 days',
      customer: { email: 'thandi@example.co.za', firstName: 'Thandi', lastName: 'Nkosi' },
      returnUrl: 'http://shop.test/transaction-status-paypal/ref/1',
      cancelUrl: 'http://shop.test/PurchaseFailed',
      notifyUrl: 'http://shop.test/api/payments/paypal/webhook',
      ...overrides,
    };
  }

  async function start(overrides: Partial<CheckoutRequest> = {}) {
    const req = checkout(overrides);
    const started = await gateway.startCheckout(req);
    if (started.kind !== 'redirect') throw new Error('PayPal checkout is a redirect');
    const expected: ExpectedPayment = {
      orderReference: req.reference,
      gatewayReference: started.gatewayReference,
      amount: req.amount,
      currency: req.currency,
    };
    return { req, started, expected, orderId: started.gatewayReference! };
  }

  async function press(orderId: string, decision: 'pay' | 'fail' | 'cancel'): Promise<URL> {
    const res = await fetch(`${fake.url}/checkoutnow/decide`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: orderId, decision }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location')!);
  }

  const returned = (url: URL, expected: ExpectedPayment) => ({
    body: undefined,
    query: Object.fromEntries(url.searchParams),
    headers: {},
    expected,
  });

  it('creates an order with intent CAPTURE and one item of quantity 1, and follows its approve link to a page with Pay, Fail and Cancel', async () => {
    const { req, started, orderId } = await start();
    const order = fake.control.orders.get(orderId)!;
    expect(order.intent).toBe('CAPTURE');
    expect(order.purchaseUnits).toHaveLength(1);
    expect(order.purchaseUnits[0]).toMatchObject({
      reference_id: req.reference,
      amount: { currency_code: 'USD', value: '78.75', breakdown: { item_total: { currency_code: 'USD', value: '78.75' } } },
      items: [{ quantity: '1', unit_amount: { currency_code: 'USD', value: '78.75' } }],
    });
    expect(order).toMatchObject({ returnUrl: req.returnUrl, cancelUrl: req.cancelUrl });
    const url = (started as { url: string }).url;
    expect(url).toBe(`${fake.url}/checkoutnow?token=${orderId}`);
    const html = await (await fetch(url)).text();
    expect(html).toContain('USD 78.75');
    expect(html).toMatch(/value="pay"[\s\S]*value="fail"[\s\S]*value="cancel"/);
  });

  it('asks for one OAuth token for many calls, and a fresh one after it expires', async () => {
    let clock = Date.now();
    const client = createPayPalClient({ ...credentials(), now: () => clock });
    const before = fake.control.tokensIssued();
    const { orderId } = await start();
    await Promise.all([1, 2, 3, 4].map(() => client.getOrder(orderId)));
    expect(fake.control.tokensIssued()).toBe(before + 1);
    clock += 32_400 * 1000;
    await client.getOrder(orderId);
    expect(fake.control.tokensIssued()).toBe(before + 2);
  });

  it('create → approve → return → capture COMPLETED is paid for the exact amount; a replayed return captures nothing more', async () => {
    const { req, expected, orderId } = await start();
    const back = await press(orderId, 'pay');
    expect(`${back.origin}${back.pathname}`).toBe(req.returnUrl);
    expect(back.searchParams.get('token')).toBe(orderId);
    expect(back.searchParams.get('PayerID')).toMatch(/^[A-Z0-9]+$/);

    const paid = await gateway.verifyReturn!(returned(back, expected));
    expect(paid).toMatchObject({
      gateway: 'paypal',
      orderReference: req.reference,
      gatewayReference: orderId,
      status: 'paid',
      gatewayStatus: 'COMPLETED',
      amount: '78.75',
      currency: 'USD',
      test: true,
    });
    const captureId = fake.control.orders.get(orderId)!.captureId;
    expect(captureId).toBeTruthy();

    const again = await gateway.verifyReturn!(returned(back, expected));
    expect(again.status).toBe('paid');
    expect(fake.control.orders.get(orderId)!.captureId).toBe(captureId);
  });

  it('twenty returns of the same payment at once capture it once', async () => {
    const { expected, orderId } = await start();
    fake.control.approve(orderId);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => gateway.verifyReturn!({ body: undefined, query: { token: orderId }, headers: {}, expected })),
    );
    expect(results.every((r) => r.status === 'paid' && r.amount === '78.75')).toBe(true);
    const captureIds = new Set(
      results.map(
        (r) =>
          (r.raw as { order: { purchase_units: Array<{ payments: { captures: Array<{ id: string }> } }> } }).order.purchase_units[0]!
            .payments.captures[0]!.id,
      ),
    );
    expect(captureIds).toEqual(new Set([fake.control.orders.get(orderId)!.captureId]));
  });

  it('a second create with the same order and attempt returns the same PayPal order (PayPal-Request-Id)', async () => {
    const req = checkout();
    const before = fake.control.ordersCreated();
    const a = await gateway.startCheckout(req);
    const b = await gateway.startCheckout(req);
    const c = await gateway.startCheckout(req);
    expect(a).toEqual(b);
    expect(c).toEqual(a);
    expect(fake.control.ordersCreated()).toBe(before + 1);
    // A new attempt of the same order is a new PayPal order.
    const next = await gateway.startCheckout({ ...req, reference: `${req.reference}-2` });
    expect((next as { gatewayReference: string }).gatewayReference).not.toBe((a as { gatewayReference: string }).gatewayReference);
  });

  it("a return for an order the payer never approved is not captured, and the payer sees the spec's message", async () => {
    const { expected, orderId } = await start();
    const err = await gateway.verifyReturn!({ body: undefined, query: { token: orderId, PayerID: 'FORGED' }, headers: {}, expected }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(GatewayVerificationError);
    expect((err as GatewayVerificationError).reason).toBe('status');
    expect(paypalFailureMessage(err)).toBe('Something went wrong. Please try after some time');
    expect(paypalFailureMessage(err)).toBe(messages.paymentTryLater);
    expect(fake.control.orders.get(orderId)!.status).toBe('CREATED');
  });

  it('a second capture of the same order is refused by PayPal with ORDER_ALREADY_CAPTURED', async () => {
    const { orderId } = await start();
    fake.control.approve(orderId);
    const client = createPayPalClient(credentials());
    const first = await client.captureOrder(orderId, 'capture-1');
    expect(first.status).toBe('COMPLETED');
    const second = await client.captureOrder(orderId, 'capture-2').catch((e: unknown) => e);
    expect(second).toBeInstanceOf(PayPalApiError);
    expect(second).toMatchObject({ httpStatus: 422, issue: 'ORDER_ALREADY_CAPTURED' });
    // The same request id again is the same answer, not an error.
    expect((await client.captureOrder(orderId, 'capture-1')).status).toBe('COMPLETED');
  });

  it('Cancel returns the payer to the cancel URL and is a cancelled attempt after asking PayPal', async () => {
    const { req, expected, orderId } = await start();
    const back = await press(orderId, 'cancel');
    expect(`${back.origin}${back.pathname}`).toBe(req.cancelUrl);
    expect(Object.fromEntries(back.searchParams)).toEqual({ token: orderId });
    const cancelled = await gateway.verifyCancel!(returned(back, expected));
    expect(cancelled).toMatchObject({ status: 'cancelled', gatewayStatus: 'CREATED' });
  });

  it('a declined card fails at capture: failed, not paid', async () => {
    const { expected, orderId } = await start();
    const back = await press(orderId, 'fail');
    const failed = await gateway.verifyReturn!(returned(back, expected));
    expect(failed).toMatchObject({ status: 'failed', gatewayStatus: 'INSTRUMENT_DECLINED' });
  });

  it("refuses a captured amount other than expected, and another attempt's order", async () => {
    const { expected, orderId } = await start();
    fake.control.approve(orderId);
    fake.control.tamperAmount(orderId, '7.87');
    await expect(gateway.verifyReturn!({ body: undefined, query: { token: orderId }, headers: {}, expected })).rejects.toMatchObject({
      reason: 'amount',
    });

    const other = await start();
    fake.control.approve(other.orderId);
    await expect(gateway.verifyReturn!({ body: undefined, query: { token: other.orderId }, headers: {}, expected })).rejects.toMatchObject({
      reason: 'reference',
    });
    await expect(
      gateway.verifyReturn!({
        body: undefined,
        query: { token: other.orderId },
        headers: {},
        expected: { ...expected, gatewayReference: undefined },
      }),
    ).rejects.toMatchObject({ reason: 'reference' });
    expect(fake.control.orders.get(other.orderId)!.status).toBe('APPROVED');
    await expect(
      gateway.verifyReturn!({
        body: undefined,
        query: { token: 'NOSUCHORDER1' },
        headers: {},
        expected: { ...expected, gatewayReference: undefined },
      }),
    ).rejects.toMatchObject({ reason: 'reference' });
  });

  it('a webhook is only a hint: the order is read from PayPal, and an approved one the payer never returned from is captured', async () => {
    const { req, expected, orderId } = await start();
    fake.control.approve(orderId);
    const event = {
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource: { id: orderId, status: 'COMPLETED', purchase_units: [{ reference_id: req.reference }] },
    };
    expect(gateway.identify({ body: event, headers: {} })).toEqual({ gatewayReference: orderId, orderReference: req.reference });
    expect((await gateway.verifyNotification({ body: event, headers: {}, expected })).status).toBe('paid');
    expect(gateway.acknowledge!({ body: event, headers: {} }, 'retry').status).toBe(503);

    // The reconciliation job does the same without any message.
    const later = await start();
    expect((await gateway.reconcile!(later.expected)).status).toBe('pending');
    fake.control.approve(later.orderId);
    expect((await gateway.reconcile!(later.expected)).status).toBe('paid');
  });

  it('refuses to charge ZAR, wrong credentials, and a create PayPal does not answer with CREATED', async () => {
    await expect(gateway.startCheckout(checkout({ currency: 'ZAR', amount: '1250.00' }))).rejects.toBeInstanceOf(GatewayRequestError);
    const client = createPayPalClient(credentials());
    await expect(
      client.createOrder({ intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'ZAR', value: '1250.00' } }] }, 'zar-1'),
    ).rejects.toMatchObject({ issue: 'CURRENCY_NOT_SUPPORTED' });

    const wrong = createPayPalGateway({ ...credentials(), clientSecret: 'nope', test: true });
    const err = await wrong.startCheckout(checkout()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayRequestError);
    expect(paypalFailureMessage(err)).toBe(messages.paymentTryLater);

    const res = await fetch(`${fake.url}/v2/checkout/orders`, {
      method: 'POST',
      headers: { authorization: 'Bearer forged', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ name: 'AUTHENTICATION_FAILURE' });
  });
});
