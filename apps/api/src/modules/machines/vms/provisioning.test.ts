import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { queuedMails } from '../../../../test/queued-mails.ts';
import { until } from '../../../../test/until.ts';
import { notifications, orders, products, simulatorVms, vms } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { enqueueProvisioning, provisionVmJob } from './provision-job.ts';
import { machineKeyOf, type ProvisionRequest } from './service.ts';
import { transition } from '../../orders/order-status.ts';

const SITE = 'https://acme-vms.example';
const FAST_RETRY = { retryLimit: 2, retryDelay: 1 };

describe('provisioning a paid order’s VM', () => {
  let t: TestContext;
  let companyId: number;
  let customerId: number;
  let productId: number;
  let nextOrder = 1000;

  beforeAll(async () => {
    t = await createTestApp({ SIMULATOR_BOOT_MS: '0' });
    const db = t.database.db;
    companyId = (await upsertCompany(db, completeCompany('acme-vms', 'Acme Cloud'), [SITE])).id;
    customerId = (await createCustomer(db, companyId, { email: 'thandi@example.co.za', firstName: 'Thandi' })).id;
    const [product] = await db
      .insert(products)
      .values({ companyId, name: 'Ubuntu Server', serviceName: 'virtualmachine', serviceType: 'simulator', osType: 'Ubuntu 24.04' })
      .returning({ id: products.id });
    productId = product!.id;
    await t.queue.work([provisionVmJob(t.modules.machines.vms, FAST_RETRY)], { pollingIntervalSeconds: 0.5 });
  });
  afterAll(() => t.close());

  let order: ProvisionRequest;
  beforeEach(() => {
    nextOrder += 1;
    order = {
      orderId: nextOrder,
      companyId,
      customerId,
      productId,
      cpu: 2,
      ramGb: 4,
      diskGb: 80,
      regionId: null,
      days: 30,
      name: `web-${nextOrder}`,
    };
  });

  const vmOf = async (orderId: number) => (await t.database.db.select().from(vms).where(eq(vms.orderId, orderId)))[0];
  const machinesOf = (orderId: number) =>
    t.database.db
      .select()
      .from(simulatorVms)
      .where(eq(simulatorVms.idempotencyKey, machineKeyOf(orderId)));
  const readyNotices = (name: string) =>
    t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.customerId, customerId), eq(notifications.text, `Your virtual machine ${name} is ready`)));
  const readyMails = async (name: string) =>
    (await queuedMails(t, 'thandi@example.co.za')).filter((m) => m.subject === `Your virtual machine ${name} is ready`);
  const jobOf = async (orderId: number) =>
    (
      await t.database.executeSql(`select state, retry_count from pgboss.job where name = 'provision-vm' and singleton_key = $1`, [
        `order-${orderId}`,
      ])
    ).rows[0] as { state: string; retry_count: number } | undefined;

  it('makes one VM, one machine, one notification and one mail when called 100 times at once', async () => {
    const results = await Promise.all(Array.from({ length: 100 }, () => t.modules.machines.vms.provisionForOrder(order)));

    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    const rows = await t.database.db.select().from(vms).where(eq(vms.orderId, order.orderId));
    expect(rows).toHaveLength(1);
    const vm = rows[0]!;
    expect(vm.state).toBe('running');
    expect(vm.provider).toBe('simulator');
    expect(vm.os).toBe('Ubuntu 24.04');
    const machines = await machinesOf(order.orderId);
    expect(machines).toHaveLength(1);
    expect(vm.externalId).toBe(machines[0]!.id);
    expect(vm.endAt!.getTime() - vm.startAt!.getTime()).toBe(30 * 24 * 3600 * 1000);
    expect(await readyNotices(order.name)).toHaveLength(1);
    const mails = await readyMails(order.name);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('2 cores, 4 GB memory, 80 GB disk');
  });

  it('retries a hypervisor outage with back-off, then marks the VM failed with the last error', async () => {
    t.modules.machines.hypervisors.simulator.failNext('createVm', 10, 'unavailable');
    try {
      await enqueueProvisioning(t.queue, order, { retry: FAST_RETRY });
      const job = await until(async () => {
        const j = await jobOf(order.orderId);
        return j?.state === 'failed' ? j : undefined;
      });
      expect(job.retry_count).toBe(2);
      const vm = (await vmOf(order.orderId))!;
      expect(vm.state).toBe('failed');
      expect(vm.lastError).toBe('simulated unavailable failure of createVm');
      expect(vm.externalId).toBeNull();
      expect(await machinesOf(order.orderId)).toHaveLength(0);
      expect(await readyNotices(order.name)).toHaveLength(0);
    } finally {
      t.modules.machines.hypervisors.simulator.failNext('createVm', 0);
    }
  });

  it('rides out a short outage: the retry makes the VM and clears the error', async () => {
    t.modules.machines.hypervisors.simulator.failNext('createVm', 1, 'unavailable');
    await enqueueProvisioning(t.queue, order, { retry: FAST_RETRY });
    const vm = await until(async () => {
      const row = await vmOf(order.orderId);
      return row?.state === 'running' ? row : undefined;
    });
    expect(vm.lastError).toBeNull();
    expect((await jobOf(order.orderId))?.retry_count).toBe(1);
    expect(await readyNotices(order.name)).toHaveLength(1);
  });

  it('does not retry a refusal that waiting cannot cure', async () => {
    t.modules.machines.hypervisors.simulator.failNext('createVm', 1, 'rejected');
    await enqueueProvisioning(t.queue, order, { retry: FAST_RETRY });
    const job = await until(async () => {
      const j = await jobOf(order.orderId);
      return j?.state === 'completed' ? j : undefined;
    });
    expect(job.retry_count).toBe(0);
    const vm = (await vmOf(order.orderId))!;
    expect(vm.state).toBe('failed');
    expect(vm.lastError).toBe('simulated rejected failure of createVm');
  });

  /** The order row behind the request, as the payment left it: paid. */
  const storePaidOrder = (req: ProvisionRequest) =>
    t.database.db.insert(orders).values({
      id: req.orderId,
      companyId,
      customerId,
      kind: 1,
      status: 'paid',
      reference: `provisioning-test-${req.orderId}`,
      productId,
      productName: 'Ubuntu Server',
      regionName: 'South Africa',
      days: 30,
      currency: 'ZAR',
      taxPercent: '15.00',
      price: '100.00',
      tax: '15.00',
      discount: '0.00',
      total: '115.00',
      paidAt: new Date(),
    });
  const statusOf = async (orderId: number) => (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status;

  it('ends its order fulfilled once the machine runs, as every kind of order ends', async () => {
    await storePaidOrder(order);
    await t.modules.machines.vms.provisionForOrder(order);
    expect((await vmOf(order.orderId))!.state).toBe('running');
    expect(await statusOf(order.orderId)).toBe('fulfilled');
    // A repeated run finds the work done and leaves the order where it is.
    await t.modules.machines.vms.provisionForOrder(order);
    expect(await statusOf(order.orderId)).toBe('fulfilled');
  });

  it('leaves its order needs_attention when the machine cannot be made; an operator’s retry that works fulfils it', async () => {
    await storePaidOrder(order);
    t.modules.machines.hypervisors.simulator.failNext('createVm', 1, 'rejected');
    await t.modules.machines.vms.provisionForOrder(order);
    expect((await vmOf(order.orderId))!.state).toBe('failed');
    expect(await statusOf(order.orderId)).toBe('needs_attention');
    // The console's Retry puts the VM back to provisioning and queues the job again.
    await t.database.db.update(vms).set({ state: 'provisioning' }).where(eq(vms.orderId, order.orderId));
    await t.modules.machines.vms.provisionForOrder(order);
    expect((await vmOf(order.orderId))!.state).toBe('running');
    expect(await statusOf(order.orderId)).toBe('fulfilled');
  });

  it('queues the job with the payment’s transaction: nothing when it rolls back, the VM when it commits', async () => {
    const db = t.database.db;
    const rolledBack = { ...order, orderId: order.orderId + 500_000 };
    await expect(
      db.transaction(async (tx) => {
        await enqueueProvisioning(t.queue, rolledBack, { tx, retry: FAST_RETRY });
        throw new Error('payment not recorded');
      }),
    ).rejects.toThrow('payment not recorded');

    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await enqueueProvisioning(t.queue, order, { tx, retry: FAST_RETRY });
      // Paid twice (a replayed gateway notification): the second is dropped by the key.
      await enqueueProvisioning(t.queue, order, { tx, retry: FAST_RETRY });
    });

    const vm = await until(async () => {
      const row = await vmOf(order.orderId);
      return row?.state === 'running' ? row : undefined;
    });
    expect(vm.name).toBe(order.name);
    expect(await readyNotices(order.name)).toHaveLength(1);
    expect(await readyMails(order.name)).toHaveLength(1);
    expect(await jobOf(rolledBack.orderId)).toBeUndefined();
    expect(await vmOf(rolledBack.orderId)).toBeUndefined();
    const jobs = await t.database.executeSql(`select count(*)::int as n from pgboss.job where singleton_key = $1`, [
      `order-${order.orderId}`,
    ]);
    expect(jobs.rows[0].n).toBe(1);
  });

  it('converges after a crash between the hypervisor’s create and the row’s update', async () => {
    // The first run got as far as this: row written, machine made, then the process died.
    await t.database.db.insert(vms).values({
      companyId,
      customerId,
      orderId: order.orderId,
      productId,
      provider: 'simulator',
      name: order.name,
      os: 'Ubuntu 24.04',
      cpu: order.cpu,
      ramGb: order.ramGb,
      diskGb: order.diskGb,
      days: order.days,
    });
    const { externalId } = await t.modules.machines.hypervisors.simulator.createVm({
      name: order.name,
      cpu: order.cpu,
      ramGb: order.ramGb,
      diskGb: order.diskGb,
      template: 'Ubuntu 24.04',
      idempotencyKey: machineKeyOf(order.orderId),
    });

    await enqueueProvisioning(t.queue, order, { retry: FAST_RETRY });
    const vm = await until(async () => {
      const row = await vmOf(order.orderId);
      return row?.state === 'running' ? row : undefined;
    });
    expect(vm.externalId).toBe(externalId);
    expect(await machinesOf(order.orderId)).toHaveLength(1);
    expect(await readyNotices(order.name)).toHaveLength(1);

    // And a late duplicate run changes nothing.
    await t.modules.machines.vms.provisionForOrder(order);
    expect(await readyNotices(order.name)).toHaveLength(1);
    expect(await readyMails(order.name)).toHaveLength(1);
  });

  it('waits for a slow machine to boot before calling the VM ready', async () => {
    const { createVmService } = await import('./service.ts');
    const { createSimulatorHypervisor } = await import('../../../integrations/hypervisors/simulator.ts');
    const slow = createSimulatorHypervisor(t.database.db, { createDelayMs: 600 });
    const service = createVmService({
      db: t.database.db,
      hypervisors: { for: () => slow },
      notifications: t.modules.identity.notifications,
      mail: t.modules.platform.mail,
      orderStatus: transition,
      boot: { pollMs: 50, timeoutMs: 5000 },
    });
    const started = Date.now();
    const vm = await service.provisionForOrder(order);
    expect(vm.state).toBe('running');
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect((await slow.getVm(vm.externalId!))?.state).toBe('running');
  });
});
