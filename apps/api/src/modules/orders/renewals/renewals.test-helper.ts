import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { RAND_SPECS, SHILLING_SPECS } from '../../../../test/purchase-fixtures.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { orders, orderVms, vms } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { createProduct, createRegion, setPurchaseTerms } from '../../../db/seed/purchase-factories.ts';
import { fulfilOrderJob } from '../fulfil-order-job.ts';

/** A world to renew in: Acme (gateways, ZAR and KES products), Zebra (another company) and Free Pass (bypass). */
export const ACME = 'https://acme-renew.example';
export const ZEBRA = 'https://zebra-renew.example';
export const FREEPASS = 'https://freepass-renew.example';
export const DAY = 86_400_000;
export const HOUR = 3_600_000;
export const ago = (ms: number) => new Date(Date.now() - ms);
export const ahead = (ms: number) => new Date(Date.now() + ms);

export type RenewWorld = Awaited<ReturnType<typeof openRenewWorld>>;
type Buyer = SignedIn;

export async function openRenewWorld() {
  const t: TestContext = await createTestApp({ SIMULATOR_BOOT_MS: '0' });
  await t.queue.work([fulfilOrderJob(t.modules.orders.fulfilments, { retryLimit: 2, retryDelay: 1 })], { pollingIntervalSeconds: 0.5 });
  const db = t.database.db;

  const acme = await upsertCompany(db, completeCompany('acme-renew', 'Acme Cloud'), [ACME]);
  const za = await createRegion(db, acme.id, { name: 'South Africa', iso2: 'ZA', currency: 'ZAR', taxPercent: '15.00' });
  const ke = await createRegion(db, acme.id, { name: 'Kenya', iso2: 'KE', currency: 'KES', taxPercent: '16.00' });
  const ubuntu = await createProduct(db, acme.id, { name: 'Ubuntu Renew', osType: 'ubuntu', specs: RAND_SPECS, regionIds: [za.id] });
  const nairobi = await createProduct(db, acme.id, {
    name: 'Nairobi Renew',
    osType: 'CentOS',
    currency: 'KES',
    specs: SHILLING_SPECS,
    regionIds: [ke.id],
  });
  await setPurchaseTerms(db, acme.id, {
    timePeriods: [{ days: 30 }, { days: 90 }],
    // Renewals carry no category discount: this one must not reach their bills.
    discounts: [{ ram: '5.00', disk: '2.50' }],
    gateways: [
      { regionId: za.id, gateways: ['payfast', 'ozow', 'paypal'] },
      { regionId: ke.id, gateways: ['pesapal'] },
    ],
    bypass: false,
  });

  const zebra = await upsertCompany(db, completeCompany('zebra-renew', 'Zebra Hosting'), [ZEBRA]);
  const freepass = await upsertCompany(db, completeCompany('freepass-renew', 'Free Pass Cloud'), [FREEPASS]);
  const fpZa = await createRegion(db, freepass.id, { name: 'South Africa', iso2: 'ZA', currency: 'ZAR', taxPercent: '15.00' });
  const fpProduct = await createProduct(db, freepass.id, { name: 'Free Pass VM', specs: RAND_SPECS, regionIds: [fpZa.id] });
  await setPurchaseTerms(db, freepass.id, {
    timePeriods: [{ days: 30 }],
    gateways: [{ regionId: fpZa.id, gateways: ['payfast'] }],
    bypass: true,
  });

  let n = 0;
  const customer = async (companyId: number) => {
    const email = `renewer${++n}@example.co.za`;
    const id = (await createCustomer(db, companyId, { email, firstName: 'Thandi' })).id;
    return { ...(await signIn(t, companyId, id)), email };
  };

  const simulator = t.modules.machines.hypervisors.for('simulator');

  /**
   * A VM of a customer with a machine at the simulator: running until `endAt`, or expired
   * (stopped at the hypervisor) / archived when the end date has passed.
   */
  async function vmOf(
    who: Buyer,
    what: {
      productId: number;
      regionId: number | null;
      cpu?: number;
      ramGb?: number;
      diskGb?: number;
      endAt: Date;
      state?: 'running' | 'expired' | 'archived' | 'stopped';
      blocked?: boolean;
      renewedFrom?: Date;
    },
  ) {
    const name = `vm-${++n}`;
    const spec = { cpu: what.cpu ?? 2, ramGb: what.ramGb ?? 4, diskGb: what.diskGb ?? 50 };
    const { externalId } = await simulator.createVm({ name, template: 'ubuntu', ...spec, idempotencyKey: `renew-test-${n}` });
    const state = what.state ?? 'running';
    if (state === 'expired' || state === 'stopped') await simulator.stopVm(externalId);
    if (state === 'archived') await simulator.archiveVm(externalId);
    const [row] = await db
      .insert(vms)
      .values({
        companyId: who.companyId,
        customerId: who.customerId,
        productId: what.productId,
        provider: 'simulator',
        externalId,
        name,
        os: 'ubuntu',
        state,
        blocked: what.blocked ?? false,
        ...spec,
        regionId: what.regionId,
        days: 30,
        startAt: new Date(what.endAt.getTime() - 30 * DAY),
        endAt: what.endAt,
        renewedFrom: what.renewedFrom ?? null,
        expiredAt: state === 'expired' || state === 'archived' ? what.endAt : null,
        archivedAt: state === 'archived' ? what.endAt : null,
      })
      .returning();
    return row!;
  }

  const as = (who: Buyer, site = ACME) => authHeaders(site, who);
  const call = (who: Buyer, name: string, body: unknown, site = ACME) => post(t.app, `virtualMachine/${name}`, body, as(who, site));

  /** A bypass order paid the way the SPA pays it: startPayment, then the result page's transaction update. */
  async function payByBypass(who: Buyer, orderId: number, update = 'transactionApiForRenewVm') {
    const started = await call(who, 'startPayment', { orderID: orderId }, FREEPASS);
    expect(started.http, started.body.message).toBe(200);
    expect(started.body.data.start).toEqual({ kind: 'bypass' });
    const paid = await call(who, update, { orderId, byPass: 1, paymentMode: 'Bypass' }, FREEPASS);
    expect(paid.http, paid.body.message).toBe(200);
  }

  const vmRow = async (id: number) => (await db.select().from(vms).where(eq(vms.id, id)))[0]!;
  const orderRow = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const partsOf = (orderId: number) => db.select().from(orderVms).where(eq(orderVms.orderId, orderId));
  const machineState = async (externalId: string) => (await simulator.getVm(externalId))?.state;

  return {
    t,
    db,
    ids: { acme: acme.id, zebra: zebra.id, freepass: freepass.id, za: za.id, ke: ke.id, fpZa: fpZa.id },
    products: { ubuntu: ubuntu.id, nairobi: nairobi.id, freepass: fpProduct.id },
    simulator: t.modules.machines.hypervisors.simulator,
    customer,
    vmOf,
    call,
    payByBypass,
    vmRow,
    orderRow,
    partsOf,
    machineState,
    close: () => t.close(),
  };
}
