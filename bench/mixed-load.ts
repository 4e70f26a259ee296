/**
 * `npm run bench:mixed`: browsing and buying at once, as a site's visitors do (issue 19). The
 * release build (apps/api/dist, apps/web/dist) in production mode, on the embedded PGlite and,
 * when DATABASE_URL is set, again on PostgreSQL. For MIXED_SECONDS (default 60), 200 connections
 * (MIXED_CONNECTIONS) share out over the HTML shell, the first load's JS/CSS with
 * `accept-encoding: br`, the public reads, and a customer's account calls (VM list, purchase
 * history, profile), each call with its own connections so each has its own figures; beside them
 * MIXED_PURCHASES_PER_SECOND (default 3) purchases paid through the Ozow sandbox — its protocol fake
 * on another origin, the production adapter pointed at it as at a test site — each CreateOrder,
 * startPayment, the gateway's notification to the shop and the result page's transactionApi (the
 * simulator makes the VM).
 * MIXED_WARMUP_SECONDS (default 10) of the same load come first and are not measured.
 * Budget for every call: 0 errors, p99 ≤ 250 ms. Exits non-zero on a miss.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type autocannon from 'autocannon';
import { loadConfig } from '../apps/api/src/config.ts';
import { openConfiguredDatabase } from '../apps/api/src/db/open-configured.ts';
import { createCustomer } from '../apps/api/src/db/seed/factories.ts';
import { createAccessTokens } from '../apps/api/src/modules/identity/auth/access-tokens.ts';
import { resolveAuthSecret } from '../apps/api/src/modules/identity/auth/auth-secret.ts';
import { createSessionStore } from '../apps/api/src/modules/identity/auth/session-store.ts';
import { createEmptyPostgresDatabase } from '../apps/api/test/test-db.ts';
import { startSmtpSink } from '../tools/fakes/smtp-sink.ts';
import { ozowTestSiteEnv, type SentNotification } from '../tools/fakes/ozow.ts';
import { freePort, productionEnv, startProduct } from '../tools/start-product.ts';
import { GATEWAY_NAMES } from '@mawingu/contracts/purchase';
import { benchOrder, seedBenchShop } from './bench-shop.ts';
import { seedDemoCustomer } from './demo-customer.ts';
import { load, loadAverage } from './ceiling.ts';
import { purchaseStream, tally, type Row } from './purchase-stream.ts';
import { visitorReads } from './visitor-reads.ts';

const BUDGET = { maxP99Ms: 250, maxErrors: 0 };
const seconds = Number(process.env.MIXED_SECONDS ?? 60);
const connections = Number(process.env.MIXED_CONNECTIONS ?? 200);
const purchasesPerSecond = Number(process.env.MIXED_PURCHASES_PER_SECOND ?? 3);
/** The same load first, not measured: a new instance compiles its hot paths and fills its caches in its first seconds. */
const warmupSeconds = Number(process.env.MIXED_WARMUP_SECONDS ?? 10);
const BUYERS = 20;
const root = path.resolve(import.meta.dirname, '..');
const webDist = path.join(root, 'apps/web/dist');

/** Connections of each call at 200 (scaled for MIXED_CONNECTIONS): the shell and assets as every page view fetches them, 10 per read, 15 per account call. */
const SHARE = { shell: 20, assets: 35, read: 10, account: 15 };
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

/**
 * The Ozow sandbox in a process of its own, as the gateway is another machine: its pages and API
 * answer without waiting on this process's busy event loop (the load generator's). Ozow's
 * published test site as the shop's merchant account.
 */
async function startOzowSandbox() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'tools/fakes/ozow.ts'), String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the Ozow sandbox stopped (${code}) before it listened`)));
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('fake Ozow at')) resolve();
    });
  });
  return {
    url,
    /** What the sandbox posted to the shop, with the shop's answers. */
    notifications: async () => (await (await fetch(`${url}/_fake/notifications`)).json()) as SentNotification[],
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The demo site with a customer owning 5 VMs, and the shop (Ozow among its gateways) with its buyers, each signed in as the login's last step does it. */
async function seed(env: Record<string, string>, port: number, dataDir: string, shopOrigin: string) {
  const config = loadConfig({ ...env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'silent' });
  const database = await openConfiguredDatabase(config);
  try {
    const { db } = database;
    const sessions = createSessionStore(db, createAccessTokens(resolveAuthSecret(config), config.accessTokenTtlSeconds), 1);
    const { company, customer } = await seedDemoCustomer(db, dataDir, config.publicUrl, { email: 'bench@mixed.example', vms: 5 });
    const shop = await seedBenchShop(db, shopOrigin);
    const buyers = [];
    for (let i = 0; i < BUYERS; i++) {
      const buyer = await createCustomer(db, shop.company.id, { email: `buyer-${i}@mixed.example` });
      buyers.push(await sessions.start(shop.company.id, buyer.id));
    }
    return {
      account: await sessions.start(company.id, customer.id),
      buyers,
      order: { ...benchOrder(shop.product.id, shop.za.id), paymentGateway: GATEWAY_NAMES.ozow },
    };
  } finally {
    await database.close();
  }
}

async function measure(database: 'PGlite' | 'PostgreSQL'): Promise<{ database: string; rows: Row[]; load: string }> {
  const pg = database === 'PostgreSQL' ? await createEmptyPostgresDatabase(process.env.DATABASE_URL!) : undefined;
  // Each purchase mails its payment receipt: to a mail server that takes it, as in production (not retried against a closed port).
  const smtp = await startSmtpSink();
  const ozow = await startOzowSandbox();
  const env = {
    ...productionEnv(),
    SMTP_URL: smtp.smtpUrl,
    ...ozowTestSiteEnv(ozow.url),
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'error',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
  };
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
      // Each call answers before the load starts.
      for (const { call, requests } of loads) {
        for (const r of requests) {
          const res = await fetch(`${base}${r.path}`, {
            method: r.method,
            headers: r.headers as Record<string, string>,
            body: r.body as string | undefined,
          });
          await res.arrayBuffer();
          if (!res.ok) throw new Error(`${call}: ${r.path} answered ${res.status} before the load`);
          // Files under 1 KB are not worth compressing (apps/web/vite.config.ts); the others must come compressed.
          const brotli = fs.existsSync(path.join(webDist, `${r.path}.br`));
          if (brotli && res.headers.get('content-encoding') !== 'br') throw new Error(`${r.path} is not served with brotli`);
        }
      }
      const run = (duration: number, from: number) =>
        Promise.all([
          purchaseStream({
            base,
            shopOrigin,
            buyers: seeded.buyers,
            order: seeded.order,
            paymentGateway: GATEWAY_NAMES.ozow,
            perSecond: purchasesPerSecond,
            until: Date.now() + duration * 1000,
            from,
          }),
          ...loads.map((l) => load({ url: base, duration, connections: l.connections, requests: l.requests })),
        ]);
      if (warmupSeconds > 0) await run(warmupSeconds, 0);
      // The load is made in this process, on the same cores: a late event loop here adds to every latency.
      const lag = monitorEventLoopDelay({ resolution: 10 });
      lag.enable();
      // Purchases numbered apart from the warm-up's (well under 100,000 of them): each VM its own name.
      const notified = (await ozow.notifications()).length;
      const [bought, ...results] = await run(seconds, 100_000);
      // The shop must take each notification (2xx), or the gateway would send it again.
      const refused = (await ozow.notifications()).slice(notified).filter((n) => n.status < 200 || n.status > 299);
      const notification = bought.find((r) => r.call.startsWith('notification'))!;
      notification.errors += refused.length;
      notification.failures = [
        notification.failures,
        tally(
          [...new Set(refused.map((n) => `${n.status} ${n.error ?? ''}`.trim()))].map((w) => [
            w,
            refused.filter((n) => `${n.status} ${n.error ?? ''}`.trim() === w).length,
          ]),
        ),
      ]
        .filter(Boolean)
        .join(', ');
      const rows = [
        ...loads.map((l, i) => {
          const r = results[i]!;
          return {
            call: l.call,
            connections: l.connections,
            requests: r.requests.total,
            errors: r.errors + r.non2xx,
            // autocannon counts timeouts among its errors.
            failures: tally([
              ...Object.entries(r.statusCodeStats ?? {})
                .filter(([code]) => !code.startsWith('2'))
                .map(([code, { count }]): [string, number] => [code, count ?? 0]),
              ['timeout', r.timeouts],
              ['no answer', r.errors - r.timeouts],
            ]),
            p50: r.latency.p50,
            p99: r.latency.p99,
          };
        }),
        ...bought,
      ];
      // The machine is shared: each table says how busy it was as the load ended.
      lag.disable();
      const generator = `load generator's event loop late by p50 ${Math.round(lag.percentile(50) / 1e6)} ms, p99 ${Math.round(lag.percentile(99) / 1e6)} ms`;
      return { database, rows, load: `${loadAverage()}; ${generator}` };
    } finally {
      await product.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await pg?.drop();
    await smtp.stop();
    await ozow.stop();
  }
}

// MIXED_DATABASE=PGlite or PostgreSQL measures only that one.
const only = process.env.MIXED_DATABASE;
const runs = [];
if (!only || only === 'PGlite') runs.push(await measure('PGlite'));
if (process.env.DATABASE_URL && (!only || only === 'PostgreSQL')) runs.push(await measure('PostgreSQL'));

const misses: string[] = [];
for (const { database, rows, load: busy } of runs) {
  const total = rows.reduce((n, r) => n + r.connections, 0);
  console.log(
    `\n${database}: ${total} connections and ${purchasesPerSecond} purchases/s for ${seconds} s after ${warmupSeconds} s of the same to warm up, production mode, release build; ${busy}\n`,
  );
  console.log(
    `${'call'.padEnd(44)} ${'conns'.padStart(5)} ${'requests'.padStart(9)} ${'errors'.padStart(6)} ${'p50'.padStart(7)} ${'p99'.padStart(7)}`,
  );
  for (const r of rows) {
    const miss = [
      r.errors > BUDGET.maxErrors && `${r.errors} errors (${r.failures})`,
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
  JSON.stringify(
    { at: new Date().toISOString(), load: loadAverage(), seconds, warmupSeconds, connections, purchasesPerSecond, runs },
    null,
    2,
  ),
);
console.log(`\nbudget: every call 0 errors, p99 ≤ ${BUDGET.maxP99Ms} ms`);
if (misses.length) {
  console.error(`budget missed: ${misses.join('; ')}`);
  process.exit(1);
}
console.log('budget met');
