import type { GatewayCredentials, GatewayMode } from '@mawingu/contracts/admin/payments';
import type { GatewayKey } from '@mawingu/contracts/purchase';
import { OZOW_API_URL, OZOW_PAY_URL, PAYFAST_LIVE, PAYFAST_SANDBOX } from './gateway-settings.ts';
import { createOzowGateway } from './ozow.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createPayFastGateway } from './payfast.ts';
import { createPayPalGateway, PAYPAL_LIVE_URL, PAYPAL_SANDBOX_URL } from './paypal.ts';
import { createPesapalGateway, PESAPAL_LIVE_URL, PESAPAL_SANDBOX_URL } from './pesapal.ts';

/**
 * A company's own gateway account (issue 7): its credentials and mode, as stored (sealed) by the
 * console. Test mode is the gateway's own sandbox — PayFast's sandbox host, Ozow's IsTest, Pesapal's
 * cybqa host, PayPal's sandbox API — so its payments are test transactions with proforma invoices,
 * exactly as the server's sandbox configuration is treated; live mode is the live host.
 */
export type CompanyGatewayAccount = { gateway: GatewayKey; mode: GatewayMode; credentials: GatewayCredentials };

export type CompanyGatewayOptions = {
  /** PayFast ITNs must come from PayFast's addresses (default true: the hosts are always PayFast's own). */
  payfastCheckSourceIp?: boolean;
  /** Tests may point a mode at a fake; normally the gateways' published hosts. */
  hosts?: Partial<Record<GatewayKey, Partial<Record<GatewayMode, string>>>>;
};

export const COMPANY_GATEWAY_HOSTS: Record<GatewayKey, Record<GatewayMode, string>> = {
  payfast: { test: PAYFAST_SANDBOX, live: PAYFAST_LIVE },
  // Ozow has one host; test mode is the IsTest flag of each payment.
  ozow: { test: OZOW_API_URL, live: OZOW_API_URL },
  pesapal: { test: PESAPAL_SANDBOX_URL, live: PESAPAL_LIVE_URL },
  paypal: { test: PAYPAL_SANDBOX_URL, live: PAYPAL_LIVE_URL },
};

const value = (c: GatewayCredentials, name: string) => c[name]?.trim() || undefined;

/** The adapter for a company's own account; undefined when a required credential is missing. */
export function companyGateway(account: CompanyGatewayAccount, options: CompanyGatewayOptions = {}): PaymentGateway | undefined {
  const { gateway, mode, credentials: c } = account;
  const host = options.hosts?.[gateway]?.[mode] ?? COMPANY_GATEWAY_HOSTS[gateway][mode];
  const test = mode === 'test';
  switch (gateway) {
    case 'payfast': {
      const merchantId = value(c, 'merchantId');
      const merchantKey = value(c, 'merchantKey');
      if (!merchantId || !merchantKey) return undefined;
      return createPayFastGateway({
        merchantId,
        merchantKey,
        passphrase: value(c, 'passphrase'),
        baseUrl: host,
        sandbox: test,
        checkSourceIp: options.payfastCheckSourceIp ?? true,
      });
    }
    case 'ozow': {
      const siteCode = value(c, 'siteCode');
      const privateKey = value(c, 'privateKey');
      if (!siteCode || !privateKey) return undefined;
      const apiUrl = options.hosts?.ozow?.[mode] ?? OZOW_API_URL;
      const payUrl = options.hosts?.ozow?.[mode] ? `${apiUrl.replace(/\/+$/, '')}/` : OZOW_PAY_URL;
      return createOzowGateway({ siteCode, privateKey, apiKey: value(c, 'apiKey'), payUrl, apiUrl, isTest: test });
    }
    case 'pesapal': {
      const consumerKey = value(c, 'consumerKey');
      const consumerSecret = value(c, 'consumerSecret');
      if (!consumerKey || !consumerSecret) return undefined;
      return createPesapalGateway({ baseUrl: host, consumerKey, consumerSecret, test });
    }
    case 'paypal': {
      const clientId = value(c, 'clientId');
      const clientSecret = value(c, 'clientSecret');
      if (!clientId || !clientSecret) return undefined;
      return createPayPalGateway({ baseUrl: host, clientId, clientSecret, test });
    }
  }
}

/**
 * An adapter that only reads messages (`identify`) and answers them (`acknowledge`): both are
 * protocol, independent of any account. Used to find the attempt a notification claims before the
 * company — and so its credentials — is known, on a server without configuration of its own.
 */
export function protocolGateway(gateway: GatewayKey): PaymentGateway {
  const none = { gateway, mode: 'test' as const, credentials: {} };
  const placeholder: Record<GatewayKey, GatewayCredentials> = {
    payfast: { merchantId: '-', merchantKey: '-' },
    ozow: { siteCode: '-', privateKey: '-' },
    pesapal: { consumerKey: '-', consumerSecret: '-' },
    paypal: { clientId: '-', clientSecret: '-' },
  };
  return companyGateway({ ...none, credentials: placeholder[gateway] })!;
}
