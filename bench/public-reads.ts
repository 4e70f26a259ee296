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

const BUDGET = {
  /** Share of the ceiling for a JSON read (served serialised from the per-company cache). */
  readShare: 0.4,
  /** Share of the ceiling for the HTML shell (held in memory). */
  shellShare: 0.6,
  maxP99Ms: 50,
};
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const root = path.resolve(import.meta.dirname, '..');

const api = await startProduct({ env: productionEnv() });
const site = api.origin;
const base = `http://127.0.0.1:${api.port}`;
const call = async (p: string, body?: object) =>
  (await (
    await fetch(
      `${base}/api/${p}`,
      body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {},
    )
  ).json()) as {
    data: any;
  };

// The seeded site's own ids and names, as its pages would send them.
const products = await call('marketPlace/getProducts', { serviceName: 'all', websiteUrl: site });
const productId = JSON.stringify(products.data).match(/"(?:productID|ID)":(\d+)/)?.[1];
const news = await call('news/getAllNews', { websiteUrl: site });
const units = await call('home/getProductServices', { websiteUrl: site });
const unit = (units.data[0]?.businessName ?? '').replaceAll('/', '').trim();
if (!productId || !news.data[0] || !unit) throw new Error('the seeded site has no product, news or business unit to read');

type Call = { name: string; path: string; body?: object; share: number; headers?: Record<string, string> };
const reads: Call[] = [
  { name: 'GET /home (HTML shell)', path: '/home', share: BUDGET.shellShare, headers: { 'accept-encoding': 'br, gzip' } },
  { name: 'getCompanyConfiguration', path: '/api/getCompanyConfiguration', body: { customerUrl: site } },
  { name: 'getDropdownList', path: '/api/getDropdownList', body: { customerUrl: site } },
  { name: 'home/getProductServices', path: '/api/home/getProductServices', body: { websiteUrl: site } },
  { name: 'home/getCompanyAddress', path: '/api/home/getCompanyAddress', body: { websiteUrl: site } },
  { name: 'marketPlace/getProducts', path: '/api/marketPlace/getProducts', body: { serviceName: 'all', websiteUrl: site } },
  {
    name: 'marketPlace/getFilteredProducts',
    path: '/api/marketPlace/getFilteredProducts',
    body: { serviceName: 'all', websiteUrl: site, memory: 0 },
  },
  {
    name: 'marketPlace/getSpecification',
    path: '/api/marketPlace/getSpecification',
    body: { productID: Number(productId), websiteUrl: site },
  },
  { name: 'marketplace/getExternalCloud', path: '/api/marketplace/getExternalCloud', body: { websiteUrl: site } },
  { name: 'news/getAllNews', path: '/api/news/getAllNews', body: { websiteUrl: site } },
  { name: 'news/getNewsDetail', path: '/api/news/getNewsDetail', body: { ID: news.data[0].ID, websiteUrl: site } },
  { name: 'faq/getFaq', path: '/api/faq/getFaq', body: { websiteUrl: site } },
  {
    name: 'productServicesData/getProductDetails',
    path: '/api/productServicesData/getProductDetails',
    body: { productName: unit, websiteUrl: site },
  },
  {
    name: 'productServicesData/getCloudProducts',
    path: '/api/productServicesData/getCloudProducts',
    body: { serviceName: unit, websiteUrl: site },
  },
  { name: 'getCountryCode', path: '/api/getCountryCode' },
].map((c) => ({ share: BUDGET.readShare, ...c }));

const helloPort = await freePort();
const hello = await startHello(helloPort);
type Row = { call: Call; ceiling: autocannon.Result; result: autocannon.Result };
const rows: Row[] = [];
for (const c of reads) {
  // The ceiling just before each call: the machine is shared and its load changes by the minute.
  const ceiling = await load({ url: `http://127.0.0.1:${helloPort}/hello`, duration, connections });
  const result = await load({
    url: `${base}${c.path}`,
    duration,
    connections,
    ...(c.body ? { method: 'POST', body: JSON.stringify(c.body) } : {}),
    headers: { 'content-type': 'application/json', ...c.headers },
  });
  rows.push({ call: c, ceiling, result });
}
await stopped(hello);
await api.stop();

const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
const misses: string[] = [];
console.log(`\n${connections} connections, ${duration} s per call, production mode, embedded database; ${loadAverage()}\n`);
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
