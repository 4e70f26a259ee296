/**
 * `npm run bench:cluster` (after `npm run build`; needs DATABASE_URL): the same load against one
 * instance and against three, each time the release build behind HAProxy (deploy/haproxy.cfg) on
 * PostgreSQL with an S3-compatible bucket: 200 connections, most of them browsing (home shell,
 * company configuration, marketplace, news), the rest buying (CreateOrder with a customer session,
 * each order from another client address, as many customers are). Prints req/s, p99 and failed
 * requests for each, and three instances against one. No budget: the figures size a deployment.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createCustomer } from '../apps/api/src/db/seed/factories.ts';
import { createAccessTokens } from '../apps/api/src/modules/identity/auth/access-tokens.ts';
import { resolveAuthSecret } from '../apps/api/src/modules/identity/auth/auth-secret.ts';
import { createSessionStore } from '../apps/api/src/modules/identity/auth/session-store.ts';
import { startS3Server } from '../apps/api/test/s3-server.ts';
import { createEmptyPostgresDatabase } from '../apps/api/test/test-db.ts';
import { browseRequests, failedRequests } from '../tools/cluster/browse-load.ts';
import { startCluster } from '../tools/cluster/cluster.ts';
import { makeRelease } from '../tools/cluster/release.ts';
import { benchOrder, seedBenchShop } from './bench-shop.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
/** Of the connections, these buy; the others browse. */
const buyers = Number(process.env.BENCH_BUYERS ?? 20);
const root = path.resolve(import.meta.dirname, '..');

if (!process.env.DATABASE_URL) {
  console.error(
    'bench:cluster needs PostgreSQL: set DATABASE_URL (e.g. postgresql://postgres:postgres@127.0.0.1:5432/postgres); it makes and drops its own databases.',
  );
  process.exit(2);
}

type Figures = { requestsPerSecond: number; p50Ms: number; p99Ms: number; total: number; failed: number; timeouts: number };
const figures = (r: autocannon.Result): Figures => ({
  requestsPerSecond: Math.round(r.requests.average),
  p50Ms: r.latency.p50,
  p99Ms: r.latency.p99,
  total: r.requests.total,
  failed: failedRequests(r),
  // Counted among the failed: no answer within autocannon's 10 s.
  timeouts: r.timeouts,
});

const load = (opts: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));

/** The shop's customers, each with a session as the login would start it (no mail round trip). */
async function buyerSessions(databaseUrl: string, env: Record<string, string>, shopOrigin: string) {
  const database = await openDatabase({ databaseUrl });
  try {
    const config = loadConfig({ ...env, DATA_DIR: os.tmpdir() });
    const sessions = createSessionStore(database.db, createAccessTokens(resolveAuthSecret(config), 3600), 1);
    const shop = await seedBenchShop(database.db, shopOrigin);
    const issued = [];
    for (let i = 0; i < buyers; i++) {
      const customer = await createCustomer(database.db, shop.company.id, { email: `buyer-${i}@bench.example` });
      issued.push(await sessions.start(shop.company.id, customer.id));
    }
    return { order: JSON.stringify(benchOrder(shop.product.id, shop.za.id)), issued };
  } finally {
    await database.close();
  }
}

async function measure(count: number, release: string) {
  const empty = await createEmptyPostgresDatabase(process.env.DATABASE_URL!);
  const s3 = await startS3Server();
  // Real-looking PayFast credentials: the gateway is offered; nothing is sent to it (no one pays).
  const env = {
    NODE_ENV: 'production',
    AUTH_SECRET: 'bench-cluster-auth-secret-0f3b8e2a61c94d57',
    SMTP_URL: 'smtp://127.0.0.1:25',
    DATABASE_URL: empty.url,
    ...s3.env,
    PAYFAST_MERCHANT_ID: '10000100',
    PAYFAST_MERCHANT_KEY: '46f0cd694581a',
    PAYFAST_BASE_URL: 'http://127.0.0.1:9',
    LOG_LEVEL: 'error',
  };
  const cluster = await startCluster({ release, count, env });
  try {
    const shopOrigin = `http://bench-shop.localhost:${cluster.haproxy.port}`;
    const { order, issued } = await buyerSessions(empty.url, env, shopOrigin);
    let nextBuyer = 0;
    let nextAddress = 0;
    const buy: autocannon.Request = {
      method: 'POST',
      path: '/api/virtualMachine/CreateOrder',
      body: order,
      // Each connection is one customer; each order comes from another address of the benchmark
      // range (198.18.0.0/15, only a header), so the per-address limit of 60 a minute holds for each.
      setupRequest: (req, context) => {
        const connection = context as { session?: (typeof issued)[number] };
        connection.session ??= issued[nextBuyer++ % issued.length]!;
        const { session } = connection;
        const n = nextAddress++;
        return {
          ...req,
          headers: {
            'content-type': 'application/json',
            origin: shopOrigin,
            authorization: session.token,
            refreshtoken: session.refreshToken,
            'x-forwarded-for': `198.18.${(n >> 8) & 255}.${n & 255}`,
          },
        };
      },
    };
    const url = cluster.site;
    // Warm-up: caches, connections, the JIT.
    await load({ url, connections: 20, duration: 3, requests: browseRequests(url) });
    const [browsing, buying] = await Promise.all([
      load({ url, connections: connections - buyers, duration: seconds, requests: browseRequests(url) }),
      load({ url, connections: buyers, duration: seconds, requests: [buy] }),
    ]);
    return { instances: count, browsing: figures(browsing), buying: figures(buying) };
  } finally {
    await cluster.stop();
    await s3.close();
    await empty.drop();
  }
}

const release = makeRelease();
try {
  const one = await measure(1, release.dir);
  const three = await measure(3, release.dir);
  const row = (what: string, f: Figures) =>
    `${what.padEnd(28)} ${String(f.requestsPerSecond).padStart(7)} req/s   p50 ${String(f.p50Ms).padStart(5)} ms   p99 ${String(f.p99Ms).padStart(5)} ms   failed ${f.failed} of ${f.total}${f.timeouts ? ` (${f.timeouts} after 10 s)` : ''}`;
  console.log(
    `\n${connections} connections (${connections - buyers} browsing, ${buyers} buying), ${seconds} s, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}\n`,
  );
  for (const r of [one, three]) {
    console.log(row(`${r.instances} instance${r.instances > 1 ? 's' : ''}: browsing`, r.browsing));
    console.log(row(`${r.instances} instance${r.instances > 1 ? 's' : ''}: buying`, r.buying));
  }
  const ratio = (a: number, b: number) => (b === 0 ? '–' : (a / b).toFixed(2));
  console.log(
    `\nthree / one: browsing ${ratio(three.browsing.requestsPerSecond, one.browsing.requestsPerSecond)}× req/s, p99 ${ratio(three.browsing.p99Ms, one.browsing.p99Ms)}×; buying ${ratio(three.buying.requestsPerSecond, one.buying.requestsPerSecond)}× orders/s, p99 ${ratio(three.buying.p99Ms, one.buying.p99Ms)}×`,
  );
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench/results/cluster.json'),
    JSON.stringify({ at: new Date().toISOString(), seconds, connections, buyers, one, three }, null, 2),
  );
} finally {
  release.remove();
}
