import { eq, inArray, like, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app.ts';
import { createTestApp, post, type TestContext } from '../../test/test-app.ts';
import { queuedMails } from '../../test/queued-mails.ts';
import { authHeaders, signIn } from '../../test/sign-in.ts';
import { until } from '../../test/until.ts';
import { notifications, simulatorVms, vmExpiryReminders, vms } from '../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../db/seed/factories.ts';
import { createProduct, createRegion, setPurchaseTerms } from '../db/seed/purchase-factories.ts';
import type { ProvisionRequest } from '../modules/machines/vms/service.ts';
import { createVmExpiry, EXPIRE_VMS, type VmExpiry } from '../modules/machines/expiry/expire-job.ts';
import { fulfilOrderJob } from '../modules/orders/fulfil-order-job.ts';
import { provisionVmJob, provisionVmSpec } from '../modules/machines/vms/provision-job.ts';
import { startQueue, type JobKind, type JobQueue } from './queue.ts';

const SITE = 'https://two-workers.example';
const ORDERS = 20;
const DAY = 86_400_000;
const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * Two API instances (two apps, two pg-boss queues with their own pools) working the same
 * PostgreSQL. PGlite is one process's embedded database, so there is no second instance to test:
 * the suite's PostgreSQL pass (DATABASE_URL set, see scripts/test.ts) runs it.
 */
describe.skipIf(!onPostgres)('two workers on one PostgreSQL (needs DATABASE_URL: skipped on PGlite, which has no second instance)', () => {
  let t: TestContext;
  let queueB: JobQueue;
  let appB: BuiltApp['app'];
  const expiries: VmExpiry[] = [];
  /** Every handler call: which worker ran which job (kind and key). */
  const handled: { worker: 'a' | 'b'; job: string }[] = [];

  const counted = (worker: 'a' | 'b', kind: JobKind<any>): JobKind<any> => ({
    ...kind,
    handle: async (data, attempt) => {
      handled.push({ worker, job: `${kind.name}:${kind.keyOf(data)}` });
      await kind.handle(data, attempt);
    },
  });

  beforeAll(async () => {
    t = await createTestApp({ SIMULATOR_BOOT_MS: '0' });
    queueB = await startQueue(t.database, pino({ level: 'silent' }));
    const b = await buildApp({
      config: t.config,
      database: t.database,
      queue: queueB,
      fileStore: undefined as never,
      mailTransport: t.mailTransport,
    });
    appB = b.app;
    for (const [worker, modules, queue] of [
      ['a', t.modules, t.queue],
      ['b', b.modules, queueB],
    ] as const) {
      const expiry = createVmExpiry({ db: t.database.db, queue, hypervisors: modules.machines.hypervisors });
      expiries.push(expiry);
      const kinds = [
        provisionVmJob(modules.machines.vms, { retryLimit: 2, retryDelay: 1 }),
        fulfilOrderJob(modules.orders.fulfilments),
        ...expiry.jobs,
      ];
      await queue.work(
        kinds.map((kind) => counted(worker, kind)),
        { pollingIntervalSeconds: 0.5 },
      );
    }
  });
  afterAll(async () => {
    if (!onPostgres) return;
    await appB.close();
    await queueB.stop();
    await t.close();
  });

  it('each paid order makes one VM at the hypervisor, and each reminder, expiry and machine stop happens once', async () => {
    const db = t.database.db;
    const company = await upsertCompany(db, completeCompany('two-workers', 'Two Workers Cloud'), [SITE]);
    const za = await createRegion(db, company.id, { name: 'South Africa', iso2: 'ZA', currency: 'ZAR', taxPercent: '15.00' });
    const product = await createProduct(db, company.id, {
      name: 'Twin VM',
      specs: [
        { name: 'Processor', unit: 'vCPU', count: 2, min: 1, max: 8, cost: '120.0000' },
        { name: 'Memory', unit: 'GB', count: 4, min: 1, max: 16, cost: '45.0000' },
        { name: 'Disk', unit: 'GB', count: 50, min: 20, max: 500, step: 10, cost: '1.5000' },
      ],
    });
    await setPurchaseTerms(db, company.id, {
      timePeriods: [{ days: 30 }],
      gateways: [{ regionId: za.id, gateways: ['payfast'] }],
      bypass: true,
    });
    const buyers = await Promise.all(
      // One buyer per order: a buyer's same configuration ordered again before paying is the open order given back.
      Array.from({ length: ORDERS }, (_, n) => n + 1).map(async (i) => {
        const email = `twin${i}@example.co.za`;
        const id = (await createCustomer(db, company.id, { email })).id;
        return { email, headers: authHeaders(SITE, await signIn(t, company.id, id)) };
      }),
    );

    // 20 orders paid with the bypass, alternately through each instance, each "paid" sent twice.
    const orderIds = await Promise.all(
      Array.from({ length: ORDERS }, async (_, i) => {
        const app = i % 2 === 0 ? t.app : appB;
        const { headers } = buyers[i % buyers.length]!;
        const created = await post(
          app,
          'virtualMachine/CreateOrder',
          {
            productID: product.id,
            region: za.id,
            timePeriod: 30,
            specification: [
              { type: 'memory', value: 4, unit: 'GB' },
              { type: 'processor', value: 2, unit: 'cores' },
              { type: 'disk', value: 50, unit: 'GB' },
            ],
            cost: '495.00',
            taxAmount: '74.25',
            totalAmount: '569.25',
          },
          headers,
        );
        expect(created.http, created.body.message).toBe(200);
        const orderId = created.body.data.orderID as number;
        await post(app, 'virtualMachine/startPayment', { orderID: orderId }, headers);
        const paid = await Promise.all([
          post(t.app, 'virtualMachine/transactionApi', { orderId, byPass: 1 }, headers),
          post(appB, 'virtualMachine/transactionApi', { orderId, byPass: 1 }, headers),
        ]);
        for (const res of paid) expect(res.body.data?.transactionStatus, JSON.stringify(res.body)).toBe('Complete');
        return orderId;
      }),
    );
    // Duplicate enqueues of the same provisioning, from both instances, while the workers run.
    const keys = orderIds.map((id) => `order-${id}`);
    const jobData = (
      await t.database.executeSql(`select data from pgboss.job where name = 'provision-vm' and singleton_key = any($1)`, [keys])
    ).rows as {
      data: ProvisionRequest;
    }[];
    expect(jobData).toHaveLength(ORDERS);
    await Promise.all(jobData.flatMap(({ data }) => [t.queue.send(provisionVmSpec(), data), queueB.send(provisionVmSpec(), data)]));

    const running = await until(async () => {
      const rows = await db.select().from(vms).where(inArray(vms.orderId, orderIds));
      return rows.length === ORDERS && rows.every((r) => r.state === 'running') ? rows : undefined;
    }, 60_000);
    const machines = await db
      .select({ key: simulatorVms.idempotencyKey, n: sql<number>`count(*)::int` })
      .from(simulatorVms)
      .where(inArray(simulatorVms.idempotencyKey, keys))
      .groupBy(simulatorVms.idempotencyKey);
    expect(machines).toHaveLength(ORDERS);
    expect(machines.every((m) => m.n === 1)).toBe(true);
    expect(new Set(running.map((vm) => vm.externalId)).size).toBe(ORDERS);
    // One "ready" notice per VM (each buyer's first VM takes the suggested name).
    expect(await db.select().from(notifications).where(eq(notifications.text, 'Your virtual machine twin-vm-1 is ready'))).toHaveLength(
      ORDERS,
    );

    // Expiry: ten VMs half a day from their end (the 1-day reminder), ten past it.
    const soon = running.slice(0, 10).map((vm) => vm.id);
    const past = running.slice(10).map((vm) => vm.id);
    await db
      .update(vms)
      .set({ endAt: new Date(Date.now() + 0.5 * DAY) })
      .where(inArray(vms.id, soon));
    await db
      .update(vms)
      .set({ endAt: new Date(Date.now() - 0.1 * DAY) })
      .where(inArray(vms.id, past));
    // Both instances queue the pass three times and run it by hand twice, all at once.
    const sweepSpec = expiries[0]!.sweepJob;
    await Promise.all([
      ...[1, 2, 3].flatMap(() => [t.queue.send(sweepSpec, {}), queueB.send(sweepSpec, {})]),
      expiries[0]!.sweep(),
      expiries[1]!.sweep(),
    ]);

    const stopped = await until(async () => {
      const rows = await db
        .select({ state: simulatorVms.state })
        .from(simulatorVms)
        .innerJoin(vms, eq(vms.externalId, simulatorVms.id))
        .where(inArray(vms.id, past));
      const pending = await t.database.executeSql(
        `select count(*)::int as n from pgboss.job where name in ('expiry-machine', $1) and state in ('created', 'retry', 'active')`,
        [EXPIRE_VMS],
      );
      return rows.every((r) => r.state === 'stopped') && (pending.rows[0] as { n: number }).n === 0 ? rows : undefined;
    }, 60_000);
    expect(stopped).toHaveLength(10);

    const reminders = await db.select().from(vmExpiryReminders).where(inArray(vmExpiryReminders.vmId, soon));
    expect(reminders.map((r) => r.vmId).sort()).toEqual([...soon].sort());
    expect(reminders.every((r) => r.daysBefore === 1)).toBe(true);
    const reminderNotices = await db.select().from(notifications).where(like(notifications.text, 'Your virtual machine % expires on %'));
    expect(reminderNotices).toHaveLength(10);
    const expiredNotices = await db
      .select()
      .from(notifications)
      .where(like(notifications.text, 'Your virtual machine % has expired and has been stopped%'));
    expect(expiredNotices).toHaveLength(10);
    const mails = (await Promise.all(buyers.map((b) => queuedMails(t, b.email)))).flat();
    expect(mails.filter((m) => m.subject.includes(' expires on '))).toHaveLength(10);
    expect(mails.filter((m) => m.subject.includes(' has expired and has been stopped'))).toHaveLength(10);
    expect((await db.select().from(vms).where(inArray(vms.id, past))).every((vm) => vm.state === 'expired')).toBe(true);

    // Each machine stop was one job, run once by one of the two workers.
    for (const id of past) {
      const runs = handled.filter((h) => h.job === `expiry-machine:stop-vm-${id}`);
      expect(runs, `stop of VM ${id}`).toHaveLength(1);
    }
    // Both instances took part.
    expect(handled.some((h) => h.worker === 'a')).toBe(true);
    expect(handled.some((h) => h.worker === 'b')).toBe(true);
  }, 180_000);
});
