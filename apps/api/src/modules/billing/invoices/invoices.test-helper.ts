import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { companies, orderLines, orders, paymentAttempts } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { createProduct, createRegion, setPurchaseTerms } from '../../../db/seed/purchase-factories.ts';
import { RAND_SPECS } from '../../../../test/purchase-fixtures.ts';
import type { TestContext } from '../../../../test/test-app.ts';
import { issueInvoice } from './issue-invoice.ts';

/**
 * Test helpers of the invoices module (not a test file): a purchasable company, orders written
 * the way CreateOrder freezes them, and the payments module's part of paying one (status paid,
 * paid_at and issueInvoice in one transaction).
 */

/**
 * The 90-day order of 8 GB, 2 vCPU, 100 GB in South Africa at 15 % VAT with 5 % off memory and
 * 2.5 % off disk: processor 2 × 120 × 3 = 720.00, memory 8 × 45 × 3 = 1,080.00, disk 100 × 1.50
 * × 3 = 450.00; price 2,250.00; tax 15 % = 337.50; discount 1,080 × 5 % + 450 × 2.5 % = 65.25;
 * total 2,250 + 337.50 − 65.25 = 2,522.25.
 */
export const order90 = (productID: number, region: number, productName: string) => ({
  productID,
  productName,
  specification: [
    { type: 'memory', value: 8, unit: 'GB' },
    { type: 'processor', value: 2, unit: 'cores' },
    { type: 'disk', value: 100, unit: 'GB' },
  ],
  region,
  timePeriod: 90,
  currency: 'ZAR',
  cost: '2250.00',
  discountAmount: '65.25',
  taxAmount: '337.50',
  totalAmount: '2522.25',
  paymentGateway: 'PayFast Payment',
  microsoftLicense: 0,
  byPassflag: 0,
});

export type Shop = { companyId: number; regionId: number; productId: number; productName: string };

/** A company selling one product in South Africa through PayFast, with the demo logo when `logo`. */
export async function createShop(
  t: TestContext,
  slug: string,
  name: string,
  site: string,
  options: { logo?: boolean; productName?: string } = {},
): Promise<Shop> {
  const db = t.database.db;
  const company = await upsertCompany(db, { ...completeCompany(slug, name), wwwUrl: `https://www.${slug}.example` }, [site]);
  if (options.logo) {
    const bytes = await fs.readFile(path.join(import.meta.dirname, '../../../db/seed/assets/demo-logo.svg'));
    const file = await t.modules.tenant.files.save({
      companyId: company.id,
      kind: 'logo',
      originalName: 'logo.svg',
      contentType: 'image/svg+xml',
      bytes,
      isPublic: true,
    });
    await db
      .update(companies)
      .set({ logoPath: `/api/files/${file.id}` })
      .where(eq(companies.id, company.id));
  }
  const region = await createRegion(db, company.id, { name: 'South Africa', iso2: 'ZA', currency: 'ZAR', taxPercent: '15.00' });
  const productName = options.productName ?? 'Ubuntu 22.04 LTS';
  const product = await createProduct(db, company.id, { name: productName, osType: 'ubuntu', specs: RAND_SPECS });
  await setPurchaseTerms(db, company.id, {
    timePeriods: [{ days: 30 }, { days: 90 }],
    discounts: [{ ram: '5.00', disk: '2.50' }],
    ramCpuRanges: [
      { productId: product.id, ramFrom: 1, ramTo: 2, cpuCount: 1 },
      { productId: product.id, ramFrom: 3, ramTo: 8, cpuCount: 2 },
      { productId: product.id, ramFrom: 9, ramTo: 16, cpuCount: 4 },
    ],
    gateways: [{ regionId: region.id, gateways: ['payfast', 'ozow'] }],
    bypass: false,
  });
  return { companyId: company.id, regionId: region.id, productId: product.id, productName };
}

export async function createBuyer(db: Db, companyId: number, email: string, fields: Parameters<typeof createCustomer>[2] = { email }) {
  return createCustomer(db, companyId, { ...fields, email });
}

let referenceSeq = 0;

/** An order written as CreateOrder freezes it (for kinds and names CreateOrder does not make). */
export async function insertOrder(
  db: Db,
  shop: Shop,
  customerId: number,
  overrides: Partial<typeof orders.$inferInsert> = {},
  lines: { name: string; unit: string; count: number; amount: string }[] = [
    { name: 'Processor', unit: 'vCPU', count: 2, amount: '240.00' },
    { name: 'Memory', unit: 'GB', count: 4, amount: '180.00' },
    { name: 'Disk', unit: 'GB', count: 50, amount: '75.00' },
  ],
) {
  referenceSeq += 1;
  const [order] = await db
    .insert(orders)
    .values({
      companyId: shop.companyId,
      customerId,
      kind: 1,
      reference: `${Date.now().toString(16)}${referenceSeq.toString(16).padStart(8, '0')}`.padEnd(32, '0'),
      productId: shop.productId,
      productName: shop.productName,
      regionId: shop.regionId,
      regionName: 'South Africa',
      days: 30,
      currency: 'ZAR',
      taxPercent: '15.00',
      price: '495.00',
      tax: '74.25',
      discount: '0.00',
      total: '569.25',
      gateway: 'payfast',
      ...overrides,
    })
    .returning();
  await db.insert(orderLines).values(
    lines.map((l, i) => ({
      orderId: order!.id,
      companyId: shop.companyId,
      sortOrder: i,
      name: l.name,
      unit: l.unit,
      count: l.count,
      costPerUnit: '1.0000',
      amount: l.amount,
    })),
  );
  return order!;
}

/** The payments module's part: the order becomes paid and its invoice is issued, in one transaction. */
export async function markPaid(
  db: Db,
  order: { id: number; companyId: number; customerId: number; total: string; currency: string; regionId?: number | null },
  options: { proforma?: boolean; gateway?: string; paymentMode?: string; transactionId?: string } = {},
) {
  return db.transaction(async (tx) => {
    const gateway = options.gateway ?? 'payfast';
    const [attempt] = await tx
      .insert(paymentAttempts)
      .values({
        companyId: order.companyId,
        orderId: order.id,
        gateway,
        reference: `att-${order.id}-${Math.random().toString(36).slice(2)}`,
        gatewayReference: options.transactionId ?? `PF-${order.id}-77`,
        amount: order.total,
        currency: order.currency,
        test: options.proforma ?? false,
        status: 'paid',
        gatewayStatus: 'COMPLETE',
      })
      .returning();
    await tx.update(orders).set({ status: 'paid', paidAt: new Date(), updatedAt: new Date() }).where(eq(orders.id, order.id));
    return issueInvoice(tx as unknown as Db, {
      companyId: order.companyId,
      customerId: order.customerId,
      orderId: order.id,
      attemptId: attempt!.id,
      paymentMode: options.paymentMode ?? 'PayFast Payment',
      transactionId: options.transactionId ?? `PF-${order.id}-77`,
      proforma: options.proforma ?? false,
      regionId: order.regionId ?? null,
    });
  });
}

/** A PDF read back with pdf.js as a viewer would: its text, page count and the right-most edge of any text. */
export async function readPdf(bytes: Buffer | Uint8Array): Promise<{ text: string; pages: number; rightmost: number; pageWidth: number }> {
  // pdf.js 5 uses Promise.withResolvers (Node 22); Node 20 runs the tests too.
  const P = Promise as unknown as { withResolvers?: () => unknown };
  P.withResolvers ??= () => {
    let resolve!: (value: unknown) => void;
    let reject!: (reason: unknown) => void;
    const promise = new Promise((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  const doc = await task.promise;
  const texts: string[] = [];
  let rightmost = 0;
  let pageWidth = 0;
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    pageWidth = page.view[2]!;
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!('str' in item)) continue;
      texts.push(item.str);
      // The watermark is drawn rotated on purpose: only upright text must stay inside the page.
      const upright = Math.abs(item.transform[1] as number) < 1e-6;
      if (upright && item.str.trim() !== '') rightmost = Math.max(rightmost, (item.transform[4] as number) + item.width);
    }
  }
  const pages = doc.numPages;
  await task.destroy();
  return { text: texts.join(' ').replace(/\s+/g, ' '), pages, rightmost, pageWidth };
}
