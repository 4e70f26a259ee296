import { createOrderRequest } from '@mawingu/contracts/purchase';
import type { Db } from '../apps/api/src/db/client.ts';
import { completeCompany, upsertCompany } from '../apps/api/src/db/seed/factories.ts';
import { createProduct, createRegion, setPurchaseTerms } from '../apps/api/src/db/seed/purchase-factories.ts';

/**
 * The benchmarks' shop (bench:orders, bench:cluster): one company at `origin` with one product
 * sold in South Africa for 90 days, so an order's figures are known in advance (create-order.test.ts).
 */
export async function seedBenchShop(db: Db, origin: string) {
  const company = await upsertCompany(db, completeCompany('bench-orders', 'Bench Cloud'), [origin]);
  const za = await createRegion(db, company.id, { name: 'South Africa', iso2: 'ZA', currency: 'ZAR', taxPercent: '15.00' });
  const product = await createProduct(db, company.id, {
    name: 'Bench VM',
    specs: [
      { name: 'Processor', unit: 'vCPU', count: 2, min: 1, max: 8, cost: '120.0000' },
      { name: 'Memory', unit: 'GB', count: 4, min: 1, max: 16, cost: '45.0000' },
      { name: 'Disk', unit: 'GB', count: 50, min: 20, max: 500, step: 10, cost: '1.5000' },
    ],
  });
  await setPurchaseTerms(db, company.id, {
    timePeriods: [{ days: 90 }],
    discounts: [{ ram: '5.00', disk: '2.50' }],
    gateways: [{ regionId: za.id, gateways: ['payfast', 'ozow', 'paypal'] }],
    bypass: false,
  });
  return { company, za, product };
}

/** The 8 GB / 2 vCPU / 100 GB, 90-day order of the shop's product, with its figures. */
export function benchOrder(productId: number, regionId: number) {
  return createOrderRequest.parse({
    productID: productId,
    specification: [
      { type: 'memory', value: 8, unit: 'GB' },
      { type: 'processor', value: 2, unit: 'cores' },
      { type: 'disk', value: 100, unit: 'GB' },
    ],
    region: regionId,
    timePeriod: 90,
    currency: 'ZAR',
    cost: '2250.00',
    discountAmount: '65.25',
    taxAmount: '337.50',
    totalAmount: '2522.25',
    paymentGateway: 'PayFast Payment',
  });
}
