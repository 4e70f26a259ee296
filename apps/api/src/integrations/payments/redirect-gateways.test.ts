import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { PAYPAL_SANDBOX_CLIENT_ID, PAYPAL_SANDBOX_CLIENT_SECRET } from '../../../../../tools/fakes/paypal.ts';
import { PESAPAL_SANDBOX_CONSUMER_KEY, PESAPAL_SANDBOX_CONSUMER_SECRET } from '../../../../../tools/fakes/pesapal.ts';
import { freePort } from '../../../../../tools/start-product.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { ConfigError, LOCAL_SANDBOX_CREDENTIALS, loadConfig } from '../../config.ts';
import { mountRedirectGatewaySandboxes, paypalFromConfig, pesapalFromConfig } from './redirect-gateways.ts';
import { PRODUCTION_ENV } from '../../../test/production-env.ts';

describe('Pesapal and PayPal configuration', () => {
  it('with no credentials outside production, points each at the sandbox mounted in the product', () => {
    const config = loadConfig({ PORT: '4100' });
    expect(config.pesapal).toEqual({
      baseUrl: 'http://localhost:4100/dev/sandbox/pesapal',
      ...LOCAL_SANDBOX_CREDENTIALS.pesapal,
      test: true,
      localSandbox: true,
    });
    expect(config.paypal).toMatchObject({ baseUrl: 'http://localhost:4100/dev/sandbox/paypal', test: true, localSandbox: true });
    expect(config.zarToUsdRate).toBe('0.063');
    // The product's sandbox credentials are the ones its fakes accept.
    expect(LOCAL_SANDBOX_CREDENTIALS.pesapal).toEqual({ id: PESAPAL_SANDBOX_CONSUMER_KEY, secret: PESAPAL_SANDBOX_CONSUMER_SECRET });
    expect(LOCAL_SANDBOX_CREDENTIALS.paypal).toEqual({ id: PAYPAL_SANDBOX_CLIENT_ID, secret: PAYPAL_SANDBOX_CLIENT_SECRET });
  });

  it('with credentials, talks to the provider: live in production, its sandbox otherwise, or the given base URL', () => {
    const creds = { PESAPAL_CONSUMER_KEY: 'ck', PESAPAL_CONSUMER_SECRET: 'cs', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'sec' };
    const live = loadConfig({ ...creds, ...PRODUCTION_ENV });
    expect(live.pesapal).toEqual({ baseUrl: 'https://pay.pesapal.com/v3', id: 'ck', secret: 'cs', test: false, localSandbox: false });
    expect(live.paypal).toMatchObject({ baseUrl: 'https://api-m.paypal.com', test: false });
    const dev = loadConfig(creds);
    expect(dev.pesapal).toMatchObject({ baseUrl: 'https://cybqa.pesapal.com/pesapalv3', test: true });
    expect(dev.paypal).toMatchObject({ baseUrl: 'https://api-m.sandbox.paypal.com', test: true });
    expect(loadConfig({ ...creds, PAYPAL_BASE_URL: 'https://api-m.paypal.com/' }).paypal).toMatchObject({
      baseUrl: 'https://api-m.paypal.com',
      test: false,
    });
  });

  it('offers neither in production without credentials, and refuses half a credential or a bad rate', () => {
    const config = loadConfig({ ...PRODUCTION_ENV });
    expect(config.pesapal).toBeUndefined();
    expect(pesapalFromConfig(config)).toBeUndefined();
    expect(paypalFromConfig(config)).toBeUndefined();
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: 'id' })).toThrow(/PAYPAL_CLIENT_SECRET: set both/);
    expect(() => loadConfig({ PESAPAL_CONSUMER_SECRET: 's' })).toThrow(ConfigError);
    expect(() => loadConfig({ ZAR_TO_USD_RATE: 'abc' })).toThrow(/ZAR_TO_USD_RATE/);
    expect(() => loadConfig({ ZAR_TO_USD_RATE: '0' })).toThrow(/ZAR_TO_USD_RATE/);
    expect(loadConfig({ ZAR_TO_USD_RATE: '0.0571' }).zarToUsdRate).toBe('0.0571');
  });

  it('a newcomer can pay on their own machine: the adapters reach the mounted sandboxes over HTTP', async () => {
    const app = Fastify({ logger: false });
    // The host app may parse forms its own way (raw strings for signed notifications): the fakes keep theirs.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    const probe = loadConfig({});
    await mountRedirectGatewaySandboxes(app, probe);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const config = loadConfig({ PUBLIC_URL: address });
      const pesapal = pesapalFromConfig(config)!;
      const paypal = paypalFromConfig(config)!;
      const request = {
        orderId: 'o-1',
        reference: 'M-sandbox-1',
        amount: '100.00',
        currency: 'USD' as const,
        description: 'VM',
        customer: { email: 'a@example.com', firstName: 'A', lastName: 'B' },
        returnUrl: `${address}/transaction-status/1`,
        cancelUrl: `${address}/PurchaseFailed`,
        notifyUrl: `${address}/api/payments/notify`,
      };
      const p = await pesapal.startCheckout({ ...request, currency: 'KES' });
      expect(p).toMatchObject({
        kind: 'redirect',
        url: expect.stringContaining(`${address}/dev/sandbox/pesapal/iframe/PesapalIframe3/Index?OrderTrackingId=`),
      });
      const pp = await paypal.startCheckout(request);
      expect(pp).toMatchObject({ kind: 'redirect', url: expect.stringContaining(`${address}/dev/sandbox/paypal/checkoutnow?token=`) });
      expect((await fetch((pp as { url: string }).url)).status).toBe(200);
      const token = new URL((pp as { url: string }).url).searchParams.get('token')!;
      const decided = await fetch(`${address}/dev/sandbox/paypal/checkoutnow/decide`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token, decision: 'cancel' }),
        redirect: 'manual',
      });
      expect(decided.headers.get('location')).toBe(`${request.cancelUrl}?token=${token}`);
    } finally {
      await app.close();
    }
    // Production never mounts them.
    const prod = Fastify({ logger: false });
    await mountRedirectGatewaySandboxes(prod, { ...probe, env: 'production' });
    expect((await prod.inject({ method: 'POST', url: '/dev/sandbox/paypal/v1/oauth2/token' })).statusCode).toBe(404);
    await prod.close();
  });
});

describe('the sandboxes mounted in the product, paid on another brand', () => {
  it("carry their own page policy: the 303 back to the brand's origin is allowed, not the product's 'self' alone", async () => {
    const port = await freePort();
    const address = `http://127.0.0.1:${port}`;
    const t = await createTestApp({ NODE_ENV: 'development', PUBLIC_URL: address });
    await t.app.listen({ port, host: '127.0.0.1' });
    try {
      const brand = 'http://second-brand.mawingu.test:4321';
      const request = {
        orderId: 'o-2',
        reference: 'M-brand-2',
        amount: '100.00',
        currency: 'USD' as const,
        description: 'VM',
        customer: { email: 'a@example.com', firstName: 'A', lastName: 'B' },
        returnUrl: `${brand}/transaction-status-paypal/M-brand-2/1`,
        cancelUrl: `${brand}/transaction-status-paypal/M-brand-2/1?cancelled=1`,
        notifyUrl: `${address}/api/payments/notify`,
      };
      const pages = [
        await pesapalFromConfig(t.config)!.startCheckout({ ...request, currency: 'KES' }),
        await paypalFromConfig(t.config)!.startCheckout(request),
      ];
      for (const start of pages) {
        if (start.kind !== 'redirect') throw new Error('redirect');
        const res = await fetch(start.url);
        expect(res.status).toBe(200);
        const formAction = res.headers
          .get('content-security-policy')!
          .split(';')
          .map((d) => d.trim())
          .find((d) => d.startsWith('form-action'));
        expect(formAction).toBe(`form-action 'self' ${brand}`);
      }
    } finally {
      await t.close();
    }
  });
});
