import { eq, isNull } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { createTestApp, post } from '../../../../test/test-app.ts';
import { authHeaders, signIn } from '../../../../test/sign-in.ts';
import { until } from '../../../../test/until.ts';
import { buildApp } from '../../../app.ts';
import { gatewayEvents, simulatorVms, vms } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { createProduct, createRegion, setPurchaseTerms } from '../../../db/seed/purchase-factories.ts';
import { provisionVmJob } from '../../machines/vms/provision-job.ts';
import { startQueue } from '../../../jobs/queue.ts';
import { openWorld, ZEBRA, type World } from './payments.test-helper.ts';

/** Replays, forgeries, strangers and a crash between payment and provisioning. */
let w: World;
let buyer: Awaited<ReturnType<World['customer']>>;
beforeAll(async () => {
  w = await openWorld();
  buyer = await w.customer(w.ids.acme);
});
afterAll(() => w.close());

const form = (fields: Array<[string, string]>) => new URLSearchParams(fields).toString();
const postForm = (url: string, body: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
const tamper = (gateway: 'payfast' | 'ozow', how: string) =>
  fetch(`${w.origin}/dev/sandbox/${gateway}/_fake/behaviour`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tamper: how, times: 1 }),
  });
const lastItnOf = async (reference: string) => {
  const itns = (await (await fetch(`${w.origin}/dev/sandbox/payfast/_fake/itns`)).json()) as Array<{
    body: string;
    fields: Array<[string, string]>;
  }>;
  return itns.filter((i) => i.fields.some(([k, v]) => k === 'm_payment_id' && v === reference)).at(-1)!;
};

describe('the same notification 100 times at once pays once', () => {
  it('PayFast ITN', async () => {
    const orderId = await w.order(buyer);
    const data = (await w.start(buyer, orderId)).body.data;
    await w.payForm(data.start, 'pay');
    const itn = await lastItnOf(data.transactionReference);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => postForm(`${w.origin}/api/virtualMachine/notifyPayFastStatus`, itn.body)),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await w.expectPaidOnce(buyer, orderId);
    const outcomes = (await w.eventsOf(orderId)).map((e) => e.outcome);
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(100);
  });

  it('Ozow notify', async () => {
    const orderId = await w.order(buyer, 'ubuntu', 'Ozow Payment');
    const data = (await w.start(buyer, orderId)).body.data;
    const back = await w.payForm(data.start, 'pay');
    const fields = [...new URL(back).searchParams];
    const answers = await Promise.all(Array.from({ length: 100 }, () => postForm(`${w.origin}/api/payments/ozow/notify`, form(fields))));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await w.expectPaidOnce(buyer, orderId);
    expect((await w.eventsOf(orderId)).filter((e) => e.outcome === 'paid')).toHaveLength(1);
  });

  it('Pesapal IPN', async () => {
    const orderId = await w.order(buyer, 'nairobi');
    const data = (await w.start(buyer, orderId)).body.data;
    const back = new URL(await w.payRedirect(data.start.url, 'pay'));
    const query = new URLSearchParams({
      OrderTrackingId: back.searchParams.get('OrderTrackingId')!,
      OrderMerchantReference: back.searchParams.get('OrderMerchantReference')!,
      OrderNotificationType: 'IPNCHANGE',
    });
    const answers = await Promise.all(Array.from({ length: 100 }, () => fetch(`${w.origin}/api/payments/pesapal/ipn?${query}`)));
    for (const a of answers)
      expect(await a.json()).toMatchObject({
        status: 200,
        orderTrackingId: query.get('OrderTrackingId'),
      });
    await w.expectPaidOnce(buyer, orderId);
    expect((await w.eventsOf(orderId)).filter((e) => e.outcome === 'paid')).toHaveLength(1);
  });
});

describe('refused and recorded, nothing changes', () => {
  it('a forged PayFast signature', async () => {
    const orderId = await w.order(buyer);
    const data = (await w.start(buyer, orderId)).body.data;
    expect((await tamper('payfast', 'forged-signature')).status).toBe(200);
    await w.payForm(data.start, 'pay');
    await w.expectUnpaid(orderId, 'created');
    const events = await w.eventsOf(orderId);
    expect(events.map((e) => [e.outcome, e.reason?.split(':')[0]])).toEqual([['refused', 'signature']]);
    expect(
      (
        await w.update(buyer, {
          TransactionReference: data.transactionReference,
        })
      ).body.data.transactionStatus,
    ).toBe('Pending');
  });

  it('a changed amount (PayFast and Ozow)', async () => {
    const pf = await w.order(buyer);
    const pfData = (await w.start(buyer, pf)).body.data;
    await tamper('payfast', 'changed-amount');
    await w.payForm(pfData.start, 'pay');
    await w.expectUnpaid(pf, 'created');
    expect((await w.eventsOf(pf)).map((e) => e.reason?.split(':')[0])).toEqual(['amount']);

    const oz = await w.order(buyer, 'ubuntu', 'Ozow Payment');
    const ozData = (await w.start(buyer, oz)).body.data;
    await tamper('ozow', 'changed-amount');
    const back = await w.payForm(ozData.start, 'pay');
    await w.expectUnpaid(oz, 'created');
    // The return carries the same short amount: Error, still nothing paid.
    expect((await w.update(buyer, Object.fromEntries(new URL(back).searchParams))).body.data.transactionStatus).toBe('Error');
    await w.expectUnpaid(oz, 'created');
    expect((await w.eventsOf(oz)).every((e) => e.outcome === 'refused' && e.reason?.startsWith('amount'))).toBe(true);
  });

  it('an unknown order: acknowledged, recorded without an attempt', async () => {
    const orderId = await w.order(buyer);
    const data = (await w.start(buyer, orderId)).body.data;
    await w.payForm(data.start, 'pay');
    const itn = await lastItnOf(data.transactionReference);
    const unknown = itn.fields.map(([k, v]): [string, string] => [k, k === 'm_payment_id' ? 'not-ours-0001' : v]);
    const before = (await w.db.select().from(gatewayEvents).where(isNull(gatewayEvents.attemptId))).length;
    expect((await postForm(`${w.origin}/api/virtualMachine/notifyPayFastStatus`, form(unknown))).status).toBe(200);
    const orphans = await w.db.select().from(gatewayEvents).where(isNull(gatewayEvents.attemptId));
    expect(orphans).toHaveLength(before + 1);
    expect(orphans.at(-1)).toMatchObject({
      gateway: 'payfast',
      outcome: 'refused',
      companyId: null,
    });
    expect(orphans.at(-1)!.reason).toMatch(/^reference/);
    // Garbage is refused the same way, never a 500.
    expect((await postForm(`${w.origin}/api/payments/ozow/notify`, 'a=1')).status).toBe(200);
    expect((await fetch(`${w.origin}/api/payments/pesapal/ipn`)).status).toBe(200);
    expect(
      (
        await fetch(`${w.origin}/api/payments/paypal/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(200);
  });
});

describe('strangers', () => {
  it('another customer or company can neither see nor drive an attempt', async () => {
    const orderId = await w.order(buyer);
    const data = (await w.start(buyer, orderId)).body.data;
    const other = await w.customer(w.ids.acme);
    for (const body of [
      { TransactionReference: data.transactionReference },
      { orderId },
      { TransactionReference: data.transactionReference, status: 'cancelled' },
    ]) {
      const res = await w.update(other, body);
      expect(res.http).toBe(404);
      expect(res.body.message).toBe(messages.orderNotFound);
    }
    const zebraBuyer = await w.customer(w.ids.zebra);
    expect((await w.update(zebraBuyer, { TransactionReference: data.transactionReference }, ZEBRA)).http).toBe(404);
    // A token of one company is nothing on another's site.
    expect((await w.update(buyer, { TransactionReference: data.transactionReference }, ZEBRA)).http).toBe(401);
    expect((await w.attemptsOf(orderId))[0]!.status).toBe('started');
    // The owner's own cancel still works.
    expect(
      (
        await w.update(buyer, {
          TransactionReference: data.transactionReference,
          status: 'cancelled',
        })
      ).body.data.transactionStatus,
    ).toBe('Cancelled');
  });
});

describe('the API killed between payment and provisioning', () => {
  it('the VM is still created exactly once after restart', async () => {
    const SITE = 'https://restart-pay.example';
    const first = await createTestApp({ SIMULATOR_BOOT_MS: '0' });
    const db = first.database.db;
    const company = await upsertCompany(db, completeCompany('restart-pay', 'Restart Cloud'), [SITE]);
    const za = await createRegion(db, company.id, {
      name: 'South Africa',
      iso2: 'ZA',
      currency: 'ZAR',
      taxPercent: '15.00',
    });
    const product = await createProduct(db, company.id, {
      name: 'Restart VM',
      specs: [
        {
          name: 'Processor',
          unit: 'vCPU',
          count: 2,
          min: 1,
          max: 8,
          cost: '120.0000',
        },
        {
          name: 'Memory',
          unit: 'GB',
          count: 4,
          min: 1,
          max: 16,
          cost: '45.0000',
        },
        {
          name: 'Disk',
          unit: 'GB',
          count: 50,
          min: 20,
          max: 500,
          step: 10,
          cost: '1.5000',
        },
      ],
    });
    await setPurchaseTerms(db, company.id, {
      timePeriods: [{ days: 30 }],
      gateways: [{ regionId: za.id, gateways: ['payfast'] }],
      bypass: true,
    });
    const customerId = (await createCustomer(db, company.id, { email: 'restart@example.co.za' })).id;
    const headers = authHeaders(SITE, await signIn(first, company.id, customerId));
    const spec = [
      { type: 'memory', value: 4, unit: 'GB' },
      { type: 'processor', value: 2, unit: 'cores' },
      { type: 'disk', value: 50, unit: 'GB' },
    ];
    const created = await post(
      first.app,
      'virtualMachine/CreateOrder',
      {
        productID: product.id,
        region: za.id,
        timePeriod: 30,
        specification: spec,
        cost: '495.00',
        taxAmount: '74.25',
        totalAmount: '569.25',
      },
      headers,
    );
    const orderId = created.body.data.orderID as number;
    await post(first.app, 'virtualMachine/startPayment', { orderID: orderId }, headers);
    expect((await post(first.app, 'virtualMachine/transactionApi', { orderId, byPass: 1 }, headers)).body.data.transactionStatus).toBe(
      'Complete',
    );
    // Paid and committed with its job; nobody worked the queue. The process dies.
    await first.app.close();
    await first.queue.stop();

    // A new process on the same database.
    const queue = await startQueue(first.database, pino({ level: 'silent' }));
    const { app, modules } = await buildApp({
      config: first.config,
      database: first.database,
      queue,
      fileStore: undefined as never,
      mailTransport: first.mailTransport,
    });
    await queue.work([provisionVmJob(modules.machines.vms, { retryLimit: 2, retryDelay: 1 })], { pollingIntervalSeconds: 0.5 });
    try {
      const vm = await until(async () => {
        const [row] = await db.select().from(vms).where(eq(vms.orderId, orderId));
        return row?.state === 'running' ? row : undefined;
      });
      expect(vm.customerId).toBe(customerId);
      expect(await db.select().from(vms).where(eq(vms.orderId, orderId))).toHaveLength(1);
      expect(
        await db
          .select()
          .from(simulatorVms)
          .where(eq(simulatorVms.idempotencyKey, `order-${orderId}`)),
      ).toHaveLength(1);
      // A replayed confirmation after the restart changes nothing.
      expect((await post(app, 'virtualMachine/transactionApi', { orderId, byPass: 1 }, headers)).body.data.transactionStatus).toBe(
        'Complete',
      );
      const jobs = await first.database.executeSql(`select state from pgboss.job where name = 'provision-vm' and singleton_key = $1`, [
        `order-${orderId}`,
      ]);
      expect(jobs.rows).toHaveLength(1);
    } finally {
      await app.close();
      await queue.stop();
      first.mailTransport.close();
      await first.database.close();
    }
  });
});
