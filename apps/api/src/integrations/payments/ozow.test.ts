import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OZOW_TEST_SITE, startFakeOzow, type RunningFakeOzow } from '../../../../../tools/fakes/ozow.ts';
import { startReceiver, submitForm, type Receiver } from './merchant-receiver.test-helper.ts';
import { responseHash } from './ozow-hash.ts';
import { createOzowGateway, type OzowConfig } from './ozow.ts';
import { GatewayVerificationError, type CheckoutRequest, type PaymentGateway } from './payment-gateway.ts';

// The adapter against the Ozow fake over real HTTP: form post → fake → notify + browser return → adapter.
let fake: RunningFakeOzow;
let shop: Receiver;
let config: OzowConfig;
let gateway: PaymentGateway;
let n = 0;

beforeAll(async () => {
  fake = await startFakeOzow();
  shop = await startReceiver();
  config = {
    siteCode: OZOW_TEST_SITE.siteCode,
    privateKey: OZOW_TEST_SITE.privateKey,
    apiKey: OZOW_TEST_SITE.apiKey,
    payUrl: `${fake.url}/`,
    apiUrl: fake.url,
    isTest: true,
  };
  gateway = createOzowGateway(config);
});
afterAll(async () => {
  await fake.close();
  await shop.close();
});

function request(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  n += 1;
  return {
    orderId: `order-${n}`,
    reference: `MW-${n}`,
    amount: '499.99',
    currency: 'ZAR',
    description: 'Silver VM',
    customer: { email: 'sipho@example.co.za', firstName: 'Sipho', lastName: 'Dlamini', phone: '0821234567' },
    returnUrl: `${shop.url}/transaction-status/1`,
    cancelUrl: `${shop.url}/transaction-status/1?cancelled=1`,
    errorUrl: `${shop.url}/PurchaseFailed`,
    notifyUrl: `${shop.url}/api/ozow/notify`,
    ...overrides,
  };
}

async function pay(req: CheckoutRequest, outcome: 'pay' | 'fail' | 'cancel' = 'pay', g = gateway) {
  const start = await g.startCheckout(req);
  if (start.kind !== 'form-post') throw new Error('expected a form post');
  const posted = await submitForm(start.action, start.fields);
  expect(posted.status, posted.text).toBe(303);
  const id = posted.location.split('/').pop()!;
  const before = shop.received.length;
  const browserGoesTo = new URL(await fake.complete(id, outcome));
  return { notes: shop.received.slice(before), browserGoesTo };
}

const expected = (req: CheckoutRequest) => ({ orderReference: req.reference, amount: req.amount, currency: 'ZAR' });
const queryOf = (url: URL) => Object.fromEntries(url.searchParams);

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayVerificationError);
  return (error as GatewayVerificationError).reason;
}

describe('Ozow checkout', () => {
  it('posts the fields in hash order with HashCheck, the cellphone after it, and the fake accepts them', async () => {
    const start = await gateway.startCheckout(request());
    if (start.kind !== 'form-post') throw new Error('form');
    expect(start.fields.map(([name]) => name)).toEqual([
      'SiteCode',
      'CountryCode',
      'CurrencyCode',
      'Amount',
      'TransactionReference',
      'BankReference',
      'Optional1',
      'Customer',
      'CancelUrl',
      'ErrorUrl',
      'SuccessUrl',
      'NotifyUrl',
      'IsTest',
      'HashCheck',
      'CustomerCellphoneNumber',
    ]);
    expect(Object.fromEntries(start.fields)).toMatchObject({ Amount: '499.99', IsTest: 'true', CountryCode: 'ZA', CurrencyCode: 'ZAR' });
    expect((await submitForm(start.action, start.fields)).status).toBe(303);
  });

  it('is refused by Ozow when the amount is changed in the form', async () => {
    const start = await gateway.startCheckout(request());
    if (start.kind !== 'form-post') throw new Error('form');
    const res = await submitForm(
      start.action,
      start.fields.map(([k, v]): [string, string] => [k, k === 'Amount' ? '1.00' : v]),
    );
    expect(res.status).toBe(400);
    expect(res.text).toContain('Hash check failed');
  });
});

describe('Ozow results', () => {
  it('verifies the notification and the browser return of a completed payment', async () => {
    const req = request();
    const { notes, browserGoesTo } = await pay(req);
    expect(browserGoesTo.pathname).toBe('/transaction-status/1');
    expect(notes).toHaveLength(1);
    const paid = await gateway.verifyNotification({ body: notes[0]!.body, headers: {}, expected: expected(req) });
    expect(paid).toMatchObject({
      gateway: 'ozow',
      orderReference: req.reference,
      status: 'paid',
      gatewayStatus: 'Complete',
      amount: '499.99',
      currency: 'ZAR',
      test: true,
    });
    const returned = await gateway.verifyReturn!({ body: undefined, query: queryOf(browserGoesTo), headers: {}, expected: expected(req) });
    expect(returned.gatewayReference).toBe(paid.gatewayReference);
    expect(gateway.identify({ body: undefined, query: queryOf(browserGoesTo), headers: {} }).orderReference).toBe(req.reference);
  });

  it('maps Error to failed and Cancelled to cancelled, sending the browser to ErrorUrl and CancelUrl', async () => {
    const failed = request();
    const f = await pay(failed, 'fail');
    expect(f.browserGoesTo.pathname).toBe('/PurchaseFailed');
    expect((await gateway.verifyNotification({ body: f.notes[0]!.body, headers: {}, expected: expected(failed) })).status).toBe('failed');
    const cancelled = request();
    const c = await pay(cancelled, 'cancel');
    expect(c.browserGoesTo.searchParams.get('cancelled')).toBe('1');
    expect(
      (await gateway.verifyReturn!({ body: undefined, query: queryOf(c.browserGoesTo), headers: {}, expected: expected(cancelled) }))
        .status,
    ).toBe('cancelled');
  });

  it('refuses a forged hash, in the notification and in a hand-edited return address', async () => {
    const req = request();
    fake.setTamper('forged-hash');
    const { notes } = await pay(req);
    expect(await refusal(gateway.verifyNotification({ body: notes[0]!.body, headers: {}, expected: expected(req) }))).toBe('signature');
    const ok = request();
    const { browserGoesTo } = await pay(ok, 'fail');
    const edited = { ...queryOf(browserGoesTo), Status: 'Complete' };
    expect(await refusal(gateway.verifyReturn!({ body: undefined, query: edited, headers: {}, expected: expected(ok) }))).toBe('signature');
  });

  it('refuses an amount that differs from the order', async () => {
    const req = request();
    fake.setTamper('changed-amount');
    const { notes } = await pay(req);
    expect(await refusal(gateway.verifyNotification({ body: notes[0]!.body, headers: {}, expected: expected(req) }))).toBe('amount');
  });

  it('refuses a result for another site, another order or another currency', async () => {
    const req = request();
    fake.setTamper('other-site');
    const other = await pay(req);
    expect(await refusal(gateway.verifyNotification({ body: other.notes[0]!.body, headers: {}, expected: expected(req) }))).toBe(
      'merchant',
    );
    const mine = request();
    const { notes } = await pay(mine);
    expect(
      await refusal(
        gateway.verifyNotification({ body: notes[0]!.body, headers: {}, expected: { ...expected(mine), orderReference: 'MW-x' } }),
      ),
    ).toBe('reference');
    expect(
      await refusal(gateway.verifyNotification({ body: notes[0]!.body, headers: {}, expected: { ...expected(mine), currency: 'USD' } })),
    ).toBe('currency');
  });

  it('refuses a test transaction on a live site', async () => {
    const req = request();
    const { notes } = await pay(req);
    const live = createOzowGateway({ ...config, isTest: false });
    expect(await refusal(live.verifyNotification({ body: notes[0]!.body, headers: {}, expected: expected(req) }))).toBe('merchant');
  });

  it('refuses when GetTransaction disagrees with the notification, and skips that check without an API key', async () => {
    const req = request();
    fake.setTamper('status-mismatch');
    const { notes } = await pay(req);
    const input = { body: notes[0]!.body, headers: {}, expected: expected(req) };
    expect(await refusal(gateway.verifyNotification(input))).toBe('validation');
    const hashOnly = createOzowGateway({ ...config, apiKey: undefined });
    expect((await hashOnly.verifyNotification(input)).status).toBe('paid');
    const wrongKey = createOzowGateway({ ...config, apiKey: 'not-the-key' });
    expect(await refusal(wrongKey.verifyNotification(input))).toBe('unavailable');
  });

  it('refuses a genuine Complete transaction of another order of the same amount, signed for this one', async () => {
    // Whoever holds the private key (or a leaked one) re-signs order A's real transaction for order B.
    const paidOrder = request();
    const { notes } = await pay(paidOrder);
    const other = request();
    const pairs = [...new URLSearchParams(notes[0]!.body)]
      .filter(([k]) => k !== 'Hash')
      .map(([k, v]): [string, string] => [k, k === 'TransactionReference' ? other.reference : v]);
    const forged = new URLSearchParams([...pairs, ['Hash', responseHash(pairs, OZOW_TEST_SITE.privateKey)]]).toString();
    const input = { body: forged, headers: {}, expected: expected(other) };
    expect(await refusal(gateway.verifyNotification(input))).toBe('reference');
    expect(await refusal(gateway.verifyReturn!(input))).toBe('reference');
    // Without the re-check the hash alone would have let it through: the API key is what catches it.
    expect((await createOzowGateway({ ...config, apiKey: undefined }).verifyNotification(input)).status).toBe('paid');
  });

  it('gives duplicated notifications the same gateway reference', async () => {
    const req = request();
    fake.setTamper('duplicate');
    const { notes } = await pay(req);
    expect(notes).toHaveLength(2);
    const results = await Promise.all(
      notes.map((note) => gateway.verifyNotification({ body: note.body, headers: {}, expected: expected(req) })),
    );
    expect(new Set(results.map((r) => r.gatewayReference)).size).toBe(1);
  });

  it('reconciles an attempt whose notification never came: a later Complete wins over an earlier failure', async () => {
    const req = request();
    await pay(req, 'fail');
    expect((await gateway.reconcile!(expected(req))).status).toBe('failed');
    const paid = await pay(req);
    const settled = await gateway.reconcile!(expected(req));
    expect(settled).toMatchObject({ status: 'paid', gatewayStatus: 'Complete', amount: '499.99', test: true });
    expect(settled.gatewayReference).toBe(new URLSearchParams(paid.notes[0]!.body).get('TransactionId'));
    expect(await refusal(gateway.reconcile!({ ...expected(req), amount: '500.00' }))).toBe('amount');
    expect(await refusal(gateway.reconcile!({ ...expected(req), orderReference: 'MW-never-started' }))).toBe('reference');
    expect(await refusal(createOzowGateway({ ...config, apiKey: undefined }).reconcile!(expected(req)))).toBe('unavailable');
  });

  it('can be told over HTTP to send a forged hash next', async () => {
    const res = await fetch(`${fake.url}/_fake/behaviour`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tamper: 'forged-hash' }),
    });
    expect(res.status).toBe(200);
    const req = request();
    const { notes } = await pay(req);
    expect(await refusal(gateway.verifyNotification({ body: notes[0]!.body, headers: {}, expected: expected(req) }))).toBe('signature');
  });

  it('refuses what is not an Ozow result', async () => {
    expect(
      await refusal(
        gateway.verifyNotification({
          body: 'Status=Complete',
          headers: {},
          expected: { orderReference: 'x', amount: '1.00', currency: 'ZAR' },
        }),
      ),
    ).toBe('malformed');
  });
});
