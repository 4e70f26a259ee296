import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { GatewayCredentials, GatewayMode } from '@mawingu/contracts/admin/payments';
import { GATEWAYS, type GatewayKey } from '@mawingu/contracts/purchase';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { companyGatewayCredentials } from '../../../db/schema.ts';
import { companyGateway, protocolGateway, type CompanyGatewayOptions } from '../../../integrations/payments/company-gateways.ts';
import type { PaymentGateway } from '../../../integrations/payments/payment-gateway.ts';
import type { SecretBox } from '../../../integrations/secrets/secret-box.ts';
import { counted, countedFetch } from '../../../observability/counted-cache.ts';
import { gatewaysFromConfig, type GatewayRegistry } from './gateway-registry.ts';

type ServerConfig = Pick<Config, 'payfast' | 'ozow' | 'pesapal' | 'paypal'>;

/** Where a company's payments through one gateway go. */
export type ResolvedGateway = {
  /** company: its own (sealed) credentials; server: this server's configuration; sandbox: the local fake. */
  source: 'company' | 'server' | 'sandbox';
  mode: GatewayMode;
  /** Test transactions (sandbox host, Ozow IsTest): proforma invoices. */
  test: boolean;
  adapter: PaymentGateway;
};

/**
 * The company stored credentials that this server cannot open: they were sealed under another
 * secret key (AUTH_SECRET or DATA_DIR/auth-secret changed) or altered. The gateway is then not
 * offered to that company — never the server's own account in their place, which would send the
 * company's money to someone else — until an operator enters the credentials again.
 */
export class UnreadableCredentialsError extends Error {
  constructor(
    readonly companyId: number,
    readonly gateway: GatewayKey,
  ) {
    super(`company ${companyId}: the stored ${gateway} credentials cannot be opened with this server's secret key`);
    this.name = 'UnreadableCredentialsError';
  }
}

export type StoredGatewayRow = typeof companyGatewayCredentials.$inferSelect;

export type GatewayCredentialsDeps = {
  db: Db;
  secretBox: SecretBox;
  config: ServerConfig;
  cacheTtlMs: number;
  /** The server's own adapters (built once: Pesapal and PayPal cache tokens); tests may pass their own. */
  server?: GatewayRegistry;
  /** For tests: hosts of the company accounts' modes. */
  companyOptions?: CompanyGatewayOptions;
};

/**
 * The one place that says which account a company pays through (issue 7, point 4): the company's
 * own credentials and mode when it stored some, else the server's configuration (or the local
 * sandbox outside production) as before. Rows are cached per company for the short catalogue TTL
 * and dropped on every instance when the console changes them (`dropCached`); adapters are kept per
 * credentials, so Pesapal's and PayPal's token caches survive the row cache.
 */
export function createGatewayCredentials(deps: GatewayCredentialsDeps) {
  const { db, secretBox, cacheTtlMs } = deps;
  const server = deps.server ?? gatewaysFromConfig(deps.config);
  const protocols = new Map<GatewayKey, PaymentGateway>();

  const load = async (companyId: number) => {
    const rows = await db.select().from(companyGatewayCredentials).where(eq(companyGatewayCredentials.companyId, companyId));
    return new Map(rows.map((r) => [r.gateway as GatewayKey, r]));
  };
  const rowCache = new LRUCache<number, Map<GatewayKey, StoredGatewayRow>>({ max: 1000, ttl: Math.max(cacheTtlMs, 1), fetchMethod: load });
  const adapters = new LRUCache<string, PaymentGateway>({ max: 500 });
  const formOrigins = new LRUCache<number, string[]>({ max: 1000, ttl: Math.max(cacheTtlMs, 1) });

  async function storedOf(companyId: number): Promise<Map<GatewayKey, StoredGatewayRow>> {
    if (cacheTtlMs <= 0) return load(companyId);
    return (await countedFetch('gateway-credentials', rowCache, companyId))!;
  }

  /** The stored credentials opened; undefined when they cannot be (see UnreadableCredentialsError). */
  function open(row: StoredGatewayRow): GatewayCredentials | undefined {
    try {
      const parsed: unknown = JSON.parse(secretBox.open(row.credentialsSealed));
      return parsed && typeof parsed === 'object' ? (parsed as GatewayCredentials) : undefined;
    } catch {
      return undefined;
    }
  }

  function serverResolution(gateway: GatewayKey): ResolvedGateway | undefined {
    const adapter = server[gateway];
    const settings = deps.config[gateway];
    if (!adapter) return undefined;
    const test = !settings ? true : 'sandbox' in settings ? settings.sandbox : 'isTest' in settings ? settings.isTest : settings.test;
    return { source: settings?.localSandbox ? 'sandbox' : 'server', mode: test ? 'test' : 'live', test, adapter };
  }

  /**
   * A company's account for one gateway: its own when stored, else the server's; undefined when
   * neither exists (the gateway is not offered). Throws UnreadableCredentialsError for stored
   * credentials this server cannot open.
   */
  async function gatewayCredentialsFor(companyId: number, gateway: GatewayKey): Promise<ResolvedGateway | undefined> {
    const row = (await storedOf(companyId)).get(gateway);
    if (!row) return serverResolution(gateway);
    const mode = row.mode === 'live' ? 'live' : 'test';
    const key = `${companyId}:${gateway}:${mode}:${row.credentialsSealed}`;
    let adapter = adapters.get(key);
    if (!adapter) {
      const credentials = open(row);
      adapter = credentials && companyGateway({ gateway, mode, credentials }, deps.companyOptions);
      if (!adapter) throw new UnreadableCredentialsError(companyId, gateway);
      adapters.set(key, adapter);
    }
    return { source: 'company', mode, test: mode === 'test', adapter };
  }

  /** The adapter a company pays through; undefined when the gateway is not available to it. */
  async function adapterFor(companyId: number, gateway: GatewayKey): Promise<PaymentGateway | undefined> {
    return (await gatewayCredentialsFor(companyId, gateway))?.adapter;
  }

  /** Reads which attempt a message claims and answers the gateway (protocol only, no account). */
  function protocol(gateway: GatewayKey): PaymentGateway {
    const own = server[gateway];
    if (own) return own;
    let adapter = protocols.get(gateway);
    if (!adapter) protocols.set(gateway, (adapter = protocolGateway(gateway)));
    return adapter;
  }

  /** The gateways a company can be paid through now (its readable credentials, else the server's). */
  async function offered(companyId: number): Promise<Set<GatewayKey>> {
    const available = new Set<GatewayKey>();
    for (const gateway of GATEWAYS) {
      const resolved = await gatewayCredentialsFor(companyId, gateway).catch((err: unknown) => {
        if (err instanceof UnreadableCredentialsError) return undefined;
        throw err;
      });
      if (resolved) available.add(gateway);
    }
    return available;
  }

  /**
   * Where a company's checkout forms may be posted (the site's CSP form-action besides 'self'): the
   * origins of the form-post gateways it pays through now — its own account's host for its mode,
   * else the server's configuration. Cached like the rows, and dropped with them by `dropCached`.
   */
  async function checkoutFormOrigins(companyId: number): Promise<string[]> {
    const hit = cacheTtlMs > 0 ? counted('checkout-form-origins', formOrigins.get(companyId)) : undefined;
    if (hit) return hit;
    const origins = new Set<string>();
    for (const gateway of GATEWAYS) {
      const resolved = await gatewayCredentialsFor(companyId, gateway).catch((err: unknown) => {
        if (err instanceof UnreadableCredentialsError) return undefined;
        throw err;
      });
      if (resolved?.adapter.checkoutFormOrigin) origins.add(resolved.adapter.checkoutFormOrigin);
    }
    const list = [...origins].sort();
    if (cacheTtlMs > 0) formOrigins.set(companyId, list);
    return list;
  }

  return {
    gatewayCredentialsFor,
    adapterFor,
    protocol,
    offered,
    checkoutFormOrigins,
    /** The server's own account for a gateway (what a company without credentials uses). */
    serverResolution,
    /** Forgets this instance's copy of a company's credentials (or all): called by the cache bus on every instance. */
    dropCached(companyId?: number) {
      if (companyId === undefined) {
        rowCache.clear();
        formOrigins.clear();
      } else {
        rowCache.delete(companyId);
        formOrigins.delete(companyId);
      }
    },
  };
}

export type GatewayCredentialsSource = ReturnType<typeof createGatewayCredentials>;
/** What the paying code needs: a company's adapter, and any adapter to read a message with. */
export type GatewaySource = Pick<GatewayCredentialsSource, 'adapterFor' | 'protocol' | 'gatewayCredentialsFor'>;

/** A fixed set of adapters for every company (tests that bring their own adapters). */
export function fixedGateways(registry: GatewayRegistry): GatewaySource {
  return {
    adapterFor: async (_companyId, gateway) => registry[gateway],
    protocol: (gateway) => registry[gateway] ?? protocolGateway(gateway),
    gatewayCredentialsFor: async (_companyId, gateway) => {
      const adapter = registry[gateway];
      return adapter && { source: 'server', mode: 'test', test: true, adapter };
    },
  };
}
