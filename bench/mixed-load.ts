/**
 * `npm run bench:mixed`: browsing and buying at once, as a site's visitors do (issue 19). The
 * release build (apps/api/dist, apps/web/dist) in production mode, on the embedded PGlite and,
 * when DATABASE_URL is set, again on PostgreSQL. For MIXED_SECONDS (default 60), 200 connections
 * (MIXED_CONNECTIONS) share out over the HTML shell, the first load's JS/CSS with
 * `accept-encoding: br`, the public reads, and a customer's account calls (VM list, purchase
 * history, profile), each call with its own connections so each has its own figures; beside them
 * MIXED_PURCHASES_PER_SECOND (default 3) purchases, each CreateOrder, startPayment and the result
 * page's transactionApi on a bypass shop (paid without a gateway; the simulator makes the VM).
 * Budget for every call: 0 errors, p99 ≤ 250 ms. Exits non-zero on a miss.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { and, asc, eq } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config.ts';
import { openConfiguredDatabase } from '../apps/api/src/db/open-configured.ts';
import { products } from '../apps/api/src/db/schema.ts';
import { seedDemo } from '../apps/api/src/db/seed/demo-company.ts';
import { createCustomer } from '../apps/api/src/db/seed/factories.ts';
import { setPurchaseTerms } from '../apps/api/src/db/seed/purchase-factories.ts';
import { createSimulatedVm } from '../apps/api/src/db/seed/vm-factories.ts';
import { createLocalFileStore } from '../apps/api/src/integrations/storage/local-file-store.ts';
import { createAccessTokens } from '../apps/api/src/modules/identity/auth/access-tokens.ts';
import { resolveAuthSecret } from '../apps/api/src/modules/identity/auth/auth-secret.ts';
import { createSessionStore } from '../apps/api/src/modules/identity/auth/session-store.ts';
import { createFileService } from '../apps/api/src/modules/tenant/files/service.ts';
import { createEmptyPostgresDatabase } from '../apps/api/test/test-db.ts';
import { freePort, productionEnv, startProduct } from '../tools/start-product.ts';
import { benchOrder, seedBenchShop } from './bench-shop.ts';
import { load, loadAverage } from './ceiling.ts';
import { visitorReads } from './visitor-reads.ts';

const BUDGET = { maxP99Ms: 250, maxErrors: 0 };
const seconds = Number(process.env.MIXED_SECONDS ?? 60);
const connections = Number(process.env.MIXED_CONNECTIONS ?? 200);
const purchasesPerSecond = Number(process.env.MIXED_PURCHASES_PER_SECOND ?? 3);
const BUYERS = 20;
const root = path.resolve(import.meta.dirname, '..');
const webDist = path.join(root, 'apps/web/dist');

/** Connections of each call at 200 (scaled for MIXED_CONNECTIONS): the shell and assets as every page view fetches them, 10 per read, 15 per account call. */
const SHARE = { shell: 20, assets: 30, read: 10, account: 15 };
const conns = (n: number) => Math.max(1, Math.round((n * connections) / 200));
/** The reads of issue 19's list (bench:reads measures these and a few more). */
const READS = new Set([
  'getCompanyConfiguration',
  'getDropdownList',
  'home/getProductServices',
  'home/getCompanyAddress',
  'marketPlace/getProducts',
  'marketplace/getExternalCloud',
  'news/getAllNews',
  'news/getNewsDetail',
  'faq/getFaq',
  'getCountryCode',
]);

type Row = { call: string; connections: number; requests: number; errors: number; p50: number; p99: number };

if (!fs.existsSync(path.join(root, 'apps/api/dist/main.js')) || !fs.existsSync(path.join(webDist, 'index.html'))) {
  console.log('No release build (apps/api/dist, apps/web/dist): running `npm run build` first.');
  if (spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}
/** What the first load fetches besides the shell: the scripts and styles index.html names. */
const assets = [
  ...new Set(
    [...fs.readFileSync(path.join(webDist, 'index.html'), 'utf8').matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!),
  ),
];

/** The demo site with a customer owning 5 VMs, and the bypass shop with its buyers, each signed in as the login's last step does it. */
async function seed(env: Record<string, string>, port: number, dataDir: string, shopOrigin: string) {
  const config = loadConfig({ ...env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'silent' });
  const database = await openConfiguredDatabase(config);
  try {
    const { db } = database;
    const sessions = createSessionStore(db, createAccessTokens(resolveAuthSecret(config), config.accessTokenTtlSeconds), 1);
    const company = await seedDemo(db, createFileService(db, createLocalFileStore(path.join(dataDir, 'files'))), config.publicUrl);
    const customer = await createCustomer(db, company.id, { email: 'bench@mixed.example', firstName: 'Bench', lastName: 'Customer' });
    const shop = await seedBenchShop(db, shopOrigin);
    await setPurchaseTerms(db, shop.company.id, { bypass: true });
    const [product] = await db
      .select()
      .from(products)
      .where(and(eq(products.companyId, company.id), eq(products.serviceName, 'virtualmachine')))
      .orderBy(asc(products.id))
      .limit(1);
    if (!product) throw new Error('the demo catalogue has no VM product');
    for (let i = 1; i <= 5; i++) {
      await createSimulatedVm(db, {
        ...{ companyId: company.id, customerId: customer.id, productId: product.id, os: product.osType },
        ...{ name: `mixed-vm-${i}`, cpu: 2, ramGb: 4, diskGb: 40, endInDays: 10 + i },
      });
    }
    const buyers = [];
    for (let i = 0; i < BUYERS; i++) {
      const buyer = await createCustomer(db, shop.company.id, { email: `buyer-${i}@mixed.example` });
      buyers.push(await sessions.start(shop.company.id, buyer.id));
    }
    return { account: await sessions.start(company.id, customer.id), buyers, order: benchOrder(shop.product.id, shop.za.id) };
  } finally {
    await database.close();
  }
}

/** A steady stream of purchases until `until`, each step timed as a call of its own. */
async function purchases(base: string, shopOrigin: string, seeded: Awaited<ReturnType<typeof seed>>, until: number): Promise<Row[]> {
  const steps = {
    'CreateOrder (purchase)': [] as number[],
    'startPayment (bypass)': [] as number[],
    'transactionApi (paid)': [] as number[],
  };
  const errors: Record<keyof typeof steps, number> = {
    'CreateOrder (purchase)': 0,
    'startPayment (bypass)': 0,
    'transactionApi (paid)': 0,
  };
  const step = async (name: keyof typeof steps, p: string, body: object, headers: Record<string, string>) => {
    const started = performance.now();
    const res = await fetch(`${base}${p}`, { method: 'POST', headers, body: JSON.stringify(body) }).catch(() => undefined);
    const json = res && ((await res.json().catch(() => undefined)) as { data?: any } | undefined);
    steps[name].push(performance.now() - started);
    if (!res?.ok) errors[name]++;
    return res?.ok ? json?.data : undefined;
  };
  const buy = async (n: number) => {
    const buyer = seeded.buyers[n % seeded.buyers.length]!;
    // Each purchase from another address of the benchmark range (198.18.0.0/15; TRUST_PROXY is
    // loopback), so the per-address limits (60 orders, 30 payments a minute) count each buyer alone.
    const headers = {
      'content-type': 'application/json',
      origin: shopOrigin,
      authorization: buyer.token,
      refreshtoken: buyer.refreshToken,
      'x-forwarded-for': `198.18.${(n >> 8) & 255}.${n & 255}`,
    };
    const order = await step('CreateOrder (purchase)', '/api/virtualMachine/CreateOrder', seeded.order, headers);
    if (!order) return;
    const started = await step('startPayment (bypass)', '/api/virtualMachine/startPayment', { orderID: order.orderID }, headers);
    if (!started) return;
    const paid = await step(
      'transactionApi (paid)',
      '/api/virtualMachine/transactionApi',
      { orderId: order.orderID, TransactionReference: started.transactionReference, byPass: 1 },
      headers,
    );
    if (paid && paid.transactionStatus !== 'Complete') errors['transactionApi (paid)']++;
  };
  const running: Promise<void>[] = [];
  for (let n = 0; Date.now() < until; n++) {
    running.push(buy(n));
    await new Promise((r) => setTimeout(r, 1000 / purchasesPerSecond));
  }
  await Promise.all(running);
  const pct = (xs: number[], q: number) =>
    Math.round([...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0);
  return Object.entries(steps).map(([call, xs]) => ({
    call,
    connections: 0,
    requests: xs.length,
    errors: errors[call as keyof typeof steps],
    p50: pct(xs, 0.5),
    p99: pct(xs, 0.99),
  }));
}

async function measure(database: 'PGlite' | 'PostgreSQL'): Promise<Row[]> {
  const pg = database === 'PostgreSQL' ? await createEmptyPostgresDatabase(process.env.DATABASE_URL!) : undefined;
  const env = { ...productionEnv(), TRUST_PROXY: 'loopback', LOG_LEVEL: 'error', ...(pg ? { DATABASE_URL: pg.url } : {}) };
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mawingu-bench-mixed-'));
  const shopOrigin = `http://bench-orders.localhost:${port}`;
  try {
    const seeded = await seed(env, port, dataDir, shopOrigin);
    // The compiled API from this checkout with plain node, as a release runs it.
    const product = await startProduct({ port, dataDir, env, release: root });
    try {
      const base = `http://127.0.0.1:${port}`;
      const reads = (await visitorReads(base, product.origin)).filter((r) => r.path === '/home' || READS.has(r.name));
      const account = { 'content-type': 'application/json', origin: product.origin, authorization: seeded.account.token };
      type Load = { call: string; connections: number; requests: autocannon.Request[] };
      const request = (r: (typeof reads)[number]): autocannon.Request =>
        r.body
          ? { method: 'POST', path: r.path, headers: { 'content-type': 'application/json', ...r.headers }, body: JSON.stringify(r.body) }
          : { method: 'GET', path: r.path, headers: r.headers ?? {} };
      const loads: Load[] = [
        ...reads.map((r) => ({ call: r.name, connections: conns(r.path === '/home' ? SHARE.shell : SHARE.read), requests: [request(r)] })),
        {
          call: `assets (${assets.length} JS/CSS, br)`,
          connections: conns(SHARE.assets),
          requests: assets.map((a) => ({ method: 'GET', path: a, headers: { 'accept-encoding': 'br, gzip' } })),
        },
        ...['/api/virtualMachine/getUserVMs', '/api/virtualMachine/getPurchaseHistory', '/api/profileSetting/userProfileInfo'].map((p) => ({
          call: `${p.replace('/api/', '')} (signed in)`,
          connections: conns(SHARE.account),
          requests: [{ method: 'GET' as const, path: p, headers: account }],
        })),
      ];
      // Each call answers before the load starts, the assets compressed with brotli.
      for (const { call, requests } of loads) {
        for (const r of requests) {
          const res = await fetch(`${base}${r.path}`, {
            method: r.method,
            headers: r.headers as Record<string, string>,
            body: r.body as string | undefined,
          });
          await res.arrayBuffer();
          if (!res.ok) throw new Error(`${call}: ${r.path} answered ${res.status} before the load`);
          if (call.startsWith('assets') && res.headers.get('content-encoding') !== 'br')
            throw new Error(`${r.path} is not served with brotli`);
        }
      }
      const until = Date.now() + seconds * 1000;
      const [bought, ...results] = await Promise.all([
        purchases(base, shopOrigin, seeded, until),
        ...loads.map((l) => load({ url: base, duration: seconds, connections: l.connections, requests: l.requests })),
      ]);
      return [
        ...loads.map((l, i) => {
          const r = results[i]!;
          return {
            call: l.call,
            connections: l.connections,
            requests: r.requests.total,
            errors: r.errors + r.non2xx,
            p50: r.latency.p50,
            p99: r.latency.p99,
          };
        }),
        ...bought,
      ];
    } finally {
      await product.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await pg?.drop();
  }
}

const runs: { database: string; rows: Row[] }[] = [{ database: 'PGlite', rows: await measure('PGlite') }];
if (process.env.DATABASE_URL) runs.push({ database: 'PostgreSQL', rows: await measure('PostgreSQL') });

const misses: string[] = [];
for (const { database, rows } of runs) {
  const total = rows.reduce((n, r) => n + r.connections, 0);
  console.log(
    `\n${database}: ${total} connections and ${purchasesPerSecond} purchases/s for ${seconds} s, production mode, release build; ${loadAverage()}\n`,
  );
  console.log(
    `${'call'.padEnd(44)} ${'conns'.padStart(5)} ${'requests'.padStart(9)} ${'errors'.padStart(6)} ${'p50'.padStart(7)} ${'p99'.padStart(7)}`,
  );
  for (const r of rows) {
    const miss = [
      r.errors > BUDGET.maxErrors && `${r.errors} errors`,
      r.p99 > BUDGET.maxP99Ms && `p99 ${r.p99} ms > ${BUDGET.maxP99Ms} ms`,
    ].filter((m): m is string => Boolean(m));
    misses.push(...miss.map((m) => `${database} ${r.call}: ${m}`));
    console.log(
      `${r.call.padEnd(44)} ${String(r.connections || '-').padStart(5)} ${String(r.requests).padStart(9)} ${String(r.errors).padStart(6)} ${`${r.p50} ms`.padStart(7)} ${`${r.p99} ms`.padStart(7)}${miss.length ? '  MISSED' : ''}`,
    );
  }
}
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/mixed-load.json'),
  JSON.stringify({ at: new Date().toISOString(), load: loadAverage(), seconds, connections, purchasesPerSecond, runs }, null, 2),
);
console.log(`\nbudget: every call 0 errors, p99 ≤ ${BUDGET.maxP99Ms} ms`);
if (misses.length) {
  console.error(`budget missed: ${misses.join('; ')}`);
  process.exit(1);
}
console.log('budget met');
