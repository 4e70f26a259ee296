import { describe, expect, it } from 'vitest';
import { OZOW_TEST_SITE } from '../../../../../tools/fakes/ozow.ts';
import { PAYFAST_SANDBOX_MERCHANT } from '../../../../../tools/fakes/payfast.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { LOCAL_OZOW_SITE, LOCAL_PAYFAST_ACCOUNT } from './gateway-settings.ts';
import { PRODUCTION_ENV } from '../../../test/production-env.ts';

describe('PayFast and Ozow settings', () => {
  it('uses the local sandboxes inside this server when nothing is set (not in production)', () => {
    const config = loadConfig({ PORT: '4100' });
    // The browser posts on the payer's own site (a path); this server calls the sandbox at PUBLIC_URL.
    expect(config.payfast).toMatchObject({
      baseUrl: 'http://localhost:4100/dev/sandbox/payfast',
      checkoutBaseUrl: '/dev/sandbox/payfast',
      localSandbox: true,
      sandbox: true,
      checkSourceIp: false,
    });
    expect(config.ozow).toMatchObject({
      payUrl: '/dev/sandbox/ozow/',
      apiUrl: 'http://localhost:4100/dev/sandbox/ozow',
      isTest: true,
      localSandbox: true,
    });
  });

  it('uses credentials the local fakes accept', () => {
    expect(LOCAL_PAYFAST_ACCOUNT).toMatchObject({
      merchantId: PAYFAST_SANDBOX_MERCHANT.merchantId,
      merchantKey: PAYFAST_SANDBOX_MERCHANT.merchantKey,
      passphrase: PAYFAST_SANDBOX_MERCHANT.passphrase,
    });
    expect(LOCAL_OZOW_SITE).toMatchObject({
      siteCode: OZOW_TEST_SITE.siteCode,
      privateKey: OZOW_TEST_SITE.privateKey,
      apiKey: OZOW_TEST_SITE.apiKey,
    });
  });

  it('offers neither gateway in production without credentials', () => {
    const config = loadConfig({ ...PRODUCTION_ENV });
    expect(config.payfast).toBeUndefined();
    expect(config.ozow).toBeUndefined();
  });

  it('switches to the real services with credentials: live PayFast checks the source address, Ozow goes live in production', () => {
    const config = loadConfig({
      ...PRODUCTION_ENV,
      PAYFAST_MERCHANT_ID: '123',
      PAYFAST_MERCHANT_KEY: 'abc',
      PAYFAST_PASSPHRASE: 'secret phrase',
      OZOW_SITE_CODE: 'SITE01',
      OZOW_PRIVATE_KEY: 'key',
    });
    expect(config.payfast).toEqual({
      merchantId: '123',
      merchantKey: 'abc',
      passphrase: 'secret phrase',
      baseUrl: 'https://www.payfast.co.za',
      sandbox: false,
      checkSourceIp: true,
      localSandbox: false,
    });
    expect(config.ozow).toMatchObject({
      siteCode: 'SITE01',
      payUrl: 'https://pay.ozow.com/',
      apiUrl: 'https://api.ozow.com',
      isTest: false,
      localSandbox: false,
    });
    const sandbox = loadConfig({
      PAYFAST_MERCHANT_ID: '10000100',
      PAYFAST_MERCHANT_KEY: 'k',
      PAYFAST_BASE_URL: 'https://sandbox.payfast.co.za/',
    });
    expect(sandbox.payfast).toMatchObject({ baseUrl: 'https://sandbox.payfast.co.za', sandbox: true, checkSourceIp: true });
    // Credentials but no base URL outside production: PayFast's sandbox, never live money by surprise.
    expect(loadConfig({ PAYFAST_MERCHANT_ID: '10000100', PAYFAST_MERCHANT_KEY: 'k' }).payfast).toMatchObject({
      baseUrl: 'https://sandbox.payfast.co.za',
      sandbox: true,
    });
    const ownFake = loadConfig({ PAYFAST_MERCHANT_ID: '10000100', PAYFAST_MERCHANT_KEY: 'k', PAYFAST_BASE_URL: 'http://127.0.0.1:7001' });
    expect(ownFake.payfast).toMatchObject({ sandbox: true, checkSourceIp: false, localSandbox: false });
  });

  it('refuses half an account and a flag that is not true or false, naming the variable', () => {
    expect(() => loadConfig({ PAYFAST_MERCHANT_ID: '123' })).toThrow(/PAYFAST_MERCHANT_KEY: set both/);
    expect(() => loadConfig({ OZOW_PRIVATE_KEY: 'k' })).toThrow(/OZOW_SITE_CODE: set both/);
    expect(() => loadConfig({ OZOW_IS_TEST: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ OZOW_IS_TEST: 'yes' })).toThrow(/OZOW_IS_TEST must be true or false/);
  });
});
