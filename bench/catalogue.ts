/**
 * `npm run bench`: throughput and latency of the marketplace catalogue read (POST
 * /api/marketPlace/getProducts on the embedded PGlite defaults) against a bare Fastify hello-world
 * on the same machine, with autocannon in this process and each server in its own.
 * Budgets (the run fails when one is missed): see BUDGET below.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { freePort, productionEnv, startProduct } from '../tools/start-product.ts';
import { load as loadWith, startHello, stopped } from './ceiling.ts';

const BUDGET = {
  /** The catalogue read is served from the per-company cache: it should reach this share of the ceiling. */
  minRatioToHello: 0.15,
  /** …and at least this many requests a second on 2 cores. */
  minCatalogueRps: 6000,
  /** 99th-percentile latency at 50 connections. */
  maxCatalogueP99Ms: 50,
};
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const root = path.resolve(import.meta.dirname, '..');

const load = (opts: autocannon.Options) => loadWith({ duration, connections, ...opts });

const helloPort = await freePort();
const hello = await startHello(helloPort);
const helloResult = await load({ url: `http://127.0.0.1:${helloPort}/hello` });
await stopped(hello);

const api = await startProduct({ env: productionEnv() });
const body = JSON.stringify({ serviceName: 'all', websiteUrl: api.origin });
const catalogueResult = await load({
  url: `http://127.0.0.1:${api.port}/api/marketPlace/getProducts`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body,
});
await api.stop();

const row = (name: string, r: autocannon.Result) =>
  `${name.padEnd(34)} ${Math.round(r.requests.average).toString().padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`;
const ratio = catalogueResult.requests.average / helloResult.requests.average;
console.log(`\n${connections} connections, ${duration} s each, ${os.cpus().length} cores\n`);
console.log(row('GET /hello (bare Fastify ceiling)', helloResult));
console.log(row('POST /api/marketPlace/getProducts', catalogueResult));
console.log(`\ncatalogue / ceiling: ${(ratio * 100).toFixed(1)} %`);

const misses = [
  ratio < BUDGET.minRatioToHello && `ratio ${(ratio * 100).toFixed(1)} % < ${BUDGET.minRatioToHello * 100} %`,
  catalogueResult.requests.average < BUDGET.minCatalogueRps &&
    `${Math.round(catalogueResult.requests.average)} req/s < ${BUDGET.minCatalogueRps}`,
  catalogueResult.latency.p99 > BUDGET.maxCatalogueP99Ms && `p99 ${catalogueResult.latency.p99} ms > ${BUDGET.maxCatalogueP99Ms} ms`,
  catalogueResult.errors + catalogueResult.non2xx > 0 && `${catalogueResult.errors + catalogueResult.non2xx} failed requests`,
].filter(Boolean);
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/catalogue.json'),
  JSON.stringify(
    {
      at: new Date().toISOString(),
      connections,
      duration,
      hello: helloResult.requests,
      catalogue: catalogueResult.requests,
      catalogueLatency: catalogueResult.latency,
      ratio,
    },
    null,
    2,
  ),
);
if (misses.length) {
  console.error(`\nbudget missed: ${misses.join('; ')}`);
  process.exit(1);
}
console.log('budget met');
