import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePayFast, type RunningFakePayFast } from '../../../../../tools/fakes/payfast.ts';
import { startReceiver, submitForm, type Receiver } from './merchant-receiver.test-helper.ts';
import { createPayFastGateway, type PayFastConfig } from './payfast.ts';
import { createPayFastSourceCheck } from './payfast-source.ts';
import { GatewayVerificationError, type CheckoutRequest, type PaymentGateway } from './payment-gateway.ts';

// The adapter against the PayFast fake over real HTTP: checkout form → fake → ITN → adapter → validate call.
let fake: RunningFakePayFast;
let shop: Receiver;
let gateway: PaymentGateway;
let config: PayFastConfig;
let n = 0;

beforeAll(async () => {
  fake = await startFakePayFast();
  shop = await startReceiver();
  config = {
    merchantId: '10000100',
    merchantKey: '46f0cd694581a',
    passphrase: 'jt7NOE43FZPn',
    baseUrl: fake.url,
    sandbox: true,
    checkSourceIp: false,
  };
  gateway = createPayFastGateway(config);
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
    amount: '1150.50',
    currency: 'ZAR',
    description: 'Gold VM #3 (4 vCPU, 8 GB) – 30 days',
    customer: { email: 'thandi+vm@example.co.za', firstName: 'Thandi', lastName: "O'Neil" },
    returnUrl: `${shop.url}/transaction-status-payfast/1?ok=1`,
    cancelUrl: `${shop.url}/PurchaseFailed`,
    notifyUrl: `${shop.url}/api/virtualMachine/notifyPayFastStatus`,
    ...overrides,
  };
}

/** Checkout through the fake, press a button, return the ITN(s) the shop received. */
async function pay(req: CheckoutRequest, outcome: 'pay' | 'fail' = 'pay') {
  const start = await gateway.startCheckout(req);
  if (start.kind !== 'form-post') throw new Error('expected a form post');
  const posted = await submitForm(start.action, start.fields);
  expect(posted.status, posted.text).toBe(303);
  const id = posted.location.split('/').pop()!;
  const before = shop.received.length;
  const browserGoesTo = await fake.complete(id, outcome);
  return { itns: shop.received.slice(before), browserGoesTo };
}

const expected = (req: CheckoutRequest) => ({ orderReference: req.reference, amount: req.amount, currency: 'ZAR' });

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayVerificationError);
  return (error as GatewayVerificationError).reason;
}

describe('PayFast checkout', () => {
  it('posts the fields in the documented order with the signature last, and the fake accepts them', async () => {
    const start = await gateway.startCheckout(request());
    expect(start.kind).toBe('form-post');
    if (start.kind !== 'form-post') return;
    expect(start.action).toBe(`${fake.url}/eng/process`);
    expect(start.fields.map(([name]) => name)).toEqual([
      'merchant_id',
      'merchant_key',
      'return_url',
      'cancel_url',
      'notify_url',
      'name_first',
      'name_last',
      'email_address',
      'm_payment_id',
      'amount',
      'item_name',
      'custom_str1',
      'signature',
    ]);
    expect(Object.fromEntries(start.fields)).toMatchObject({
      amount: '1150.50',
      item_name: 'Gold VM #3 (4 vCPU, 8 GB) – 30 days',
      name_last: "O'Neil",
    });
    // The fake computes the signature with its own PHP-urlencode implementation: ' ( ) # + – @ must all agree.
    expect((await submitForm(start.action, start.fields)).status).toBe(303);
  });

  it('is refused by PayFast when the payer changes the amount in the form', async () => {
    const start = await gateway.startCheckout(request());
    if (start.kind !== 'form-post') throw new Error('form');
    const tampered = start.fields.map(([k, v]): [string, string] => [k, k === 'amount' ? '1.00' : v]);
    const res = await submitForm(start.action, tampered);
    expect(res.status).toBe(400);
    expect(res.text).toContain('signature does not match');
  });

  it('refuses currencies PayFast does not take', async () => {
    await expect(gateway.startCheckout(request({ currency: 'USD' }))).rejects.toThrow(/ZAR only/);
  });
});

describe('PayFast ITN', () => {
  it('verifies a genuine ITN: signature, merchant, amount, and PayFast says VALID', async () => {
    const req = request();
    const { itns, browserGoesTo } = await pay(req);
    expect(browserGoesTo).toBe(req.returnUrl);
    expect(itns).toHaveLength(1);
    const input = { body: itns[0]!.body, headers: {}, sourceIp: itns[0]!.ip };
    expect(gateway.identify(input).orderReference).toBe(req.reference);
    const validationsBefore = fake.validations.length;
    const paid = await gateway.verifyNotification({ ...input, expected: expected(req) });
    expect(paid).toMatchObject({
      gateway: 'payfast',
      orderReference: req.reference,
      status: 'paid',
      gatewayStatus: 'COMPLETE',
      amount: '1150.50',
      currency: 'ZAR',
      test: true,
    });
    expect(paid.gatewayReference).toMatch(/^\d+$/);
    expect(fake.validations.slice(validationsBefore).map((v) => v.answer)).toEqual(['VALID']);
  });

  it('maps a FAILED ITN to failed and sends the browser to cancel_url', async () => {
    const req = request();
    const { itns, browserGoesTo } = await pay(req, 'fail');
    expect(browserGoesTo).toBe(req.cancelUrl);
    const result = await gateway.verifyNotification({ body: itns[0]!.body, headers: {}, expected: expected(req) });
    expect(result.status).toBe('failed');
  });

  it('refuses a forged signature before asking PayFast', async () => {
    const req = request();
    fake.setTamper('forged-signature');
    const { itns } = await pay(req);
    const before = fake.validations.length;
    expect(await refusal(gateway.verifyNotification({ body: itns[0]!.body, headers: {}, expected: expected(req) }))).toBe('signature');
    expect(fake.validations.length).toBe(before);
  });

  it('refuses an amount that differs from the order by even R1 (PayFast itself would call it VALID)', async () => {
    const req = request();
    fake.setTamper('changed-amount');
    const { itns } = await pay(req);
    expect(await refusal(gateway.verifyNotification({ body: itns[0]!.body, headers: {}, expected: expected(req) }))).toBe('amount');
    // and a cent off the expected amount the other way
    const ok = await pay(request());
    const cheaper = { ...expected(req), orderReference: new URLSearchParams(ok.itns[0]!.body).get('m_payment_id')!, amount: '1150.49' };
    expect(await refusal(gateway.verifyNotification({ body: ok.itns[0]!.body, headers: {}, expected: cheaper }))).toBe('amount');
  });

  it('refuses an ITN for another merchant', async () => {
    const req = request();
    fake.setTamper('other-merchant');
    const { itns } = await pay(req);
    expect(await refusal(gateway.verifyNotification({ body: itns[0]!.body, headers: {}, expected: expected(req) }))).toBe('merchant');
  });

  it('refuses when PayFast does not answer VALID', async () => {
    const req = request();
    fake.setTamper('validate-invalid');
    const { itns } = await pay(req);
    expect(await refusal(gateway.verifyNotification({ body: itns[0]!.body, headers: {}, expected: expected(req) }))).toBe('validation');
    expect(fake.validations.at(-1)!.answer).toBe('INVALID');
  });

  it('refuses an ITN about another order than the one expected', async () => {
    const req = request();
    const { itns } = await pay(req);
    const other = { ...expected(req), orderReference: 'MW-somebody-else' };
    expect(await refusal(gateway.verifyNotification({ body: itns[0]!.body, headers: {}, expected: other }))).toBe('reference');
  });

  it('refuses a signature made without the passphrase the account has', async () => {
    const req = request();
    const { itns } = await pay(req);
    const noPassphrase = createPayFastGateway({ ...config, passphrase: undefined });
    expect(await refusal(noPassphrase.verifyNotification({ body: itns[0]!.body, headers: {}, expected: expected(req) }))).toBe('signature');
  });

  it('asks to be retried when PayFast cannot be reached to validate', async () => {
    const req = request();
    const { itns } = await pay(req);
    const offline = createPayFastGateway({ ...config, serverBaseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    expect(await refusal(offline.verifyNotification({ body: itns[0]!.body, headers: {}, expected: expected(req) }))).toBe('unavailable');
    expect(offline.acknowledge!({ body: '', headers: {} }, 'retry').status).toBe(503);
  });

  it('checks the source address when asked to', async () => {
    const req = request();
    const { itns } = await pay(req);
    const sourceCheck = createPayFastSourceCheck(async (host) => (host === 'sandbox.payfast.co.za' ? ['203.0.113.7'] : []));
    const strict = createPayFastGateway({ ...config, checkSourceIp: true, sourceCheck });
    const input = { body: itns[0]!.body, headers: {}, expected: expected(req) };
    expect(await refusal(strict.verifyNotification({ ...input, sourceIp: '127.0.0.1' }))).toBe('source');
    expect((await strict.verifyNotification({ ...input, sourceIp: '197.97.145.150' })).status).toBe('paid'); // published range
    expect((await strict.verifyNotification({ ...input, sourceIp: '::ffff:203.0.113.7' })).status).toBe('paid'); // resolved host
  });

  it('gives a duplicated ITN the same gateway reference, the key the order module deduplicates on', async () => {
    const req = request();
    fake.setTamper('duplicate');
    const { itns } = await pay(req);
    expect(itns).toHaveLength(2);
    const [a, b] = await Promise.all(
      itns.map((itn) => gateway.verifyNotification({ body: itn.body, headers: {}, expected: expected(req) })),
    );
    expect(a!.gatewayReference).toBe(b!.gatewayReference);
  });

  it('can be told over HTTP what to tamper with (for journeys against a running product)', async () => {
    const bad = await fetch(`${fake.url}/_fake/behaviour`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tamper: 'nonsense' }),
    });
    expect(bad.status).toBe(400);
    const ok = await fetch(`${fake.url}/_fake/behaviour`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'tamper=forged-signature&times=1',
    });
    expect(ok.status).toBe(200);
    const req = request();
    const { itns } = await pay(req);
    expect(await refusal(gateway.verifyNotification({ body: itns[0]!.body, headers: {}, expected: expected(req) }))).toBe('signature');
    const next = request();
    const again = await pay(next);
    expect((await gateway.verifyNotification({ body: again.itns[0]!.body, headers: {}, expected: expected(next) })).status).toBe('paid');
  });

  it('refuses bodies that are not ITNs', async () => {
    expect(await refusal(Promise.resolve().then(() => gateway.identify({ body: 'hello=1', headers: {} })))).toBe('malformed');
    expect(
      await refusal(
        gateway.verifyNotification({
          body: { a: { b: 1 } },
          headers: {},
          expected: { orderReference: 'x', amount: '1.00', currency: 'ZAR' },
        }),
      ),
    ).toBe('malformed');
  });
});
