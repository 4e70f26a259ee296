import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, signInOperator, type SignedInOperator } from '../../test/operator-sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { completeCompany, upsertCompany } from '../db/seed/factories.ts';

/**
 * The CSP form-action (issue 13, point 1): the browser may post checkout forms to this site and to
 * the form-post gateways (PayFast, Ozow) the site's company pays through — the server's
 * configuration or the company's own credentials and mode — and nowhere else.
 */
const SITE = {
  first: 'http://first-brand.example.test',
  second: 'http://second-brand.example.test',
  stranger: 'http://stranger.example.test',
};
const GATEWAY = {
  payfast: 'http://127.0.0.1:4801',
  ozowPay: 'http://127.0.0.1:4802',
  ozowApi: 'http://127.0.0.1:4803',
  pesapal: 'http://127.0.0.1:4804',
  paypal: 'http://127.0.0.1:4805',
};

/** form-action of the page a browser gets on `site` (the SPA's routes all carry the same header). */
async function formActionOn(t: TestContext, site: string, url = '/customerlogin'): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url, headers: { host: new URL(site).host } });
  const csp = String(res.headers['content-security-policy'] ?? '');
  const directive = csp.split(';').find((d) => d.trim().startsWith('form-action '));
  expect(directive, csp).toBeDefined();
  return directive!.trim().split(/\s+/).slice(1);
}

describe('form-action with the server configuration (production, gateways on other origins)', () => {
  let t: TestContext;
  let companies: { first: number; second: number };
  let admin: SignedInOperator;
  const settings = () => `/companies/${companies.second}/payment-settings`;

  beforeAll(async () => {
    t = await createTestApp({
      NODE_ENV: 'production',
      AUTH_SECRET: 'form-action-policy-test-secret-0123456789',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PAYFAST_MERCHANT_ID: '10023456',
      PAYFAST_MERCHANT_KEY: 'q1cd2rdny4a53',
      PAYFAST_BASE_URL: GATEWAY.payfast,
      OZOW_SITE_CODE: 'MWG-MWG-002',
      OZOW_PRIVATE_KEY: 'mawingu-ozow-private-key-7731',
      OZOW_PAY_URL: `${GATEWAY.ozowPay}/`,
      OZOW_API_URL: GATEWAY.ozowApi,
      PESAPAL_CONSUMER_KEY: 'qkio1BGGYAXTu2JOfm7XSXNruoZsrqEW',
      PESAPAL_CONSUMER_SECRET: 'osGQ364R49cXKeOYSpaOnT++rHs=',
      PESAPAL_BASE_URL: GATEWAY.pesapal,
      PAYPAL_CLIENT_ID: 'AeA1QIZXiflr1_-r0U2UbWTziOWX1GRQer5P4Y1mJf',
      PAYPAL_CLIENT_SECRET: 'ECYYrrSHdKfk_Q0EdvzdGkzj58a66kKaUQ5dZAEv4',
      PAYPAL_BASE_URL: GATEWAY.paypal,
    });
    const first = await upsertCompany(t.database.db, completeCompany('first-brand', 'First Brand'), [SITE.first]);
    const second = await upsertCompany(t.database.db, completeCompany('second-brand', 'Second Brand'), [SITE.second]);
    companies = { first: first.id, second: second.id };
    admin = await signInOperator(t, 'admin', second.id);
  });
  afterAll(() => t.close());

  it("lists 'self' and the configured PayFast and Ozow origins, not the redirect gateways' (reached by navigation)", async () => {
    const sources = await formActionOn(t, SITE.first);
    expect(sources.toSorted()).toEqual(["'self'", GATEWAY.payfast, GATEWAY.ozowPay].toSorted());
    // Ozow's server API is called by this server, never posted to by the browser.
    expect(sources).not.toContain(GATEWAY.ozowApi);
    expect(sources).not.toContain(GATEWAY.pesapal);
    expect(sources).not.toContain(GATEWAY.paypal);
  });

  it("looks nothing up for API replies: they are not pages, 'self' only", async () => {
    expect(await formActionOn(t, SITE.first, '/api/getCountryCode')).toEqual(["'self'"]);
  });

  it("gives a site no company serves 'self' only", async () => {
    expect(await formActionOn(t, SITE.stranger)).toEqual(["'self'"]);
  });

  it("follows a company's own credentials and mode, at once after the console changes them, and only on its own site", async () => {
    expect((await formActionOn(t, SITE.second)).toSorted()).toEqual(["'self'", GATEWAY.payfast, GATEWAY.ozowPay].toSorted());

    const credentials = { merchantId: '10000777', merchantKey: 'acmeMerchantKey2026', passphrase: 'Acme Pass Phrase 77' };
    const test = await adminCall(t, admin, 'PUT', settings(), { gateways: { payfast: { mode: 'test', credentials } } });
    expect(test.http, test.body.message).toBe(200);
    // Its own PayFast account in test mode is PayFast's sandbox; the server's PayFast is no longer its.
    expect((await formActionOn(t, SITE.second)).toSorted()).toEqual(
      ["'self'", 'https://sandbox.payfast.co.za', GATEWAY.ozowPay].toSorted(),
    );

    const live = await adminCall(t, admin, 'PUT', settings(), {
      gateways: {
        payfast: { mode: 'live' },
        ozow: { mode: 'live', credentials: { siteCode: 'SEC-SEC-001', privateKey: 'second-ozow-key-0042' } },
      },
    });
    expect(live.http, live.body.message).toBe(200);
    expect((await formActionOn(t, SITE.second)).toSorted()).toEqual(
      ["'self'", 'https://pay.ozow.com', 'https://www.payfast.co.za'].toSorted(),
    );

    // The other company keeps the server's gateways.
    expect((await formActionOn(t, SITE.first)).toSorted()).toEqual(["'self'", GATEWAY.payfast, GATEWAY.ozowPay].toSorted());

    const removed = await adminCall(t, admin, 'PUT', settings(), { gateways: { payfast: { remove: true }, ozow: { remove: true } } });
    expect(removed.http, removed.body.message).toBe(200);
    expect((await formActionOn(t, SITE.second)).toSorted()).toEqual(["'self'", GATEWAY.payfast, GATEWAY.ozowPay].toSorted());
  });
});

describe('form-action with the local sandboxes (development)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'development', PUBLIC_URL: SITE.first });
    await upsertCompany(t.database.db, completeCompany('first-brand', 'First Brand'), [SITE.first]);
    await upsertCompany(t.database.db, completeCompany('second-brand', 'Second Brand'), [SITE.second]);
  });
  afterAll(() => t.close());

  it("is 'self' on every company's site: the sandbox checkout is posted on the payer's own site", async () => {
    expect(await formActionOn(t, SITE.first)).toEqual(["'self'"]);
    expect(await formActionOn(t, SITE.second)).toEqual(["'self'"]);
  });
});
