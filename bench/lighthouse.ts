/**
 * `npm run bench:lighthouse`: Lighthouse (Debian's Chromium) on /home of the built product.
 * Budget (issue 3): performance >= 90 and accessibility >= 95, in the default (mobile) run.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM } from '../e2e/browser.ts';
import { startProduct } from '../tools/start-product.ts';

const BUDGET = { performance: 90, accessibility: 95 };
const root = path.resolve(import.meta.dirname, '..');
const flags = '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';

type Scores = Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>;

function audit(url: string, preset: 'mobile' | 'desktop'): { scores: Scores; metrics: Record<string, string>; failing: string[] } {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lh-')), 'report.json');
  const args = ['-y', 'lighthouse@12.8.2', url, `--chrome-flags=${flags}`, '--output=json', `--output-path=${out}`, '--quiet', '--only-categories=performance,accessibility,best-practices,seo'];
  if (preset === 'desktop') args.push('--preset=desktop');
  const res = spawnSync('npx', args, { cwd: root, env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'inherit', 'inherit'] });
  if (res.status !== 0) throw new Error(`lighthouse exited with ${res.status}`);
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  const scores = Object.fromEntries(Object.entries(report.categories).map(([k, v]) => [k, Math.round(((v as { score: number }).score ?? 0) * 100)])) as Scores;
  const metrics = Object.fromEntries(
    ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'].map((id) => [id, report.audits[id]?.displayValue ?? '?']),
  );
  const failing = Object.values(report.audits as Record<string, { id: string; score: number | null; scoreDisplayMode: string }>)
    .filter((a) => a.scoreDisplayMode === 'binary' && a.score === 0)
    .map((a) => a.id);
  return { scores, metrics, failing };
}

const product = await startProduct({ env: { NODE_ENV: 'production' } });
const results: Record<string, ReturnType<typeof audit>> = {};
try {
  for (const preset of ['mobile', 'desktop'] as const) results[preset] = audit(`${product.origin}/home`, preset);
} finally {
  await product.stop();
}

for (const [preset, r] of Object.entries(results)) {
  console.log(`\n/home, ${preset}: ${Object.entries(r.scores).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  console.log(`  ${Object.entries(r.metrics).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  if (r.failing.length) console.log(`  failing audits: ${r.failing.join(', ')}`);
}
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/lighthouse.json'), JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
const mobile = results.mobile!.scores;
if (mobile.performance < BUDGET.performance || mobile.accessibility < BUDGET.accessibility) {
  console.error(`\nbudget missed: performance ${mobile.performance} (>= ${BUDGET.performance}), accessibility ${mobile.accessibility} (>= ${BUDGET.accessibility})`);
  process.exit(1);
}
console.log('\nbudget met');
