/**
 * `npm run bench:bundle`: the JavaScript /home loads, measured in a real browser. Every script the
 * page fetches until the network is idle is gzip-compressed here (level 9) and summed, so the
 * figure does not depend on how a server compresses. Budget (issue 3): at most 250 KB gzip.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { launchBrowser } from '../e2e/browser.ts';
import { startProduct } from '../tools/start-product.ts';

const BUDGET_KB = 250;
const root = path.resolve(import.meta.dirname, '..');

const product = await startProduct({ env: { NODE_ENV: 'production' } });
const browser = await launchBrowser();
const scripts: { url: string; raw: number; gzip: number }[] = [];
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body().catch(() => null);
    if (body) scripts.push({ url: new URL(res.url()).pathname, raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length });
  });
  await page.goto(`${product.origin}/home`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
} finally {
  await browser.close();
  await product.stop();
}

scripts.sort((a, b) => b.gzip - a.gzip);
const kb = (n: number) => (n / 1024).toFixed(1).padStart(7);
for (const s of scripts) console.log(`${kb(s.gzip)} KB gzip ${kb(s.raw)} KB raw  ${s.url}`);
const total = scripts.reduce((n, s) => n + s.gzip, 0);
console.log(`\n/home loads ${scripts.length} scripts: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/home-bundle.json'), JSON.stringify({ at: new Date().toISOString(), totalGzip: total, scripts }, null, 2));
if (total > BUDGET_KB * 1024) {
  console.error('budget missed');
  process.exit(1);
}
console.log('budget met');
