/**
 * `npm run bench:reads`: every public read a visitor's pages make, and the page shell, each at
 * 50 connections in production mode right after the bare Fastify hello-world ceiling measured
 * in the same minute. One table: call, req/s, ceiling, share, p99, budget. Fails on a miss.
 */
import fs from 'node:fs';
import path from 'node:path';
import type autocannon from 'autocannon';
import { freePort, productionEnv, startProduct } from '../tools/start-product.ts';
import { load, loadAverage, startHello, stopped } from './ceiling.ts';
import { visitorReads, type Read } from './visitor-reads.ts';

const BUDGET = {
  /** Share of the ceiling for a JSON read (served serialised from the per-company cache). */
  readShare: 0.4,
  /** Share of the ceiling for the HTML shell (held in memory). */
  shellShare: 0.6,
  maxP99Ms: 50,
};
const duration = Number(process.env.BENCH_SECONDS ?? 5);
/** Seconds of each call before its ceiling and its measurement, not measured (BENCH_WARMUP_SECONDS). */
const warmup = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const root = path.resolve(import.meta.dirname, '..');

const api = await startProduct({ env: productionEnv() });
const site = api.origin;
const base = `http://127.0.0.1:${api.port}`;
type Call = Read & { share: number };
const reads: Call[] = (await visitorReads(base, site)).map((c) => ({
  ...c,
  share: c.path === '/home' ? BUDGET.shellShare : BUDGET.readShare,
}));

const helloPort = await freePort();
const hello = await startHello(helloPort);
type Row = { call: Call; ceiling: autocannon.Result; result: autocannon.Result };
const rows: Row[] = [];
for (const c of reads) {
  const call = {
    url: `${base}${c.path}`,
    connections,
    ...(c.body ? { method: 'POST' as const, body: JSON.stringify(c.body) } : {}),
    headers: { 'content-type': 'application/json', ...c.headers },
  };
  // The call's code compiled and its reply cached first, as on a running site (not measured).
  if (warmup > 0) await load({ ...call, duration: warmup });
  // The ceiling just before each call: the machine is shared and its load changes by the minute.
  const ceiling = await load({ url: `http://127.0.0.1:${helloPort}/hello`, duration, connections });
  const result = await load({ ...call, duration });
  rows.push({ call: c, ceiling, result });
}
await stopped(hello);
await api.stop();

const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
const misses: string[] = [];
console.log(
  `\n${connections} connections, ${duration} s per call after ${warmup} s unmeasured, production mode, embedded database; ${loadAverage()}\n`,
);
console.log(`${'call'.padEnd(38)} ${'req/s'.padStart(8)} ${'ceiling'.padStart(8)} ${'share'.padStart(6)} ${'p99'.padStart(7)}   budget`);
for (const { call: c, ceiling, result } of rows) {
  const share = result.requests.average / ceiling.requests.average;
  const failed = result.errors + result.non2xx + result.timeouts;
  const miss = [
    share < c.share && `share ${pct(share)} < ${pct(c.share)}`,
    result.latency.p99 > BUDGET.maxP99Ms && `p99 ${result.latency.p99} ms > ${BUDGET.maxP99Ms} ms`,
    failed > 0 && `${failed} failed`,
  ].filter((m): m is string => Boolean(m));
  misses.push(...miss.map((m) => `${c.name}: ${m}`));
  console.log(
    `${c.name.padEnd(38)} ${Math.round(result.requests.average).toString().padStart(8)} ${Math.round(ceiling.requests.average).toString().padStart(8)} ${pct(share).padStart(6)} ${`${result.latency.p99} ms`.padStart(7)}   ≥ ${pct(c.share)}, p99 ≤ ${BUDGET.maxP99Ms} ms ${miss.length ? `MISSED (${miss.join('; ')})` : 'met'}`,
  );
}
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/public-reads.json'),
  JSON.stringify(
    {
      at: new Date().toISOString(),
      load: loadAverage(),
      connections,
      duration,
      rows: rows.map(({ call: c, ceiling, result }) => ({
        call: c.name,
        rps: result.requests.average,
        ceiling: ceiling.requests.average,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
      })),
    },
    null,
    2,
  ),
);
if (misses.length) {
  console.error(`\nbudget missed: ${misses.join('; ')}`);
  process.exit(1);
}
console.log('\nbudget met');
