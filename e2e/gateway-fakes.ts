import { ozowTestSiteEnv, startFakeOzow, type RunningFakeOzow } from '../tools/fakes/ozow.ts';
import { startFakePayFast, type RunningFakePayFast } from '../tools/fakes/payfast.ts';
import { startFakePayPal, type FakePayPal } from '../tools/fakes/paypal.ts';
import { startFakePesapal, type FakePesapal } from '../tools/fakes/pesapal.ts';

/**
 * The four payment gateways for the journeys, each its protocol fake on its own port — another
 * origin than the site, as the real gateways are — with a merchant account of real-looking
 * credentials (not the fakes' public sandbox ones) that the production product is configured with.
 */
const ACCOUNTS = {
  payfast: { merchantId: '10031942', merchantKey: 'w7dk2m9qh3xzp', passphrase: 'Mawingu-Checkout-2026', name: 'Mawingu Cloud (Pty) Ltd' },
  ozow: {
    siteCode: 'MAW-MAW-007',
    privateKey: '5f2c9a7e41b84d0c9e3a6b1f7d8e2c40',
    apiKey: 'a83f61c2d9e04b7f8c5a2e1d3b6f9c07',
    name: 'Mawingu Cloud',
  },
  pesapal: { consumerKey: 'Vt8nQ2rX6mW4kP9sL3jH7dF5bC1zA0yE', consumerSecret: 'Xk3mR8tP1wQ6nZ4v+Lj9Hs2Bf7Dc5Ga=' },
  paypal: {
    clientId: 'AZ7mWq3Kx9bN2pR5tV8yC1dF4gH6jL0sE-uI3oP7aS9dF2gH5jK8lZ1xC4vB6nM',
    clientSecret: 'EK2wQ9rT5yU1iO7pA3sD6fG8hJ4kL0zX-cV2bN9mQ5wE7rT1yU3iO8pA6sD4fG',
  },
} as const;

export type GatewayFakes = {
  urls: { payfast: string; ozow: string; pesapal: string; paypal: string };
  /** What the product is started with: production adapters pointed at the fakes. */
  env: Record<string, string>;
  stop(): Promise<void>;
};

export async function startGatewayFakes(): Promise<GatewayFakes> {
  const started: Array<RunningFakePayFast | RunningFakeOzow | FakePesapal | FakePayPal> = [];
  try {
    const payfast = await startFakePayFast({ merchants: [ACCOUNTS.payfast] });
    started.push(payfast);
    const ozow = await startFakeOzow({ sites: [ACCOUNTS.ozow] });
    started.push(ozow);
    const pesapal = await startFakePesapal({ consumerKey: ACCOUNTS.pesapal.consumerKey, consumerSecret: ACCOUNTS.pesapal.consumerSecret });
    started.push(pesapal);
    const paypal = await startFakePayPal({ clientId: ACCOUNTS.paypal.clientId, clientSecret: ACCOUNTS.paypal.clientSecret });
    started.push(paypal);
    const urls = { payfast: payfast.url, ozow: ozow.url, pesapal: pesapal.url.replace(/\/+$/, ''), paypal: paypal.url.replace(/\/+$/, '') };
    return {
      urls,
      env: {
        PAYFAST_MERCHANT_ID: ACCOUNTS.payfast.merchantId,
        PAYFAST_MERCHANT_KEY: ACCOUNTS.payfast.merchantKey,
        PAYFAST_PASSPHRASE: ACCOUNTS.payfast.passphrase,
        PAYFAST_BASE_URL: urls.payfast,
        ...ozowTestSiteEnv(urls.ozow, ACCOUNTS.ozow),
        PESAPAL_CONSUMER_KEY: ACCOUNTS.pesapal.consumerKey,
        PESAPAL_CONSUMER_SECRET: ACCOUNTS.pesapal.consumerSecret,
        PESAPAL_BASE_URL: urls.pesapal,
        PAYPAL_CLIENT_ID: ACCOUNTS.paypal.clientId,
        PAYPAL_CLIENT_SECRET: ACCOUNTS.paypal.clientSecret,
        PAYPAL_BASE_URL: urls.paypal,
      },
      async stop() {
        await Promise.all(started.map((fake) => fake.close()));
      },
    };
  } catch (error) {
    await Promise.all(started.map((fake) => fake.close()));
    throw error;
  }
}
