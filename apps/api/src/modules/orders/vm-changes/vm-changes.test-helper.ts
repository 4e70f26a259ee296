import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { RAND_SPECS } from '../../../../test/purchase-fixtures.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { orders, vms } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { createProduct, createRegion, setPurchaseTerms } from '../../../db/seed/purchase-factories.ts';

/**
 * A company whose customers own running simulator VMs of a rand product (R120 a vCPU, R45 a GB of
 * memory, R1.50 a GB of disk per 30 days; VAT 15 %), 30 days left on each; payment by bypass.
 */
export const ACME = 'https://acme-changes.example';
export const ZEBRA = 'https://zebra-changes.example';

export type ChangeWorld = Awaited<ReturnType<typeof openChangeWorld>>;

export async function openChangeWorld() {
  const t: TestContext = await createTestApp({ SIMULATOR_BOOT_MS: '0' });
  const db = t.database.db;
  const acme = await upsertCompany(db, completeCompany('acme-changes', 'Acme Cloud'), [ACME]);
  const za = await createRegion(db, acme.id, {
    name: 'South Africa',
    iso2: 'ZA',
    currency: 'ZAR',
    taxPercent: '15.00',
  });
  const product = await createProduct(db, acme.id, {
    name: 'Ubuntu Change',
    osType: 'ubuntu',
    specs: RAND_SPECS,
    regionIds: [za.id],
  });
  await setPurchaseTerms(db, acme.id, {
    timePeriods: [{ days: 30 }, { days: 90 }],
    ramCpuRanges: [{ productId: product.id, ramFrom: 12, ramTo: 16, cpuCount: 4 }],
    gateways: [{ regionId: za.id, gateways: ['payfast'] }],
    bypass: true,
  });
  const zebra = await upsertCompany(db, completeCompany('zebra-changes', 'Zebra Hosting'), [ZEBRA]);

  let n = 0;
  type Buyer = SignedIn & { email: string };
  const customer = async (companyId = acme.id): Promise<Buyer> => {
    const email = `changer${++n}@example.co.za`;
    const id = (await createCustomer(db, companyId, { email, firstName: 'Thandi' })).id;
    return { ...(await signIn(t, companyId, id)), email };
  };
  const as = (who: Buyer, site = ACME) => authHeaders(site, who);

  let nextOrder = 900_000;
  /** A running VM of 2 vCPU, 4 GB, 50 GB with 30 days left, as a paid new-VM order leaves it. */
  async function vmOf(who: Buyer, name = `web-${nextOrder + 1}`) {
    nextOrder += 1;
    return t.modules.machines.vms.provisionForOrder({
      orderId: nextOrder,
      companyId: acme.id,
      customerId: who.customerId,
      productId: product.id,
      cpu: 2,
      ramGb: 4,
      diskGb: 50,
      regionId: za.id,
      days: 30,
      name,
    });
  }

  const call = (who: Buyer, path: string, body: unknown, site = ACME) => post(t.app, `virtualMachine/${path}`, body, as(who, site));

  /** Pays an order with the bypass, as the purchase details page does. */
  async function pay(who: Buyer, orderId: number) {
    const started = await call(who, 'startPayment', { orderID: orderId });
    expect(started.http, started.body.message).toBe(200);
    const paid = await call(who, 'transactionApi', {
      orderId,
      byPass: 1,
      paymentMode: 'Bypass',
    });
    expect(paid.body.data?.transactionStatus, paid.body.message).toBe('Complete');
  }

  /** Marks an order paid without queuing its job, so a test can run the fulfilment itself. */
  const markPaid = (orderId: number) => db.update(orders).set({ status: 'paid', paidAt: new Date() }).where(eq(orders.id, orderId));
  const vmRow = async (id: number) => (await db.select().from(vms).where(eq(vms.id, id)))[0]!;
  const orderRow = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;

  return {
    t,
    db,
    ids: { acme: acme.id, zebra: zebra.id, za: za.id, product: product.id },
    customer,
    as,
    vmOf,
    call,
    pay,
    markPaid,
    vmRow,
    orderRow,
    close: () => t.close(),
  };
}

/** The update payload the page sends for new sizes and the bill it showed. */
export const updatePayload = (
  vmId: number,
  sizes: { cpu: number; ram: number; disk: number },
  bill: { cost: string; tax: string; total: string },
  updateType = 'RamAndCpu',
) => ({
  clientVMID: vmId,
  productName: 'Ubuntu Change',
  ramCount: sizes.ram,
  ramUnit: 'GB',
  processorCount: sizes.cpu,
  processorUnit: 'cores',
  diskCount: sizes.disk,
  diskUnit: 'GB',
  cost: bill.cost,
  taxAmount: bill.tax,
  totalAmount: bill.total,
  currency: 'ZAR',
  timePeriod: 30,
  byPassflag: 1,
  updateType,
});

/** The clone/snapshot payload of the VM's own sizes (2 vCPU, 4 GB, 50 GB). */
export const backupPayload = (
  vmId: number,
  bill: { cost: string; tax: string; total: string },
  clone: { cloneDuration?: unknown; cloneDurationType?: unknown } = {},
) => ({
  clientVMID: vmId,
  productName: 'Ubuntu Change',
  ramCount: 4,
  ramUnit: 'GB',
  processorCount: 2,
  processorUnit: 'cores',
  diskCount: 50,
  diskUnit: 'GB',
  cost: bill.cost,
  taxAmount: bill.tax,
  totalAmount: bill.total,
  currency: 'ZAR',
  timePeriod: 30,
  byPassflag: 1,
  ...clone,
});
