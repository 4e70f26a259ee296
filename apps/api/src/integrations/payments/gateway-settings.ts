/**
 * PayFast and Ozow settings from the environment (read by config.ts, the only reader of process.env).
 *
 * Credentials switch a gateway to the real service. Without them, outside production, the gateway is
 * the protocol fake from tools/fakes mounted in this server under /dev/sandbox/<gateway> (so a newcomer
 * can pay on their own machine with one process), signed with the gateway's public test credentials.
 * In production without credentials the gateway is not offered.
 */
export type PayFastSettings = {
  merchantId: string;
  merchantKey: string;
  passphrase?: string;
  /**
   * Browser posts to `${baseUrl}/eng/process`; this server calls `${baseUrl}/eng/query/validate`.
   * Default with credentials: https://www.payfast.co.za in production, https://sandbox.payfast.co.za otherwise.
   */
  baseUrl: string;
  /**
   * Where the browser posts instead, when not baseUrl: the local sandbox is a path on the payer's own
   * site, so the checkout stays on whichever company's origin the customer pays on.
   */
  checkoutBaseUrl?: string;
  /** Not the live host: payments are test transactions (proforma invoices). */
  sandbox: boolean;
  /** ITNs must come from PayFast's addresses (on by default for payfast.co.za hosts). */
  checkSourceIp: boolean;
  /** The product itself must mount tools/fakes/payfast.ts at baseUrl. */
  localSandbox: boolean;
};

export type OzowSettings = {
  siteCode: string;
  privateKey: string;
  /** Enables the GetTransaction re-check of every result. */
  apiKey?: string;
  /** Where the browser posts: Ozow's host, a fake, or (local sandbox) a path on the payer's own site. */
  payUrl: string;
  apiUrl: string;
  isTest: boolean;
  localSandbox: boolean;
};

export type PaymentEnv = {
  PAYFAST_MERCHANT_ID?: string;
  PAYFAST_MERCHANT_KEY?: string;
  PAYFAST_PASSPHRASE?: string;
  PAYFAST_BASE_URL?: string;
  PAYFAST_CHECK_SOURCE_IP?: string;
  OZOW_SITE_CODE?: string;
  OZOW_PRIVATE_KEY?: string;
  OZOW_API_KEY?: string;
  OZOW_PAY_URL?: string;
  OZOW_API_URL?: string;
  OZOW_IS_TEST?: string;
};

/** The public test accounts the local fakes accept (PF-DOCS sandbox merchant; Ozow's documented test site). */
export const LOCAL_PAYFAST_ACCOUNT = { merchantId: '10000100', merchantKey: '46f0cd694581a', passphrase: 'jt7NOE43FZPn' } as const;
export const LOCAL_OZOW_SITE = {
  siteCode: 'TSTSTE0001',
  privateKey: '215114531AFF7134A94C88CEEA48E',
  apiKey: 'EB5758F2C3B4DF3FF4F2669D5FF5B',
} as const;

/** Where the product mounts the local sandboxes (form-gateways.ts). */
export const LOCAL_SANDBOX_PATH = { payfast: '/dev/sandbox/payfast', ozow: '/dev/sandbox/ozow' } as const;

export const PAYFAST_LIVE = 'https://www.payfast.co.za';
export const PAYFAST_SANDBOX = 'https://sandbox.payfast.co.za';
export const OZOW_PAY_URL = 'https://pay.ozow.com/';
export const OZOW_API_URL = 'https://api.ozow.com';
const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** One line per half-configured gateway (each secret needs its partner). */
export function paymentSettingsProblems(e: PaymentEnv): string[] {
  const pairs = [
    ['PAYFAST_MERCHANT_ID', 'PAYFAST_MERCHANT_KEY'],
    ['OZOW_SITE_CODE', 'OZOW_PRIVATE_KEY'],
  ] as const;
  return pairs.filter(([a, b]) => Boolean(e[a]) !== Boolean(e[b])).map(([a, b]) => `  ${e[a] ? b : a}: set both ${a} and ${b}, or neither`);
}

export function payfastSettings(e: PaymentEnv, env: string, publicUrl: string): PayFastSettings | undefined {
  if (e.PAYFAST_MERCHANT_ID && e.PAYFAST_MERCHANT_KEY) {
    // No base URL: live in production, PayFast's sandbox otherwise (never real money by surprise).
    const baseUrl = trimSlash(e.PAYFAST_BASE_URL ?? (env === 'production' ? PAYFAST_LIVE : PAYFAST_SANDBOX));
    const realHost = /^https:\/\/(www|sandbox)\.payfast\.co\.za$/.test(baseUrl);
    return {
      merchantId: e.PAYFAST_MERCHANT_ID,
      merchantKey: e.PAYFAST_MERCHANT_KEY,
      passphrase: e.PAYFAST_PASSPHRASE,
      baseUrl,
      sandbox: baseUrl !== PAYFAST_LIVE,
      checkSourceIp: e.PAYFAST_CHECK_SOURCE_IP ? e.PAYFAST_CHECK_SOURCE_IP === 'true' : realHost,
      localSandbox: false,
    };
  }
  if (env === 'production') return undefined;
  return {
    ...LOCAL_PAYFAST_ACCOUNT,
    baseUrl: `${publicUrl}/dev/sandbox/payfast`,
    checkoutBaseUrl: LOCAL_SANDBOX_PATH.payfast,
    sandbox: true,
    checkSourceIp: false,
    localSandbox: true,
  };
}

export function ozowSettings(e: PaymentEnv, env: string, publicUrl: string): OzowSettings | undefined {
  if (e.OZOW_SITE_CODE && e.OZOW_PRIVATE_KEY) {
    return {
      siteCode: e.OZOW_SITE_CODE,
      privateKey: e.OZOW_PRIVATE_KEY,
      apiKey: e.OZOW_API_KEY,
      payUrl: e.OZOW_PAY_URL ?? OZOW_PAY_URL,
      apiUrl: trimSlash(e.OZOW_API_URL ?? OZOW_API_URL),
      // Real credentials outside production default to Ozow's test mode (the payer picks the outcome).
      isTest: e.OZOW_IS_TEST ? e.OZOW_IS_TEST === 'true' : env !== 'production',
      localSandbox: false,
    };
  }
  if (env === 'production') return undefined;
  // The browser posts on its own site (every company origin); this server calls the API at publicUrl.
  return {
    ...LOCAL_OZOW_SITE,
    payUrl: `${LOCAL_SANDBOX_PATH.ozow}/`,
    apiUrl: `${publicUrl}${LOCAL_SANDBOX_PATH.ozow}`,
    isTest: true,
    localSandbox: true,
  };
}
