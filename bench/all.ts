/**
 * `npm run bench`: every benchmark, one after another (each measures its own ceiling; none runs
 * beside another), each printing its figures with its budget. All run even after a miss, so one
 * run shows every figure; the summary names the misses and the exit code is non-zero if any.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const BENCHES = [
  ['reads', 'public-reads.ts'],
  ['catalogue', 'catalogue.ts'],
  ['pricing', 'pricing.ts'],
  ['invoice', 'invoice-pdf.ts'],
  ['orders', 'orders.ts'],
  ['bundle', 'home-bundle.ts'],
  ['pages', 'account-pages.ts'],
  ['lighthouse', 'lighthouse.ts'],
  ['vms', 'vm-scale.ts'],
  ['mixed', 'mixed-load.ts'],
] as const;

const results = BENCHES.map(([name, file]) => {
  console.log(`\n━━ bench:${name}`);
  const started = Date.now();
  const { status } = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, file)], { stdio: 'inherit' });
  return { name, met: status === 0, seconds: Math.round((Date.now() - started) / 1000) };
});

console.log('\n━━ summary');
for (const r of results) console.log(`bench:${r.name.padEnd(11)} ${r.met ? 'met   ' : 'MISSED'} ${String(r.seconds).padStart(4)} s`);
const missed = results.filter((r) => !r.met);
if (missed.length) {
  console.error(`\nbudgets missed in: ${missed.map((r) => `bench:${r.name}`).join(', ')}`);
  process.exit(1);
}
console.log('\nevery budget met');
