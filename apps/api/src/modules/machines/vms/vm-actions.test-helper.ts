import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { getUserVMsResponse } from '@mawingu/contracts/vms';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { until } from '../../../../test/until.ts';
import { orders, products, simulatorVms, vmBackups, vms } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { createSimulatedBackup, createSimulatedVm, type VmFixture } from '../../../db/seed/vm-factories.ts';
import { backupActionJob } from './backup-action-job.ts';
import { vmActionJob } from './vm-action-job.ts';

export const ACME = 'https://acme-vmactions.example';
export const ZEBRA = 'https://zebra-vmactions.example';

export type Who = SignedIn & { site: string };

/**
 * A world for the account page's VM area: Acme with two customers (Thandi acts, Sipho is the
 * intruder of the same company) and Zebra's customer (another company), simulator VMs made in any
 * state, and the VM and backup jobs worked by this process as an API instance would.
 */
export async function openVmWorld() {
  const t: TestContext = await createTestApp({ SIMULATOR_BOOT_MS: '0' });
  const db = t.database.db;
  const acme = (await upsertCompany(db, completeCompany('acme-vmactions', 'Acme Cloud'), [ACME])).id;
  const zebra = (await upsertCompany(db, completeCompany('zebra-vmactions', 'Zebra Hosting'), [ZEBRA])).id;
  const customer = async (companyId: number, site: string, email: string): Promise<Who> => ({
    ...(await signIn(t, companyId, (await createCustomer(db, companyId, { email })).id)),
    site,
  });
  const thandi = await customer(acme, ACME, 'thandi@example.co.za');
  const sipho = await customer(acme, ACME, 'sipho@example.co.za');
  const zebraCustomer = await customer(zebra, ZEBRA, 'thandi@example.co.za');
  const [product] = await db
    .insert(products)
    .values({ companyId: acme, name: 'Ubuntu Server', serviceName: 'virtualmachine', serviceType: 'simulator', osType: 'Ubuntu 24.04' })
    .returning({ id: products.id });

  const actions = t.modules.machines.vmActions;
  await t.queue.work([vmActionJob(actions), backupActionJob(actions)], { pollingIntervalSeconds: 0.5 });

  const vm = (input: Partial<VmFixture> = {}, who: Who = thandi) =>
    createSimulatedVm(db, {
      companyId: who.companyId,
      customerId: who.customerId,
      productId: product!.id,
      name: `vm-${randomUUID().slice(0, 8)}`,
      os: 'Ubuntu 24.04',
      cpu: 2,
      ramGb: 4,
      diskGb: 50,
      ...input,
    });

  /** An order row for what needs one (a backup's purchase, a renewal); paid when `paid`. */
  async function order(who: Who, kind: number, paid = true) {
    const [row] = await db
      .insert(orders)
      .values({
        companyId: who.companyId,
        customerId: who.customerId,
        kind,
        status: paid ? 'fulfilled' : 'created',
        reference: `ref-${randomUUID()}`,
        productName: 'Ubuntu Server',
        regionName: 'South Africa',
        days: 30,
        currency: 'ZAR',
        taxPercent: '15.00',
        price: '100.00',
        tax: '15.00',
        discount: '0.00',
        total: '115.00',
        paidAt: paid ? sql`now()` : null,
      })
      .returning();
    return row!;
  }

  const backup = async (of: Awaited<ReturnType<typeof vm>>, kind: 'clone' | 'snapshot', who: Who = thandi) =>
    createSimulatedBackup(db, of, {
      kind,
      orderId: (await order(who, 2)).id,
      ...(kind === 'clone' ? { cloneDuration: 2, cloneType: 'daily' } : {}),
    });

  const call = (path: string, body: unknown, who: Who = thandi) => post(t.app, path, body, authHeaders(who.site, who));
  const list = async (path: string, who: Who = thandi) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/${path}`, headers: authHeaders(who.site, who) });
    return { http: res.statusCode, body: res.json() as { status: number; message: string; data: any } };
  };

  return {
    t,
    db,
    acme,
    zebra,
    thandi,
    sipho,
    zebraCustomer,
    productId: product!.id,
    vm,
    backup,
    order,
    call,
    list,
    actions,
    simulator: t.modules.machines.hypervisors.simulator,
  };
}

export type VmWorld = Awaited<ReturnType<typeof openVmWorld>>;

/**
 * Reads of the world the VM tests check against: the VM, its machine at the simulator, a backup,
 * the Products list. Takes the world lazily because test files open it in beforeAll.
 */
export function vmLookups(world: () => VmWorld) {
  const rowOf = async (id: number) => (await world().db.select().from(vms).where(eq(vms.id, id)))[0]!;
  const machineOf = async (externalId: string) => (await world().db.select().from(simulatorVms).where(eq(simulatorVms.id, externalId)))[0]!;
  const backupOf = async (id: number) => (await world().db.select().from(vmBackups).where(eq(vmBackups.id, id)))[0]!;
  const productsOf = async (who: Who = world().thandi) =>
    getUserVMsResponse.parse((await world().list('virtualMachine/getUserVMs', who)).body).data;
  /** Waits for the job to clear the VM's pendingAction, then gives the row. */
  const settled = (id: number) =>
    until(async () => {
      const row = await rowOf(id);
      return row.pendingAction === null ? row : undefined;
    });
  return { rowOf, machineOf, backupOf, productsOf, settled };
}
