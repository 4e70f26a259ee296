/**
 * `npm run bench:bundle`: the JavaScript /home loads, measured in a real browser at 1280 px (the
 * desktop bar's files included) by bench/page-load.ts: every script the page fetches until the
 * network is idle, and 2 s more for what waits for an idle turn, gzip-compressed here (level 9)
 * and summed. Budget (issue 19): at most 170 KB gzip (on the way to 150; 250 in issue 3). The
 * first load must also carry no zod (replies are checked against the contracts in development
 * only: docs/decisions/0033-replies-zod-checked-in-development-only.md).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DESKTOP, launchBrowser } from '../e2e/browser.ts';
import { productionEnv, startProduct } from '../tools/start-product.ts';
import { kb, measurePageLoad, type PageLoad } from './page-load.ts';

const BUDGET_KB = 170;
const root = path.resolve(import.meta.dirname, '..');

const product = await startProduct({ env: productionEnv() });
// The product is stopped even when the browser cannot start (it would keep running otherwise).
const browser = await launchBrowser().catch(async (error: unknown) => {
  await product.stop();
  throw error;
});
let load: PageLoad;
try {
  const context = await browser.newContext({ viewport: DESKTOP });
  load = await measurePageLoad(context, `${product.origin}/home`);
} finally {
  await browser.close();
  await product.stop();
}

const { scripts, gzipBytes } = load;
for (const s of scripts) console.log(`${kb(s.gzip).padStart(7)} KB gzip ${kb(s.raw).padStart(7)} KB raw  ${s.url}`);
console.log(
  `\n/home loads ${scripts.length} scripts: ${kb(gzipBytes)} KB gzip (budget ${BUDGET_KB} KB); load ${os.loadavg()[0]!.toFixed(1)}`,
);
const withZod = scripts.filter((s) => s.zod).map((s) => s.url);
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/home-bundle.json'),
  JSON.stringify({ at: new Date().toISOString(), totalGzip: gzipBytes, withZod, scripts }, null, 2),
);
if (withZod.length) {
  console.error(
    `zod is in the first load (${withZod.join(', ')}): a reply schema or form check is imported where only development should use it`,
  );
  process.exit(1);
}
if (gzipBytes > BUDGET_KB * 1024) {
  console.error('budget missed');
  process.exit(1);
}
console.log('budget met');
