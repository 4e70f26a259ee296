import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { queuedMails } from '../../../../test/queued-mails.ts';
import { until } from '../../../../test/until.ts';
import { companies, notifications, products, simulatorVms, vmExpiryReminders, vms } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { createVmExpiry, type VmExpiry } from './expire-job.ts';
import { createExpiryMachines } from './machines.ts';

const DAY = 86_400_000;
const EMAIL = 'naledi@example.co.za';

describe('VM expiry', () => {
  let t: TestContext;
  let expiry: VmExpiry;
  let companyId: number;
  let customerId: number;
  let productId: number;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ SIMULATOR_BOOT_MS: '0' });
    const db = t.database.db;
    companyId = (await upsertCompany(db, completeCompany('acme-expiry', 'Acme Cloud'), ['https://acme-expiry.example'])).id;
    await db.update(companies).set({ expiryGraceDays: 7 }).where(eq(companies.id, companyId));
    customerId = (await createCustomer(db, companyId, { email: EMAIL, firstName: 'Naledi' })).id;
    const [product] = await db
      .insert(products)
      .values({ companyId, name: 'Ubuntu Server', serviceName: 'virtualmachine', serviceType: 'simulator', osType: 'Ubuntu 24.04' })
      .returning({ id: products.id });
    productId = product!.id;
    // Batches of 3 so that every pass below spans several transactions.
    expiry = createVmExpiry(
      { db, queue: t.queue, hypervisors: t.modules.machines.hypervisors },
      { retry: { retryLimit: 2, retryDelay: 1 }, batchSize: 3 },
    );
    await t.queue.work([expiry.machineJob], { pollingIntervalSeconds: 0.5 });
  });
  afterAll(() => t.close());

  /** A running VM with a running machine at the simulator, ending `endInDays` from now. */
  async function vmEnding(endInDays: number, extra: Partial<typeof vms.$inferInsert> = {}) {
    const name = `exp-${++n}`;
    const simulator = t.modules.machines.hypervisors.simulator;
    const { externalId } = await simulator.createVm({
      name,
      cpu: 1,
      ramGb: 2,
      diskGb: 20,
      template: 'ubuntu',
      idempotencyKey: `expiry-test-${name}`,
    });
    await simulator.getVm(externalId); // booted (0 ms)
    const [row] = await t.database.db
      .insert(vms)
      .values({
        companyId,
        customerId,
        productId,
        provider: 'simulator',
        externalId,
        name,
        os: 'Ubuntu 24.04',
        state: 'running',
        cpu: 1,
        ramGb: 2,
        diskGb: 20,
        days: 30,
        startAt: new Date(Date.now() - 30 * DAY),
        endAt: new Date(Date.now() + endInDays * DAY),
        ...extra,
      })
      .returning();
    return row!;
  }

  const vmRow = async (id: number) => (await t.database.db.select().from(vms).where(eq(vms.id, id)))[0]!;
  const machineOf = async (externalId: string) =>
    (await t.database.db.select().from(simulatorVms).where(eq(simulatorVms.id, externalId)))[0]!;
  const remindersOf = async (vmId: number) =>
    (await t.database.db.select().from(vmExpiryReminders).where(eq(vmExpiryReminders.vmId, vmId)))
      .map((r) => r.daysBefore)
      .sort((a, b) => b - a);
  const noticesAbout = (name: string, prefix: string) =>
    t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.customerId, customerId), like(notifications.text, `${prefix.replace('{name}', name)}%`)));
  const mailsAbout = async (name: string, prefix: string) =>
    (await queuedMails(t, EMAIL)).filter((m) => m.subject.startsWith(prefix.replace('{name}', name)));
  const EXPIRES = 'Your virtual machine {name} expires on ';
  const EXPIRED = 'Your virtual machine {name} has expired and has been stopped';
  /** No machine job waiting or running (so a simulated failure hits the next one). */
  const machineJobsDone = () =>
    until(async () => {
      const res = await t.database.executeSql(
        `select count(*)::int as n from pgboss.job where name = 'expiry-machine' and state in ('created', 'retry', 'active')`,
      );
      return (res.rows[0] as { n: number }).n === 0 ? true : undefined;
    });
  const later = (days: number) => new Date(Date.now() + days * DAY);

  it('reminds 7, 3 and 1 days before the end date, once each, across repeated runs', async () => {
    const vm = await vmEnding(6.5);
    const far = await vmEnding(10);

    await expiry.sweep();
    await expiry.sweep();
    expect(await remindersOf(vm.id)).toEqual([7]);
    expect(await remindersOf(far.id)).toEqual([]);
    const notices = await noticesAbout(vm.name, EXPIRES);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toBe(
      `Your virtual machine ${vm.name} expires on ${vm.endAt!.toISOString().slice(0, 10)} ${vm.endAt!.toISOString().slice(11, 16)} UTC`,
    );
    const mails = await mailsAbout(vm.name, EXPIRES);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Hello Naledi,');
    expect(mails[0]!.text).toContain('archived 7 days later');

    // Four days on (2.5 days left): the 3-day reminder, once; six days on (half a day left): the 1-day one.
    await expiry.sweep(later(4));
    await expiry.sweep(later(4.1));
    expect(await remindersOf(vm.id)).toEqual([7, 3]);
    await expiry.sweep(later(6));
    await expiry.sweep(later(6));
    expect(await remindersOf(vm.id)).toEqual([7, 3, 1]);
    expect(await noticesAbout(vm.name, EXPIRES)).toHaveLength(3);
    expect(await mailsAbout(vm.name, EXPIRES)).toHaveLength(3);
  });

  it('sends only the threshold reached when runs were missed: 2 days before gets the 3-day reminder, not the 7-day one too', async () => {
    const vm = await vmEnding(2);
    await expiry.sweep();
    expect(await remindersOf(vm.id)).toEqual([3]);
    expect(await noticesAbout(vm.name, EXPIRES)).toHaveLength(1);
    // Run again a little later, still 2 days out: nothing new, not even the 7-day one.
    await expiry.sweep(later(0.2));
    expect(await remindersOf(vm.id)).toEqual([3]);
  });

  it('two runs at once send each reminder once', async () => {
    const due = await Promise.all([vmEnding(6), vmEnding(2.9), vmEnding(0.9), vmEnding(5), vmEnding(1.5)]);
    await Promise.all([expiry.sweep(), expiry.sweep(), expiry.sweep()]);
    for (const vm of due) {
      expect(await remindersOf(vm.id)).toHaveLength(1);
      expect(await noticesAbout(vm.name, EXPIRES)).toHaveLength(1);
      expect(await mailsAbout(vm.name, EXPIRES)).toHaveLength(1);
    }
  });

  it('a renewal (a new end date) gets its own reminders', async () => {
    const vm = await vmEnding(5);
    await expiry.sweep();
    expect(await remindersOf(vm.id)).toEqual([7]);
    const renewedEnd = new Date(vm.endAt!.getTime() + 30 * DAY);
    await t.database.db.update(vms).set({ endAt: renewedEnd }).where(eq(vms.id, vm.id));
    await expiry.sweep();
    expect(await remindersOf(vm.id)).toEqual([7]); // 35 days out: nothing yet
    await expiry.sweep(later(30));
    const rows = await t.database.db.select().from(vmExpiryReminders).where(eq(vmExpiryReminders.vmId, vm.id));
    expect(rows.map((r) => [r.endAt.toISOString(), r.daysBefore])).toEqual(
      expect.arrayContaining([
        [vm.endAt!.toISOString(), 7],
        [renewedEnd.toISOString(), 7],
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it('at the end date the VM is expired and its machine stopped, with one notice and one mail', async () => {
    const vm = await vmEnding(-0.1);
    const before = Date.now();
    const result = await expiry.sweep();
    expect(result.expired).toBeGreaterThanOrEqual(1);
    const row = await vmRow(vm.id);
    expect(row.state).toBe('expired');
    expect(row.expiredAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    await until(async () => ((await machineOf(vm.externalId!)).state === 'stopped' ? true : undefined));
    await expiry.sweep();
    expect(await noticesAbout(vm.name, EXPIRED)).toHaveLength(1);
    const mails = await mailsAbout(vm.name, EXPIRED);
    expect(mails).toHaveLength(1);
    // Renewable until the grace period (7 days) is over.
    const renewBy = new Date(row.expiredAt!.getTime() + 7 * DAY).toISOString();
    expect(mails[0]!.subject).toBe(
      `${EXPIRED.replace('{name}', vm.name)}. Renew it by ${renewBy.slice(0, 10)} ${renewBy.slice(11, 16)} UTC to keep it`,
    );
    const jobs = await t.database.executeSql(`select state from pgboss.job where name = 'expiry-machine' and singleton_key = $1`, [
      `stop-vm-${vm.id}`,
    ]);
    expect(jobs.rows).toHaveLength(1);
  });

  it('a blocked VM expires too, and gets no reminders it could not act on', async () => {
    const soon = await vmEnding(2, { blocked: true });
    const past = await vmEnding(-1, { blocked: true });
    await expiry.sweep();
    expect(await remindersOf(soon.id)).toEqual([]);
    expect((await vmRow(past.id)).state).toBe('expired');
    await until(async () => ((await machineOf(past.externalId!)).state === 'stopped' ? true : undefined));
  });

  it('a stopped VM past its end date expires as well', async () => {
    const vm = await vmEnding(-2, { state: 'stopped' });
    await expiry.sweep();
    expect((await vmRow(vm.id)).state).toBe('expired');
  });

  it('retries the stop when the hypervisor fails, and stops the machine in the end', async () => {
    const vm = await vmEnding(-0.5);
    await machineJobsDone();
    t.modules.machines.hypervisors.simulator.failNext('stopVm', 1);
    await expiry.sweep();
    await until(async () => ((await vmRow(vm.id)).lastError?.includes('simulated unavailable failure of stopVm') ? true : undefined));
    await until(async () => ((await machineOf(vm.externalId!)).state === 'stopped' ? true : undefined));
    const jobs = await t.database.executeSql(`select retry_count from pgboss.job where name = 'expiry-machine' and singleton_key = $1`, [
      `stop-vm-${vm.id}`,
    ]);
    expect((jobs.rows[0] as { retry_count: number }).retry_count).toBe(1);
  });

  it('archives an expired VM once the grace period is over, and not before', async () => {
    const over = await vmEnding(-9, { state: 'expired', expiredAt: new Date(Date.now() - 8 * DAY) });
    const within = await vmEnding(-6, { state: 'expired', expiredAt: new Date(Date.now() - 6 * DAY) });
    const result = await expiry.sweep();
    expect(result.archived).toBeGreaterThanOrEqual(1);
    const archived = await vmRow(over.id);
    expect(archived.state).toBe('archived');
    expect(archived.archivedAt).not.toBeNull();
    expect((await vmRow(within.id)).state).toBe('expired');
    await until(async () => ((await machineOf(over.externalId!)).state === 'archived' ? true : undefined));
    expect(await noticesAbout(over.name, 'Your virtual machine {name} has been archived')).toHaveLength(1);
    // The grace period is the company's: at 5 days the second one goes too.
    await t.database.db.update(companies).set({ expiryGraceDays: 5 }).where(eq(companies.id, companyId));
    try {
      await expiry.sweep();
      expect((await vmRow(within.id)).state).toBe('archived');
    } finally {
      await t.database.db.update(companies).set({ expiryGraceDays: 7 }).where(eq(companies.id, companyId));
    }
  });

  it('never expires or archives a VM whose end date a renewal moved into the future', async () => {
    // Renewed before its end: still running, end date ahead.
    const running = await vmEnding(25);
    // Renewed after expiring, as the renewal's fulfilment leaves it, and one caught half-way
    // (end date moved, state not yet running): neither may be archived.
    const renewed = await vmEnding(30, { state: 'running', expiredAt: null });
    const halfWay = await vmEnding(30, { state: 'expired', expiredAt: new Date(Date.now() - 20 * DAY) });
    await expiry.sweep(later(1));
    expect((await vmRow(running.id)).state).toBe('running');
    expect((await vmRow(renewed.id)).state).toBe('running');
    expect((await vmRow(halfWay.id)).state).toBe('expired');
    expect((await machineOf(running.externalId!)).state).toBe('running');
  });

  it('leaves the machine of a VM renewed meanwhile running: skipped before the stop, started again after it', async () => {
    const simulator = t.modules.machines.hypervisors.simulator;
    // Renewed before the stop job ran: nothing to do.
    const early = await vmEnding(30, { state: 'running' });
    await expiry.carryOut({ vmId: early.id, action: 'stop' });
    expect((await machineOf(early.externalId!)).state).toBe('running');

    // Renewed while the machine was being stopped (the renewal started it, then made the VM running).
    const late = await vmEnding(-0.2, { state: 'expired', expiredAt: new Date() });
    const racing = createExpiryMachines({
      db: t.database.db,
      hypervisors: {
        for: () => ({
          ...simulator,
          stopVm: async (id: string) => {
            await simulator.stopVm(id);
            await t.database.db
              .update(vms)
              .set({ state: 'running', endAt: later(30), expiredAt: null })
              .where(eq(vms.id, late.id));
          },
        }),
      },
    });
    await racing.carryOut({ vmId: late.id, action: 'stop' });
    expect((await machineOf(late.externalId!)).state).toBe('running');
  });
});
