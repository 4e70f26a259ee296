/**
 * `npm run bench:bundle`: the JavaScript /home loads, measured in a real browser. Every script the
 * page fetches until the network is idle (what loads after the first screen included) is
 * gzip-compressed here (level 9) and summed, so the figure does not depend on how a server
 * compresses. Budget (issue 3): at most 250 KB gzip. The first load must also carry no zod
 * (replies are checked against the contracts in development only:
 * docs/decisions/0033-replies-zod-checked-in-development-only.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { launchBrowser } from '../e2e/browser.ts';
import { productionEnv, startProduct } from '../tools/start-product.ts';

const BUDGET_KB = 250;
const root = path.resolve(import.meta.dirname, '..');

const product = await startProduct({ env: productionEnv() });
const scripts: { url: string; raw: number; gzip: number; zod: boolean }[] = [];
// The product is stopped even when the browser cannot start (it would keep running otherwise).
const browser = await launchBrowser().catch(async (error: unknown) => {
  await product.stop();
  throw error;
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body().catch(() => null);
    // zod names its schema classes in its code; minifying keeps the strings.
    if (body)
      scripts.push({
        url: new URL(res.url()).pathname,
        raw: body.length,
        gzip: zlib.gzipSync(body, { level: 9 }).length,
        zod: body.includes('ZodObject'),
      });
  });
  await page.goto(`${product.origin}/home`, { waitUntil: 'networkidle' });
  // What waits for the browser to be idle (the toasts' container) is part of the load too.
  await page.waitForTimeout(2000);
} finally {
  await browser.close();
  await product.stop();
}

scripts.sort((a, b) => b.gzip - a.gzip);
const kb = (n: number) => (n / 1024).toFixed(1).padStart(7);
for (const s of scripts) console.log(`${kb(s.gzip)} KB gzip ${kb(s.raw)} KB raw  ${s.url}`);
const total = scripts.reduce((n, s) => n + s.gzip, 0);
console.log(`\n/home loads ${scripts.length} scripts: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
const withZod = scripts.filter((s) => s.zod).map((s) => s.url);
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/home-bundle.json'),
  JSON.stringify({ at: new Date().toISOString(), totalGzip: total, withZod, scripts }, null, 2),
);
if (withZod.length) {
  console.error(
    `zod is in the first load (${withZod.join(', ')}): a reply schema or form check is imported where only development should use it`,
  );
  process.exit(1);
}
if (total > BUDGET_KB * 1024) {
  console.error('budget missed');
  process.exit(1);
}
console.log('budget met');
