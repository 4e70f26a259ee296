import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { loadConfig } from '../../../config.ts';
import { devToolsNotice } from './dev-tools.ts';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** One call of each /dev tool with what it answers this machine: the outbox, and each sandbox up to its Pay now. */
const tools: { name: string; request: InjectOptions; served: number }[] = [
  { name: 'outbox (JSON)', request: { method: 'GET', url: '/dev/outbox.json' }, served: 200 },
  { name: 'outbox (page)', request: { method: 'GET', url: '/dev/outbox' }, served: 200 },
  {
    name: 'PayFast checkout',
    request: { method: 'POST', url: '/dev/sandbox/payfast/eng/process', headers: form, payload: 'merchant_id=1' },
    served: 400,
  },
  { name: 'PayFast Pay now', request: { method: 'POST', url: '/dev/sandbox/payfast/eng/process/no-such-checkout/pay' }, served: 404 },
  {
    name: 'Ozow GetTransaction',
    request: { method: 'GET', url: '/dev/sandbox/ozow/GetTransaction?siteCode=X&transactionId=1' },
    served: 401,
  },
  { name: 'Ozow Pay now', request: { method: 'POST', url: '/dev/sandbox/ozow/pay/no-such-payment/pay' }, served: 404 },
  {
    name: 'Pesapal token',
    request: { method: 'POST', url: '/dev/sandbox/pesapal/api/Auth/RequestToken', payload: { consumer_key: 'x', consumer_secret: 'y' } },
    served: 401,
  },
  {
    name: 'PayPal token',
    request: { method: 'POST', url: '/dev/sandbox/paypal/v1/oauth2/token', headers: form, payload: 'grant_type=client_credentials' },
    served: 401,
  },
];

const routeNotFound = { status: 404, message: 'Route not found', data: null };
const elsewhere = ['203.0.113.9', '10.0.0.7', '192.168.1.20', '::ffff:203.0.113.9', '2001:db8::1', 'fe80::1'];
const thisMachine = ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'];

const call = (t: TestContext, request: InjectOptions, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ ...request, remoteAddress, headers: { ...(request.headers ?? {}), ...headers } });

describe('/dev (outbox and gateway sandboxes) outside production', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(tools)('$name: answers another machine like an unknown path', async ({ request }) => {
    for (const address of elsewhere) {
      const res = await call(t, request, address);
      expect(res.statusCode, `${address}: ${res.body}`).toBe(404);
      expect(res.json()).toEqual(routeNotFound);
    }
  });

  it.each(tools)('$name: serves this machine (loopback)', async ({ request, served }) => {
    for (const address of thisMachine) {
      const res = await call(t, request, address);
      expect(res.statusCode, `${address}: ${res.body}`).toBe(served);
      expect(res.body).not.toBe(JSON.stringify(routeNotFound));
    }
  });

  it('is not opened by a forged forwarding header, and a proxy in front on this machine closes it', async () => {
    const outbox = tools[0]!.request;
    const headers: Record<string, string>[] = [
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=127.0.0.1' },
      { 'x-real-ip': '127.0.0.1' },
    ];
    for (const header of headers) {
      expect((await call(t, outbox, '203.0.113.9', header)).statusCode).toBe(404);
      // Behind nginx on the same host every visitor's connection is loopback: the header gives it away.
      expect((await call(t, outbox, '127.0.0.1', header)).statusCode).toBe(404);
    }
  });

  it('lists the kept mails to this machine', async () => {
    const res = await call(t, tools[0]!.request, '127.0.0.1');
    expect(res.json()).toMatchObject({ status: 200, data: expect.any(Array) });
  });
});

describe('/dev with DEV_TOOLS=open', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ DEV_TOOLS: 'open' });
  });
  afterAll(() => t.close());

  it.each(tools)('$name: serves any machine', async ({ request, served }) => {
    expect((await call(t, request, '203.0.113.9')).statusCode).toBe(served);
  });
});

describe('the start-up notice', () => {
  it('says a development server exposes the outbox and every local sandbox, and to whom', () => {
    const notice = devToolsNotice(loadConfig({}))!;
    expect(notice).toContain('DEVELOPMENT server (NODE_ENV=development)');
    expect(notice).toContain('/dev/outbox');
    expect(notice).toContain('/dev/sandbox/{payfast,ozow,pesapal,paypal}');
    expect(notice).toContain('this machine only (set DEV_TOOLS=open');
    expect(devToolsNotice(loadConfig({ DEV_TOOLS: 'open' }))).toContain('ANYONE who can reach this server');
  });

  it('leaves out a gateway with real credentials, and is silent in production', () => {
    expect(devToolsNotice(loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's' }))).toContain(
      '/dev/sandbox/{payfast,ozow,pesapal}',
    );
    expect(
      devToolsNotice(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587', AUTH_SECRET: 'x'.repeat(32) })),
    ).toBeUndefined();
  });

  it('refuses a DEV_TOOLS value it does not know', () => {
    expect(() => loadConfig({ DEV_TOOLS: 'yes' })).toThrow(/DEV_TOOLS:/);
  });
});
