import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { freePort } from '../../../../../../tools/start-product.ts';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { RAND_SPECS, SHILLING_SPECS, specificationOf } from '../../../../test/purchase-fixtures.ts';
import { queuedMails } from '../../../../test/queued-mails.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { until } from '../../../../test/until.ts';
import { gatewayEvents, invoices, notifications, orders, paymentAttempts, simulatorVms, vms } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { createProduct, createRegion, setPurchaseTerms } from '../../../db/seed/purchase-factories.ts';
import { provisionVmJob } from '../../machines/vms/provision-job.ts';
import { submitForm } from '../../../integrations/payments/merchant-receiver.test-helper.ts';

/**
 * A world to pay in: the whole app listening on a real port (the mounted sandboxes call its notify
 * URLs over HTTP), the provisioning job worked, two companies and a bypass company.
 */
export const ACME = 'https://acme-pay.example';
export const ZEBRA = 'https://zebra-pay.example';
export const FREEPASS = 'https://freepass-pay.example';

export type World = Awaited<ReturnType<typeof openWorld>>;

/** `env` adds to the server's configuration (e.g. a gateway's own credentials). */
export async function openWorld(env: Record<string, string> = {}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const t: TestContext = await createTestApp({
    PUBLIC_URL: origin,
    SIMULATOR_BOOT_MS: '0',
    ...env,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  await t.queue.work([provisionVmJob(t.modules.machines.vms, { retryLimit: 2, retryDelay: 1 })], { pollingIntervalSeconds: 0.5 });
  const db = t.database.db;

  const acme = await upsertCompany(db, completeCompany('acme-pay', 'Acme Cloud'), [ACME]);
  const za = await createRegion(db, acme.id, {
    name: 'South Africa',
    iso2: 'ZA',
    currency: 'ZAR',
    taxPercent: '15.00',
  });
  const ke = await createRegion(db, acme.id, {
    name: 'Kenya',
    iso2: 'KE',
    currency: 'KES',
    taxPercent: '16.00',
  });
  const ubuntu = await createProduct(db, acme.id, {
    name: 'Ubuntu Pay',
    osType: 'ubuntu',
    specs: RAND_SPECS,
    regionIds: [za.id],
  });
  const windows = await createProduct(db, acme.id, {
    name: 'Windows Pay',
    osType: 'windows',
    microsoftLicense: true,
    specs: RAND_SPECS,
    regionIds: [za.id],
  });
  const nairobi = await createProduct(db, acme.id, {
    name: 'Nairobi Pay',
    osType: 'CentOS',
    currency: 'KES',
    regionIds: [ke.id],
    specs: SHILLING_SPECS,
  });
  await setPurchaseTerms(db, acme.id, {
    timePeriods: [{ days: 30 }, { days: 90 }],
    discounts: [{ ram: '5.00', disk: '2.50' }],
    gateways: [
      { regionId: za.id, gateways: ['payfast', 'ozow', 'paypal'] },
      { regionId: ke.id, gateways: ['pesapal'] },
    ],
    bypass: false,
  });

  const zebra = await upsertCompany(db, completeCompany('zebra-pay', 'Zebra Hosting'), [ZEBRA]);
  const freepass = await upsertCompany(db, completeCompany('freepass-pay', 'Free Pass Cloud'), [FREEPASS]);
  const fpZa = await createRegion(db, freepass.id, {
    name: 'South Africa',
    iso2: 'ZA',
    currency: 'ZAR',
    taxPercent: '15.00',
  });
  const fpProduct = await createProduct(db, freepass.id, {
    name: 'Free Pass VM',
    specs: RAND_SPECS,
  });
  await setPurchaseTerms(db, freepass.id, {
    timePeriods: [{ days: 30 }],
    gateways: [{ regionId: fpZa.id, gateways: ['payfast'] }],
    bypass: true,
  });

  let n = 0;
  const customer = async (companyId: number, email = `buyer${++n}@example.co.za`) => {
    const id = (await createCustomer(db, companyId, { email })).id;
    return { ...(await signIn(t, companyId, id)), email };
  };

  type Buyer = SignedIn & { email: string };
  const as = (who: Buyer, site = ACME) => authHeaders(site, who);

  /** CreateOrder with the figures worked out by hand for each product. */
  async function order(
    who: Buyer,
    what: 'ubuntu' | 'windows' | 'nairobi' | 'freepass' = 'ubuntu',
    gateway = 'PayFast Payment',
    // More of the payload (the VM's name).
    extra: Record<string, unknown> = {},
  ): Promise<number> {
    const payloads = {
      // 90 days of 8 GB, 2 vCPU, 100 GB: 1080 + 720 + 450 = 2250; discount 54 + 11.25; VAT 337.50.
      ubuntu: {
        productID: ubuntu.id,
        region: za.id,
        timePeriod: 90,
        specification: specificationOf(8, 2, 100),
        cost: '2250.00',
        discountAmount: '65.25',
        taxAmount: '337.50',
        totalAmount: '2522.25',
      },
      windows: {
        productID: windows.id,
        region: za.id,
        timePeriod: 90,
        specification: specificationOf(8, 2, 100),
        cost: '2250.00',
        discountAmount: '65.25',
        taxAmount: '337.50',
        totalAmount: '2522.25',
      },
      // 30 days of 2 GB, 1 vCPU, 20 GB in KES: 640 + 850 + 210 = 1700; discount 32 + 5.25; VAT 16 % = 272.
      nairobi: {
        productID: nairobi.id,
        region: ke.id,
        timePeriod: 30,
        specification: specificationOf(2, 1, 20),
        cost: '1700.00',
        discountAmount: '37.25',
        taxAmount: '272.00',
        totalAmount: '1934.75',
      },
      // No discounts at Free Pass: 30 days of 4 GB, 2 vCPU, 50 GB = 180 + 240 + 75; VAT 74.25.
      freepass: {
        productID: fpProduct.id,
        region: fpZa.id,
        timePeriod: 30,
        specification: specificationOf(4, 2, 50),
        cost: '495.00',
        discountAmount: '0.00',
        taxAmount: '74.25',
        totalAmount: '569.25',
      },
    };
    const site = what === 'freepass' ? FREEPASS : ACME;
    const res = await post(
      t.app,
      'virtualMachine/CreateOrder',
      {
        ...payloads[what],
        paymentGateway: what === 'nairobi' ? 'Pesapal Payment' : gateway,
        ...extra,
      },
      as(who, site),
    );
    expect(res.http, res.body.message).toBe(200);
    return res.body.data.orderID as number;
  }

  const start = (who: Buyer, orderID: number, paymentGateway?: string, site = ACME) =>
    post(t.app, 'virtualMachine/startPayment', { orderID, ...(paymentGateway ? { paymentGateway } : {}) }, as(who, site));
  const update = (who: Buyer, body: Record<string, unknown>, site = ACME, call = 'transactionApi') =>
    post(t.app, `virtualMachine/${call}`, body, as(who, site));

  /** The browser at PayFast or Ozow: post the form, press a button; returns where the gateway sends it back. */
  async function payForm(
    startData: { action: string; fields: Array<[string, string]> },
    decision: 'pay' | 'fail' | 'cancel',
  ): Promise<string> {
    // The local sandbox's action is a path on the payer's site; this server serves it on every origin.
    const submitted = await submitForm(new URL(startData.action, origin).toString(), startData.fields);
    expect(submitted.status, submitted.text).toBe(303);
    const res = await fetch(new URL(`${submitted.location}/${decision}`, origin), { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(303);
    return res.headers.get('location')!;
  }

  /** The browser at Pesapal's or PayPal's page. */
  async function payRedirect(url: string, decision: 'pay' | 'fail' | 'cancel'): Promise<string> {
    const page = new URL(url);
    expect((await fetch(page)).status).toBe(200);
    const pesapal = page.pathname.includes('/pesapal/');
    const action = pesapal
      ? `${origin}/dev/sandbox/pesapal/iframe/PesapalIframe3/Decide`
      : `${origin}/dev/sandbox/paypal/checkoutnow/decide`;
    const form: Record<string, string> = pesapal
      ? { OrderTrackingId: page.searchParams.get('OrderTrackingId')!, decision }
      : { token: page.searchParams.get('token')!, decision };
    const res = await fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    return res.headers.get('location')!;
  }

  const orderRow = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const attemptsOf = (orderId: number) => db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId));
  const invoicesOf = (orderId: number) => db.select().from(invoices).where(eq(invoices.orderId, orderId));
  const vmsOf = (orderId: number) => db.select().from(vms).where(eq(vms.orderId, orderId));
  const eventsOf = async (orderId: number) =>
    (
      await db
        .select({ e: gatewayEvents })
        .from(gatewayEvents)
        .innerJoin(paymentAttempts, eq(paymentAttempts.id, gatewayEvents.attemptId))
        .where(eq(paymentAttempts.orderId, orderId))
    ).map((r) => r.e);
  const provisionJobs = async (orderId: number) =>
    (await t.database.executeSql(`select state from pgboss.job where name = 'provision-vm' and singleton_key = $1`, [`order-${orderId}`]))
      .rows as {
      state: string;
    }[];
  const paidMails = async (email: string, orderId: number) =>
    (await queuedMails(t, email)).filter((m) => m.subject.startsWith(`Payment received for order ${orderId}:`));
  const paidNotices = (who: Buyer, orderId: number) =>
    db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.customerId, who.customerId), sql`${notifications.text} like ${`Payment received for order ${orderId}:%`}`),
      );
  const machinesOf = (orderId: number) =>
    db
      .select()
      .from(simulatorVms)
      .where(eq(simulatorVms.idempotencyKey, `order-${orderId}`));

  /** Paid to the end: one invoice, one running VM from one machine, one provisioning job, one notice and one mail. */
  async function expectPaidOnce(who: Buyer, orderId: number, proforma = true) {
    const row = await orderRow(orderId);
    expect(row.paidAt).not.toBeNull();
    const vm = await until(async () => {
      const [v] = await vmsOf(orderId);
      return v?.state === 'running' ? v : undefined;
    });
    expect(row.status === 'paid' || row.status === 'fulfilling' || row.status === 'fulfilled').toBe(true);
    expect(await invoicesOf(orderId)).toHaveLength(1);
    expect((await invoicesOf(orderId))[0]!.proforma).toBe(proforma);
    expect(await vmsOf(orderId)).toHaveLength(1);
    expect(await machinesOf(orderId)).toHaveLength(1);
    expect(await provisionJobs(orderId)).toHaveLength(1);
    expect(await paidNotices(who, orderId)).toHaveLength(1);
    expect(await paidMails(who.email, orderId)).toHaveLength(1);
    expect((await attemptsOf(orderId)).filter((a) => a.status === 'paid')).toHaveLength(1);
    return vm;
  }

  /** Nothing was paid: no invoice, no VM, no job. */
  async function expectUnpaid(orderId: number, status: string) {
    const row = await orderRow(orderId);
    expect(row.status).toBe(status);
    expect(row.paidAt).toBeNull();
    expect(await invoicesOf(orderId)).toHaveLength(0);
    expect(await vmsOf(orderId)).toHaveLength(0);
    expect(await provisionJobs(orderId)).toHaveLength(0);
  }

  return {
    t,
    origin,
    db,
    ids: {
      acme: acme.id,
      zebra: zebra.id,
      freepass: freepass.id,
      za: za.id,
      ke: ke.id,
    },
    customer,
    as,
    order,
    start,
    update,
    payForm,
    payRedirect,
    orderRow,
    attemptsOf,
    invoicesOf,
    vmsOf,
    eventsOf,
    provisionJobs,
    expectPaidOnce,
    expectUnpaid,
    close: () => t.close(),
  };
}
