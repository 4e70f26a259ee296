import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../../tools/start-product.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { loadConfig } from '../../config.ts';
import { mountFormGatewaySandboxes, ozowFromConfig, payfastFromConfig } from './form-gateways.ts';
import { startReceiver, submitForm, type Receiver } from './merchant-receiver.test-helper.ts';
import type { CheckoutRequest, PaymentGateway } from './payment-gateway.ts';
import { PRODUCTION_ENV } from '../../../test/production-env.ts';

// The embedded default: with no credentials the product serves both sandboxes itself, so a newcomer
// can pay with PayFast and Ozow on their own machine with one process.
let t: TestContext;
let origin: string;
let shop: Receiver;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  t = await createTestApp({ PUBLIC_URL: origin });
  await t.app.listen({ port, host: '127.0.0.1' });
  shop = await startReceiver();
});
afterAll(async () => {
  await shop.close();
  await t.close();
});

const req = (reference: string): CheckoutRequest => ({
  orderId: `order-${reference}`,
  reference,
  amount: '250.00',
  currency: 'ZAR',
  description: 'Bronze VM',
  customer: { email: 'lerato@example.co.za', firstName: 'Lerato', lastName: 'Mokoena' },
  returnUrl: `${shop.url}/transaction-status/1`,
  cancelUrl: `${shop.url}/transaction-status/1?cancelled=1`,
  notifyUrl: `${shop.url}/notify`,
});

/** What a person does in the browser: submit the checkout form, open the page, press "Pay now". */
async function payInBrowser(gateway: PaymentGateway, reference: string) {
  const start = await gateway.startCheckout(req(reference));
  if (start.kind !== 'form-post') throw new Error('form');
  // A path: the browser posts on the site it pays on, whichever company's origin that is.
  expect(start.action.startsWith('/dev/sandbox/')).toBe(true);
  expect(gateway.checkoutFormOrigin).toBeUndefined();
  const submitted = await submitForm(new URL(start.action, origin).toString(), start.fields);
  expect(submitted.status, submitted.text).toBe(303);
  const pageRes = await fetch(new URL(submitted.location, origin));
  const html = await pageRes.text();
  expect(pageRes.status).toBe(200);
  expect(html).toContain('Pay now');
  expect(html).toContain('R 250.00');
  expect(html).not.toContain('<script');
  const payAction = /action="([^"]+\/pay)"/.exec(html)![1]!;
  const before = shop.received.length;
  const paid = await fetch(new URL(payAction, origin), { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  return { browserGoesTo: paid.headers.get('location')!, notes: shop.received.slice(before) };
}

describe('local gateway sandboxes', () => {
  it('PayFast: pay on the sandbox page, the ITN verifies against the sandbox validate call', async () => {
    const gateway = payfastFromConfig(t.config)!;
    const { browserGoesTo, notes } = await payInBrowser(gateway, 'MW-PF-1');
    expect(browserGoesTo).toBe(req('MW-PF-1').returnUrl);
    const verified = await gateway.verifyNotification({
      body: notes[0]!.body,
      headers: {},
      expected: { orderReference: 'MW-PF-1', amount: '250.00', currency: 'ZAR' },
    });
    expect(verified).toMatchObject({ status: 'paid', test: true });
  });

  it('Ozow: pay on the sandbox page, notify and return both verify', async () => {
    const gateway = ozowFromConfig(t.config)!;
    const { browserGoesTo, notes } = await payInBrowser(gateway, 'MW-OZ-1');
    const expected = { orderReference: 'MW-OZ-1', amount: '250.00', currency: 'ZAR' };
    expect((await gateway.verifyNotification({ body: notes[0]!.body, headers: {}, expected })).status).toBe('paid');
    const query = Object.fromEntries(new URL(browserGoesTo).searchParams);
    expect((await gateway.verifyReturn!({ body: undefined, query, headers: {}, expected })).status).toBe('paid');
  });

  it('keep their own form parsing whatever the host app parses forms into', async () => {
    // e.g. the order module keeping raw strings for signed notifications, registered before the sandboxes
    const app = Fastify({ logger: false });
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    const config = loadConfig({});
    await mountFormGatewaySandboxes(app, config);
    try {
      for (const gateway of [payfastFromConfig(config)!, ozowFromConfig(config)!]) {
        const start = await gateway.startCheckout(req(`MW-HOST-${gateway.name}`));
        if (start.kind !== 'form-post') throw new Error('form');
        const res = await app.inject({
          method: 'POST',
          url: start.action,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(start.fields).toString(),
        });
        expect(res.statusCode, res.body).toBe(303);
      }
    } finally {
      await app.close();
    }
  });

  it('are not there in production', async () => {
    const prod = await createTestApp({ ...PRODUCTION_ENV, PAYFAST_MERCHANT_ID: '1', PAYFAST_MERCHANT_KEY: 'k' });
    try {
      const res = await prod.app.inject({
        method: 'POST',
        url: '/dev/sandbox/payfast/eng/process',
        payload: 'merchant_id=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(404);
      expect(prod.config.ozow).toBeUndefined();
    } finally {
      await prod.close();
    }
  });
});
