/**
 * `npm run bench:invoice`: how long one invoice PDF takes to render in this process (fonts parsed
 * once per process, ADR 0106). An invoice is rendered on every download, so it has a budget:
 * ≤ 50 ms per invoice with a logo, measured over 40 rounds after a warm-up.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { logoOf } from '../apps/api/src/modules/billing/invoices/invoice-logo.ts';
import { renderInvoicePdf } from '../apps/api/src/modules/billing/invoices/invoice-pdf.ts';
import { PNG, sampleInvoice } from '../apps/api/test/sample-invoice.ts';

const BUDGET_MS = 50;
const ROUNDS = 40;
const root = path.resolve(import.meta.dirname, '..');

const data = sampleInvoice();
const logo = logoOf(PNG);
await renderInvoicePdf(data, { logo });
const started = performance.now();
for (let i = 0; i < ROUNDS; i++) await renderInvoicePdf(data, { logo });
const each = (performance.now() - started) / ROUNDS;

console.log(
  `invoice PDF: ${each.toFixed(1)} ms per invoice over ${ROUNDS} rounds (budget ≤ ${BUDGET_MS} ms), load ${os.loadavg()[0]!.toFixed(2)}`,
);
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/invoice-pdf.json'),
  JSON.stringify({ at: new Date().toISOString(), loadAverage: os.loadavg()[0], msPerInvoice: each, budgetMs: BUDGET_MS }, null, 2),
);
if (each > BUDGET_MS) {
  console.error('budget missed');
  process.exit(1);
}
console.log('budget met');
