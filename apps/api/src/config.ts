import path from 'node:path';
import { z } from 'zod';
import {
  ozowSettings,
  payfastSettings,
  paymentSettingsProblems,
  type OzowSettings,
  type PayFastSettings,
} from './integrations/payments/gateway-settings.ts';
import {
  hypervisorSettings,
  infrastructureProblems,
  merakiSettings,
  type HypervisorSettings,
} from './integrations/infrastructure-settings.ts';
import type { MerakiSettings } from './integrations/network/meraki.ts';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy.ts';
import { defaultWebDist } from './resources.ts';
import { storageProblems, storageSettings, type StorageSettings } from './integrations/storage/storage-settings.ts';
import {
  metricsSettings,
  observabilityEnvShape,
  observabilityProblems,
  type MetricsSettings,
} from './observability/observability-settings.ts';

/**
 * The only reader of process.env. Every variable is checked at boot; a bad value stops the
 * process with one line per problem, so an operator never debugs a half-configured server.
 */
const optionalUrl = (protocols: string[], name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || protocols.some((p) => value.startsWith(`${p}://`)), {
      message: `${name} must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

const optionalSecret = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const optionalSetting = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));
const optionalFlag = (name: string) =>
  optionalSetting.refine((value) => value === undefined || value === 'true' || value === 'false', {
    message: `${name} must be true or false`,
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  TRUST_PROXY: optionalSetting.superRefine((value, ctx) => {
    const parsed = parseTrustProxy(value);
    if ('problem' in parsed) ctx.addIssue({ code: 'custom', message: parsed.problem });
  }),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl(['http', 'https'], 'PUBLIC_URL'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql'], 'DATABASE_URL'),
  /** Connections of each instance's PostgreSQL pool for requests (the job queue has its own 4). */
  // 20: a busy instance holds each connection for a turn of its event loop per query (ADR 0130); 3 instances stay under PostgreSQL's default 100.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(20),
  // 16: on the mixed-load bench 8 cost a third of the throughput, 48 left the passes long (ADR 0131); 0 lets every request in at once.
  ADMIT_PER_TURN: z.coerce.number().int().min(0).max(100000).default(8),
  // Issue 14: per-address rate limits in Redis (else in the shared PostgreSQL, else in memory).
  REDIS_URL: optionalUrl(['redis', 'rediss'], 'REDIS_URL'),
  // Issue 14: files in an S3-compatible bucket; the SDK itself reads the AWS_* variables checked here.
  S3_BUCKET: optionalSetting,
  S3_FORCE_PATH_STYLE: optionalFlag('S3_FORCE_PATH_STYLE'),
  AWS_ENDPOINT_URL_S3: optionalUrl(['http', 'https'], 'AWS_ENDPOINT_URL_S3'),
  AWS_REGION: optionalSetting,
  AWS_ACCESS_KEY_ID: optionalSetting,
  AWS_SECRET_ACCESS_KEY: optionalSecret,
  SMTP_URL: optionalUrl(['smtp', 'smtps'], 'SMTP_URL'),
  MAIL_FROM: z.string().trim().min(3).default('Mawingu <no-reply@mawingu.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  WEB_DIST: z.string().trim().min(1).optional(),
  CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  SIMULATOR_BOOT_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
  /** Unset: RDAP in production (the real registry), the local list elsewhere. */
  DOMAIN_CHECK: z.enum(['local', 'rdap']).optional(),
  RDAP_URL: optionalUrl(['http', 'https'], 'RDAP_URL'),
  /** Who may open /dev/* (outbox, gateway sandboxes) outside production: this machine only, or anyone. */
  DEV_TOOLS: z.enum(['local', 'open']).default('local'),
  AUTH_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || value.length >= 32, { message: 'AUTH_SECRET must be at least 32 characters' }),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  /** How long a console (operator) login lasts before the operator signs in again. */
  OPERATOR_SESSION_HOURS: z.coerce.number().int().min(1).max(24).default(8),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // PayFast and Ozow (issue 5): credentials switch each to its real gateway; none → the local sandbox.
  PAYFAST_MERCHANT_ID: optionalSetting,
  PAYFAST_MERCHANT_KEY: optionalSetting,
  PAYFAST_PASSPHRASE: optionalSetting,
  PAYFAST_BASE_URL: optionalUrl(['http', 'https'], 'PAYFAST_BASE_URL'),
  PAYFAST_CHECK_SOURCE_IP: optionalFlag('PAYFAST_CHECK_SOURCE_IP'),
  OZOW_SITE_CODE: optionalSetting,
  OZOW_PRIVATE_KEY: optionalSetting,
  OZOW_API_KEY: optionalSetting,
  OZOW_PAY_URL: optionalUrl(['http', 'https'], 'OZOW_PAY_URL'),
  OZOW_API_URL: optionalUrl(['http', 'https'], 'OZOW_API_URL'),
  OZOW_IS_TEST: optionalFlag('OZOW_IS_TEST'),
  // Pesapal and PayPal (issue 5): credentials switch each to its real API; none → the local sandbox.
  PESAPAL_CONSUMER_KEY: optionalSecret,
  PESAPAL_CONSUMER_SECRET: optionalSecret,
  PESAPAL_BASE_URL: optionalUrl(['http', 'https'], 'PESAPAL_BASE_URL'),
  PAYPAL_CLIENT_ID: optionalSecret,
  PAYPAL_CLIENT_SECRET: optionalSecret,
  PAYPAL_BASE_URL: optionalUrl(['http', 'https'], 'PAYPAL_BASE_URL'),
  // Hypervisors and Cisco Meraki (issue 6): credentials switch each to its real API; none → the simulator.
  HC3_URL: optionalUrl(['https', 'http'], 'HC3_URL'),
  HC3_USERNAME: optionalSetting,
  HC3_PASSWORD: optionalSecret,
  HC3_INSECURE_TLS: optionalFlag('HC3_INSECURE_TLS'),
  OPENNEBULA_URL: optionalUrl(['http', 'https'], 'OPENNEBULA_URL'),
  OPENNEBULA_USERNAME: optionalSetting,
  OPENNEBULA_PASSWORD: optionalSecret,
  OPENNEBULA_FIREEDGE_URL: optionalUrl(['http', 'https'], 'OPENNEBULA_FIREEDGE_URL'),
  NODEWEAVER_URL: optionalUrl(['http', 'https'], 'NODEWEAVER_URL'),
  NODEWEAVER_USERNAME: optionalSetting,
  NODEWEAVER_PASSWORD: optionalSecret,
  NODEWEAVER_FIREEDGE_URL: optionalUrl(['http', 'https'], 'NODEWEAVER_FIREEDGE_URL'),
  HYPERVISOR_TASK_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(3600).default(600),
  // Issue 13: a dead instance's jobs are taken back within about a lease; a stop waits this grace.
  JOB_LEASE_SECONDS: z.coerce.number().int().min(4).max(600).default(60),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(25),
  // Issue 14: on SIGTERM /api/ready answers 503 this long before the port closes, so a load balancer stops sending first.
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  MERAKI_API_KEY: optionalSecret,
  MERAKI_NETWORK_ID: optionalSetting,
  MERAKI_BASE_URL: optionalUrl(['https', 'http'], 'MERAKI_BASE_URL'),
  MERAKI_PUBLIC_IP: optionalSetting.refine(
    (value) => value === undefined || /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(value),
    {
      message: 'MERAKI_PUBLIC_IP must be a dotted IPv4 address',
    },
  ),
  // Issue 14: Prometheus metrics on a listener of their own, OpenTelemetry traces.
  ...observabilityEnvShape,
  ZAR_TO_USD_RATE: z
    .string()
    .trim()
    .regex(/^(0|[1-9]\d{0,5})(\.\d{1,10})?$/, { message: 'ZAR_TO_USD_RATE must be a decimal number such as 0.063' })
    .refine((value) => Number(value) > 0, { message: 'ZAR_TO_USD_RATE must be greater than 0' })
    .default('0.063'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Which proxies' X-Forwarded-For is believed; none: the socket's address is the client's. */
  trustProxy: TrustProxy;
  /** The demo company's site origin; the seed maps it (and its 127.0.0.1 twin) to the demo company. */
  publicUrl: string;
  /** True when PUBLIC_URL was given (e.g. by `npm run dev`, where the browser opens Vite's port). */
  publicUrlIsSet: boolean;
  dataDir: string;
  /** Where uploaded and seeded files live: DATA_DIR/files, or the S3_BUCKET every instance shares. */
  storage: StorageSettings;
  databaseUrl: string | undefined;
  /** Size of the PostgreSQL pool for requests (DATABASE_POOL_SIZE; not used on PGlite). */
  databasePoolSize: number;
  /** New requests let in per turn of the event loop on PostgreSQL (ADMIT_PER_TURN; 0: all; http/admission.ts). */
  admitPerTurn: number;
  /** Where per-address rate limits count when set (http/rate-limit/storage.ts). */
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  seedDemo: 'auto' | 'always' | 'never';
  webDist: string;
  cacheTtlMs: number;
  /** How long a new VM of the simulator hypervisor takes to boot (ms). */
  simulatorBootMs: number;
  /** Domain availability: the local taken-domains list, or the .com registry's RDAP service. */
  domainCheck: 'local' | 'rdap';
  rdapUrl: string;
  /** /dev/* (outbox, gateway sandboxes; never mounted in production): 'local' → this machine only, 'open' → anyone. */
  devTools: 'local' | 'open';
  /**
   * Key that signs access tokens. Unset: a random key kept in DATA_DIR/auth-secret (fine for one
   * instance; several instances sharing PostgreSQL must all be given the same AUTH_SECRET).
   */
  authSecret: string | undefined;
  accessTokenTtlSeconds: number;
  operatorSessionTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** PayFast; undefined when not configured in production (see gateway-settings.ts). */
  payfast: PayFastSettings | undefined;
  /** Ozow; undefined when not configured in production. */
  ozow: OzowSettings | undefined;
  /** Pesapal API 3.0; undefined when not configured in production (the gateway is not offered). */
  pesapal: RedirectGatewayConfig | undefined;
  /** PayPal REST; undefined when not configured in production. */
  paypal: RedirectGatewayConfig | undefined;
  /** 1 ZAR in USD for the PayPal-type gateway (decimal string; the pricing engine converts with it). */
  zarToUsdRate: string;
  /** HC3, OpenNebula and NodeWeaver connections; an absent one is served by the simulator. */
  hypervisors: HypervisorSettings;
  /** Cisco Meraki; undefined → the simulator network (rules in the database). */
  meraki: MerakiSettings | undefined;
  /** Job leases and graceful stop (see jobs/queue.ts). */
  jobs: { leaseSeconds: number; shutdownGraceSeconds: number };
  /** On SIGTERM: how long the instance keeps serving while /api/ready says 503 (main.ts). */
  shutdownDrainSeconds: number;
  /** The Prometheus listener (METRICS_PORT, METRICS_HOST); undefined: no metrics served. */
  metrics: MetricsSettings | undefined;
};

/**
 * A gateway reached by server-to-server calls. With no credentials outside production it is the
 * protocol fake mounted in this server under /dev/sandbox/<gateway>, with the fake's own credentials.
 */
export type RedirectGatewayConfig = {
  baseUrl: string;
  id: string;
  secret: string;
  /** Not the live host: payments are test transactions (proforma invoices). */
  test: boolean;
  /** The product itself must mount the fake at baseUrl. */
  localSandbox: boolean;
};

/** Credentials the local fakes accept (tools/fakes/pesapal.ts, paypal.ts; a test keeps them equal). */
export const LOCAL_SANDBOX_CREDENTIALS = {
  pesapal: { id: 'sandbox-pesapal-consumer-key', secret: 'sandbox-pesapal-consumer-secret' },
  paypal: { id: 'sandbox-paypal-client-id', secret: 'sandbox-paypal-client-secret' },
} as const;

const LIVE_HOSTS = { pesapal: 'https://pay.pesapal.com/v3', paypal: 'https://api-m.paypal.com' } as const;
const SANDBOX_HOSTS = { pesapal: 'https://cybqa.pesapal.com/pesapalv3', paypal: 'https://api-m.sandbox.paypal.com' } as const;

function redirectGateway(
  gateway: 'pesapal' | 'paypal',
  given: { id?: string; secret?: string; baseUrl?: string },
  env: Config['env'],
  publicUrl: string,
): RedirectGatewayConfig | undefined {
  if (given.id && given.secret) {
    // Real credentials without a base URL: the live host in production, the provider's sandbox otherwise.
    const baseUrl = (given.baseUrl ?? (env === 'production' ? LIVE_HOSTS[gateway] : SANDBOX_HOSTS[gateway])).replace(/\/+$/, '');
    return { baseUrl, id: given.id, secret: given.secret, test: baseUrl !== LIVE_HOSTS[gateway], localSandbox: false };
  }
  if (env === 'production') return undefined;
  return { baseUrl: `${publicUrl}/dev/sandbox/${gateway}`, ...LOCAL_SANDBOX_CREDENTIALS[gateway], test: true, localSandbox: true };
}

export class ConfigError extends Error {}

/**
 * What a production server cannot run without. The development fallbacks would fail quietly there:
 * mail kept in an outbox nobody can read (so no one-time code ever arrives), and a signing key of
 * each instance's own (so a token from one instance is refused by the next).
 */
function productionProblems(e: { NODE_ENV: string; SMTP_URL?: string; AUTH_SECRET?: string }): string[] {
  if (e.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!e.SMTP_URL)
    problems.push(
      '  SMTP_URL: required in production (smtp:// or smtps://); without it no one-time code or password-reset link is ever delivered',
    );
  if (!e.AUTH_SECRET)
    problems.push('  AUTH_SECRET: required in production (at least 32 characters, the same on every instance); it signs every session');
  return problems;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const gatewayProblems = paymentSettingsProblems(e);
  const infrastructure = infrastructureProblems(e);
  if (infrastructure.length > 0) throw new ConfigError(`Invalid configuration:\n${infrastructure.join('\n')}`);
  if (gatewayProblems.length > 0) throw new ConfigError(`Invalid configuration:\n${gatewayProblems.join('\n')}`);
  const storage = storageProblems(e);
  if (storage.length > 0) throw new ConfigError(`Invalid configuration:\n${storage.join('\n')}`);
  const observability = observabilityProblems(e);
  if (observability.length > 0) throw new ConfigError(`Invalid configuration:\n${observability.join('\n')}`);
  const production = productionProblems(e);
  if (production.length > 0) throw new ConfigError(`Invalid configuration:\n${production.join('\n')}`);
  const halfSet = (
    [
      ['PESAPAL_CONSUMER_KEY', 'PESAPAL_CONSUMER_SECRET'],
      ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'],
    ] as const
  ).filter(([a, b]) => Boolean(e[a]) !== Boolean(e[b]));
  if (halfSet.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${halfSet.map(([a, b]) => `  ${e[a] ? b : a}: set both ${a} and ${b}, or neither`).join('\n')}`,
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    trustProxy: parseTrustProxy(e.TRUST_PROXY) as TrustProxy,
    publicUrl,
    publicUrlIsSet: e.PUBLIC_URL !== undefined,
    dataDir: path.resolve(e.DATA_DIR),
    storage: storageSettings(e, path.resolve(e.DATA_DIR)),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    admitPerTurn: e.ADMIT_PER_TURN,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : defaultWebDist,
    cacheTtlMs: e.CACHE_TTL_SECONDS * 1000,
    simulatorBootMs: e.SIMULATOR_BOOT_MS,
    domainCheck: e.DOMAIN_CHECK ?? (e.NODE_ENV === 'production' ? 'rdap' : 'local'),
    rdapUrl: e.RDAP_URL ?? 'https://rdap.verisign.com/com/v1',
    devTools: e.DEV_TOOLS,
    authSecret: e.AUTH_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    operatorSessionTtlSeconds: e.OPERATOR_SESSION_HOURS * 3600,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    payfast: payfastSettings(e, e.NODE_ENV, (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '')),
    ozow: ozowSettings(e, e.NODE_ENV, (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '')),
    pesapal: redirectGateway(
      'pesapal',
      { id: e.PESAPAL_CONSUMER_KEY, secret: e.PESAPAL_CONSUMER_SECRET, baseUrl: e.PESAPAL_BASE_URL },
      e.NODE_ENV,
      publicUrl,
    ),
    paypal: redirectGateway(
      'paypal',
      { id: e.PAYPAL_CLIENT_ID, secret: e.PAYPAL_CLIENT_SECRET, baseUrl: e.PAYPAL_BASE_URL },
      e.NODE_ENV,
      publicUrl,
    ),
    zarToUsdRate: e.ZAR_TO_USD_RATE,
    hypervisors: hypervisorSettings(e),
    meraki: merakiSettings(e),
    jobs: { leaseSeconds: e.JOB_LEASE_SECONDS, shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS },
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    metrics: metricsSettings(e),
  };
}
