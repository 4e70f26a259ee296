/**
 * `npm run bench:orders`: CreateOrder's server work — catalogue and purchase terms from their
 * caches, the checks, the pricing engine and the one-transaction insert of the order and its lines —
 * on the embedded PGlite, in this process (the HTTP layer is measured by `npm run bench`). Sequential
 * (one customer after another) and 20 at once. Budget: ≥ 200 orders a second sequentially.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { orders } from '../apps/api/src/db/schema.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { createCatalogService } from '../apps/api/src/modules/catalogue/catalog/service.ts';
import { createPurchaseService } from '../apps/api/src/modules/orders/purchase/service.ts';
import { createPurchaseTerms } from '../apps/api/src/modules/orders/purchase/purchase-terms.ts';
import { paymentOptionsOf } from '../apps/api/src/modules/billing/payments/payment-options.ts';
import { takenToGateway } from '../apps/api/src/modules/billing/payments/taken-to-gateway.ts';
import { createCustomer } from '../apps/api/src/db/seed/factories.ts';
import { benchOrder, seedBenchShop } from './bench-shop.ts';

const BUDGET_ORDERS_PER_SECOND = 200;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const root = path.resolve(import.meta.dirname, '..');

const database = await openDatabase({ pgliteDir: 'memory://' });
await runMigrations(database);
const db = database.db;
const { company, za, product } = await seedBenchShop(db, 'https://bench-orders.example');
const customer = await createCustomer(db, company.id, { email: 'bench@example.co.za' });
const purchase = createPurchaseService(
  db,
  createCatalogService(db, 60_000),
  createPurchaseTerms(db, 60_000, new Set(['payfast', 'ozow', 'paypal']), {
    discountedTaxRegions: async () => new Set(),
    paymentOptions: (companyId) => paymentOptionsOf(db, companyId),
  }),
  '0.063',
  takenToGateway,
);

const order = benchOrder(product.id, za.id);

async function run(parallel: number) {
  const deadline = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  const worker = async () => {
    while (performance.now() < deadline) {
      const start = performance.now();
      const created = await purchase.createOrder(company.id, customer.id, order);
      if (created.amount !== '2522.25') throw new Error(`wrong total ${created.amount}`);
      latencies.push(performance.now() - start);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: parallel }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(2);
  return { parallel, orders: latencies.length, perSecond: Math.round(latencies.length / elapsed), p50Ms: p(0.5), p99Ms: p(0.99) };
}

await run(1); // warm-up: caches, prepared statements
const sequential = await run(1);
const concurrent = await run(20);
const [stored] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
await database.close();

console.log(`\nCreateOrder service on PGlite, ${seconds} s each, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}\n`);
for (const r of [sequential, concurrent]) {
  console.log(
    `${String(r.parallel).padStart(2)} at once: ${String(r.perSecond).padStart(6)} orders/s   p50 ${r.p50Ms} ms   p99 ${r.p99Ms} ms`,
  );
}
console.log(`orders stored: ${stored?.n}`);
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/orders.json'),
  JSON.stringify({ at: new Date().toISOString(), seconds, sequential, concurrent }, null, 2),
);
if (sequential.perSecond < BUDGET_ORDERS_PER_SECOND) {
  console.error(`\nbudget missed: ${sequential.perSecond} orders/s < ${BUDGET_ORDERS_PER_SECOND}`);
  process.exit(1);
}
console.log('budget met');
