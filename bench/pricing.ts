/**
 * `npm run bench:pricing`: throughput of the pricing engine in this process, on 1,000 seeded
 * configurations (3 specification lines each, like every VM order). priceNewVm runs for every
 * configurator change in the SPA and for every CreateOrder on the server, so it has a budget; the
 * other bills are printed for reference. Budget (issue 5): ≥ 50,000 new-VM bills a second.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { priceNewVm, type NewVmInput } from '@mawingu/contracts/pricing/bill';
import { clonePrice } from '@mawingu/contracts/pricing/clone';
import { totalsInUsd } from '@mawingu/contracts/pricing/currency';
import { priceRenewal } from '@mawingu/contracts/pricing/renew';
import { seededRandom } from '@mawingu/contracts/pricing/seeded-random';
import { updateDelta } from '@mawingu/contracts/pricing/update';

const BUDGET_BILLS_PER_SECOND = 50_000;
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const root = path.resolve(import.meta.dirname, '..');

const r = seededRandom(42);
const configurations: NewVmInput[] = Array.from({ length: 1000 }, () => ({
  lines: [
    { name: 'Memory', unit: 'GB', costPerUnit: r.decimal(500, 4), count: r.int(1, 256), discountPercent: r.decimal(20, 2) },
    { name: 'Processor', unit: 'cores', costPerUnit: r.decimal(900, 4), count: r.int(1, 64), discountPercent: r.decimal(20, 2) },
    { name: 'Disk', unit: 'GB', costPerUnit: r.decimal(20, 4), count: r.int(10, 4000) },
  ],
  days: r.pick([7, 30, 90, 180, 365]),
  taxPercent: r.pick(['15.00', '16.00']),
}));

/** Runs `work` over the configurations for the given time (after a short warm-up); returns ops/s. */
function measure(name: string, work: (input: NewVmInput) => unknown): { name: string; opsPerSecond: number; microsPerOp: number } {
  const run = (ms: number) => {
    let ops = 0;
    const start = process.hrtime.bigint();
    const end = start + BigInt(ms) * 1_000_000n;
    let now = start;
    while (now < end) {
      for (const input of configurations) work(input);
      ops += configurations.length;
      now = process.hrtime.bigint();
    }
    return { ops, ns: Number(now - start) };
  };
  run(300);
  const { ops, ns } = run(seconds * 1000);
  const opsPerSecond = Math.round((ops * 1e9) / ns);
  console.log(
    `${name.padEnd(28)} ${opsPerSecond.toLocaleString('en').padStart(10)} ops/s  ${(ns / ops / 1000).toFixed(1).padStart(6)} µs/op`,
  );
  return { name, opsPerSecond, microsPerOp: ns / ops / 1000 };
}

console.log(
  `pricing engine, ${configurations.length} seeded configurations, ${seconds} s each, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}\n`,
);
const results = [
  measure('priceNewVm', (c) => priceNewVm(c)),
  measure('priceRenewal (5 days late)', (c) => priceRenewal({ lines: c.lines, days: c.days, taxPercent: c.taxPercent, daysExtended: 5 })),
  measure('clonePrice (weekly × 4)', (c) => clonePrice({ lines: c.lines, period: 'weekly', durationCount: 4, taxPercent: c.taxPercent })),
  measure('updateDelta (+1 of each)', (c) =>
    updateDelta({
      lines: c.lines.map((l) => ({ ...l, fromCount: l.count, toCount: Number(l.count) + 1 })),
      remainingDays: 17,
      taxPercent: c.taxPercent,
    }),
  ),
  measure('priceNewVm + totalsInUsd', (c) => totalsInUsd(priceNewVm(c))),
];

const bills = results[0]!.opsPerSecond;
console.log(`\npriceNewVm: ${bills.toLocaleString('en')} bills/s (budget ≥ ${BUDGET_BILLS_PER_SECOND.toLocaleString('en')})`);
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/pricing.json'),
  JSON.stringify({ at: new Date().toISOString(), loadAverage: os.loadavg()[0], results }, null, 2),
);
if (bills < BUDGET_BILLS_PER_SECOND) {
  console.error('budget missed');
  process.exit(1);
}
console.log('budget met');
