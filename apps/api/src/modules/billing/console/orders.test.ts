import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsAdminMessages as texts } from '@mawingu/contracts/admin/payments';
import { adminMessages } from '@mawingu/contracts/admin/admin-messages';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { signIn } from '../../../../test/sign-in.ts';
import { until } from '../../../../test/until.ts';
import { auditLog, gatewayEvents, invoices, orders } from '../../../db/schema.ts';
import { createCustomer } from '../../../db/seed/factories.ts';
import { openWorld, type World } from '../payments/payments.test-helper.ts';

/**
 * Orders and transactions in the console (issue 7, point 4): the list and its filters, one order
 * with its attempts and the gateways' raw messages, and manual reconciliation through the one
 * paying transaction (invoice, fulfilment, notification and mail exactly once), audited.
 */
let w: World;
let admin: SignedInOperator;
let support: SignedInOperator;
let zebraAdmin: SignedInOperator;
type Buyer = Awaited<ReturnType<World['customer']>>;
let thandi: Buyer;
let lindiwe: Buyer;

const C = () => `/companies/${w.ids.acme}`;
const list = (query = '', who: SignedInOperator = admin) => adminCall(w.t, who, 'GET', `${C()}/orders${query}`);
const detail = (orderId: number, who: SignedInOperator = admin) => adminCall(w.t, who, 'GET', `${C()}/orders/${orderId}`);
const reconcile = (orderId: number, body: unknown, who: SignedInOperator = admin) =>
  adminCall(w.t, who, 'POST', `${C()}/orders/${orderId}/reconcile`, body);
const ids = (res: { body: { data: { items: Array<{ id: number }> } } }) => res.body.data.items.map((o) => o.id);
const REASON = 'EFT received on 24 Nov, bank ref ABSA 99812';

const provisionJobs = async (orderId: number) =>
  (await w.t.database.executeSql(`select state from pgboss.job where name = 'provision-vm' and singleton_key = $1`, [`order-${orderId}`]))
    .rows.length;

let unpaid: number; // PayFast order with a started attempt, never paid (reconciled paid below)
let paidByItn: number; // PayFast order paid through the sandbox
let ozowOrder: number; // Lindiwe's Ozow order, no attempt
let oldOrder: number; // created "last month"

beforeAll(async () => {
  w = await openWorld();
  admin = await signInOperator(w.t, 'admin', w.ids.acme);
  support = await signInOperator(w.t, 'support', w.ids.acme);
  zebraAdmin = await signInOperator(w.t, 'admin', w.ids.zebra);
  thandi = await w.customer(w.ids.acme, 'thandi@orders.example');
  const row = await createCustomer(w.db, w.ids.acme, { email: 'lindiwe.dube@savanna.example', firstName: 'Lindiwe', lastName: 'Dube' });
  lindiwe = { ...(await signIn(w.t, w.ids.acme, row.id)), email: row.email };

  oldOrder = await w.order(thandi);
  await w.db
    .update(orders)
    .set({ createdAt: new Date('2026-10-15T09:00:00+02:00') })
    .where(eq(orders.id, oldOrder));
  paidByItn = await w.order(thandi);
  const started = (await w.start(thandi, paidByItn)).body.data;
  await w.payForm(started.start, 'pay');
  await w.expectPaidOnce(thandi, paidByItn);
  unpaid = await w.order(thandi);
  expect((await w.start(thandi, unpaid)).http).toBe(200);
  ozowOrder = await w.order(lindiwe, 'ubuntu', 'Ozow Payment');
});
afterAll(() => w.close());

describe('orders list', () => {
  it('lists the company’s orders newest first with customer, amounts to the cent and attempts; paged', async () => {
    const res = await list();
    expect(res.http, res.body.message).toBe(200);
    expect(ids(res)).toEqual([ozowOrder, unpaid, paidByItn, oldOrder]);
    expect(res.body.data).toMatchObject({ total: 4, page: 1, pageSize: 20 });
    expect(res.body.data.items[0]).toMatchObject({
      kind: 1,
      status: 'created',
      productName: 'Ubuntu Pay',
      customer: { name: 'Lindiwe Dube', email: 'lindiwe.dube@savanna.example' },
      total: '2522.25',
      currency: 'ZAR',
      gateway: 'ozow',
      attempts: 0,
      paidAt: null,
    });
    expect(res.body.data.items[2]).toMatchObject({ id: paidByItn, attempts: 1, gateway: 'payfast' });
    expect(res.body.data.items[2].paidAt).toEqual(expect.any(String));
    const second = await list('?pageSize=2&page=2');
    expect(ids(second)).toEqual([paidByItn, oldOrder]);
    expect(second.body.data.total).toBe(4);
  });

  it('filters by status, kind, gateway, customer, order id and South African days', async () => {
    expect(ids(await list('?status=created'))).toEqual([ozowOrder, unpaid, oldOrder]);
    // The paid new-VM order moves on to fulfilled once its VM runs (the provisioning job).
    expect(await until(async () => ids(await list('?status=fulfilled')).at(0))).toBe(paidByItn);
    expect(ids(await list('?status=fulfilled'))).toEqual([paidByItn]);
    expect(ids(await list('?kind=1'))).toHaveLength(4);
    expect(ids(await list('?kind=3'))).toEqual([]);
    expect(ids(await list('?gateway=ozow'))).toEqual([ozowOrder]);
    expect(ids(await list('?gateway=payfast'))).toEqual([unpaid, paidByItn, oldOrder]);
    expect(ids(await list('?q=SAVANNA'))).toEqual([ozowOrder]);
    expect(ids(await list('?q=lindiwe%20du'))).toEqual([ozowOrder]);
    expect(ids(await list(`?q=${paidByItn}`))).toEqual([paidByItn]);
    const [attempt] = await w.attemptsOf(paidByItn);
    expect(ids(await list(`?q=${attempt!.reference}`))).toEqual([paidByItn]);
    expect(ids(await list(`?q=${attempt!.reference.slice(0, 10).toUpperCase()}`))).toEqual([paidByItn]);
    expect(ids(await list('?q=100%25'))).toEqual([]);
    // 15 Oct 09:00 in South Africa; a day filter is a South African day.
    expect(ids(await list('?from=2026-10-15&to=2026-10-15'))).toEqual([oldOrder]);
    expect(ids(await list('?to=2026-10-14'))).toEqual([]);
    expect(ids(await list('?from=2026-10-16'))).toEqual([ozowOrder, unpaid, paidByItn]);
    expect(ids(await list('?status=created&gateway=payfast&q=thandi'))).toEqual([unpaid, oldOrder]);
  });

  it('refuses a bad filter naming it', async () => {
    const badDay = await list('?from=2026-13-40');
    expect(badDay.http).toBe(400);
    expect(badDay.body.data.fieldErrors).toEqual({ from: texts.dateInvalid });
    const backwards = await list('?from=2026-11-02&to=2026-11-01');
    expect(backwards.http).toBe(400);
    expect(backwards.body.data.fieldErrors).toEqual({ to: texts.dateOrder });
    expect((await list('?status=lost')).body.data.fieldErrors).toHaveProperty('status');
    expect((await list('?gateway=stripe')).body.data.fieldErrors).toHaveProperty('gateway');
  });

  it('support reads orders; nobody reads another company’s; a console session is needed', async () => {
    expect(ids(await list('', support))).toHaveLength(4);
    expect((await detail(paidByItn, support)).http).toBe(200);
    const foreign = await list('', zebraAdmin);
    expect(foreign.http).toBe(404);
    expect(foreign.body.message).toBe(adminMessages.companyNotFound);
    expect((await adminCall(w.t, null, 'GET', `${C()}/orders`)).http).toBe(401);
    // An order id of Acme's through Zebra's own company path is not found either.
    expect((await adminCall(w.t, zebraAdmin, 'GET', `/companies/${w.ids.zebra}/orders/${paidByItn}`)).http).toBe(404);
  });
});

describe('orders export', () => {
  const csv = (query = '', who: SignedInOperator = admin) => adminCall(w.t, who, 'GET', `${C()}/orders.csv${query}`);
  const rowsOf = (body: string) => body.slice(1).trimEnd().split('\r\n');

  it('exports every order the filters select (not one page) as CSV, amounts to the cent, sandbox payments marked; audited', async () => {
    const res = await csv('?pageSize=1');
    expect(res.http, res.raw.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-[a-z0-9-]+-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = rowsOf(res.raw.body);
    expect(lines[0]).toBe(
      '"order_id","reference","created_at","paid_at","kind","status","product","vm_name","region","customer","email","currency","price","discount","tax_percent","tax","arrears","total","gateway","sandbox"',
    );
    expect(lines.slice(1).map((l) => Number(JSON.parse(l.split(',')[0]!)))).toEqual([ozowOrder, unpaid, paidByItn, oldOrder]);
    const ozow = lines[1]!;
    expect(ozow).toContain('"Lindiwe Dube","lindiwe.dube@savanna.example","ZAR"');
    expect(ozow).toContain('"2522.25","ozow",""');
    // Paid through the local PayFast sandbox: a test transaction, marked so it can be left out of revenue.
    expect((await w.attemptsOf(paidByItn))[0]!.test).toBe(true);
    const paid = lines[3]!;
    expect(paid).toMatch(new RegExp(`^"${paidByItn}","[^"]+","\\d{4}-[^"]+","\\d{4}-[^"]+","purchase",`));
    expect(paid.endsWith('"payfast","yes"')).toBe(true);

    const filtered = await csv('?gateway=ozow&q=savanna');
    expect(rowsOf(filtered.raw.body)).toHaveLength(2);
    const [audit] = await w.db.select().from(auditLog).where(eq(auditLog.action, 'orders.export')).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ operatorId: admin.operatorId, companyId: w.ids.acme, after: { rows: 1, gateway: 'ozow', q: 'savanna' } });
  });

  it('refuses a bad filter naming it; support, another company and no session may not export', async () => {
    const backwards = await csv('?from=2026-11-02&to=2026-11-01');
    expect(backwards.http).toBe(400);
    expect(backwards.body.data.fieldErrors).toEqual({ to: texts.dateOrder });
    expect((await csv('', support)).http).toBe(403);
    expect((await csv('', zebraAdmin)).http).toBe(404);
    expect((await adminCall(w.t, null, 'GET', `${C()}/orders.csv`)).http).toBe(401);
  });
});

describe('order detail', () => {
  it('shows lines, amounts, customer, attempts, the gateway’s messages as received and the invoice', async () => {
    const res = await detail(paidByItn);
    expect(res.http, res.body.message).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({
      id: paidByItn,
      status: expect.stringMatching(/^(paid|fulfilling|fulfilled)$/),
      regionName: 'South Africa',
      days: 90,
      currency: 'ZAR',
      taxPercent: '15.00',
      price: '2250.00',
      discount: '65.25',
      tax: '337.50',
      arrears: '0.00',
      total: '2522.25',
      gateway: 'payfast',
      bypass: false,
      customer: { name: 'Thandi Nkosi', email: 'thandi@orders.example' },
      invoice: { number: 1, proforma: true, paymentMode: 'PayFast Payment' },
    });
    expect(d.lines.map((l: { name: string; amount: string }) => [l.name, l.amount])).toEqual([
      ['Processor', '720.00'],
      ['Memory', '1080.00'],
      ['Disk', '450.00'],
    ]);
    expect(d.attempts).toHaveLength(1);
    expect(d.attempts[0]).toMatchObject({
      gateway: 'payfast',
      status: 'paid',
      amount: '2522.25',
      currency: 'ZAR',
      test: true,
      gatewayStatus: 'COMPLETE',
    });
    const itn = d.events.find((e: { channel: string }) => e.channel === 'notification');
    expect(itn).toMatchObject({ gateway: 'payfast', outcome: 'paid', verified: true, reason: null, attemptId: d.attempts[0].id });
    // The raw form body exactly as PayFast posted it, signature included.
    expect(itn.payload.body).toContain(`m_payment_id=${d.attempts[0].reference}`);
    expect(itn.payload.body).toMatch(/&signature=[0-9a-f]{32}$/);
  });

  it('shows a refused message as not verified, with its reason and payload as sent', async () => {
    const [attempt] = await w.attemptsOf(unpaid);
    const forged = `m_payment_id=${attempt!.reference}&pf_payment_id=999&payment_status=COMPLETE&amount_gross=2522.25&signature=00000000000000000000000000000000`;
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/virtualMachine/notifyPayFastStatus',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: forged,
    });
    expect(res.statusCode).toBe(200);
    const events = (await detail(unpaid)).body.data.events;
    expect(events).toEqual([
      expect.objectContaining({
        channel: 'notification',
        outcome: 'refused',
        verified: false,
        reason: expect.stringMatching(/^signature: /),
        payload: { body: forged, query: {} },
      }),
    ]);
  });

  it('never shows a secret of ours that got into a payload; keeps everything the gateway sent', async () => {
    // The company's own PayFast passphrase, stored through the console…
    const passphrase = 'Secret Phrase Of Acme 2026';
    expect(
      (
        await adminCall(w.t, admin, 'PUT', `${C()}/payment-settings`, {
          gateways: { payfast: { mode: 'test', credentials: { merchantId: '10000777', merchantKey: 'acmeKeyForOrders1', passphrase } } },
        })
      ).http,
    ).toBe(200);
    // …and a message that somehow carries it (and the merchant id PayFast sends anyway).
    const [attempt] = await w.attemptsOf(unpaid);
    await w.db.insert(gatewayEvents).values({
      companyId: w.ids.acme,
      attemptId: attempt!.id,
      gateway: 'payfast',
      channel: 'return',
      outcome: 'refused',
      reason: `echoed ${passphrase}`,
      payload: { body: `merchant_id=10000777&note=${passphrase}`, nested: [{ key: 'acmeKeyForOrders1' }] },
    });
    const res = await detail(unpaid);
    expect(res.raw.body).not.toContain(passphrase);
    expect(res.raw.body).not.toContain('acmeKeyForOrders1');
    const echoed = res.body.data.events.find((e: { channel: string }) => e.channel === 'return');
    expect(echoed.payload).toEqual({ body: 'merchant_id=10000777&note=[redacted]', nested: [{ key: '[redacted]' }] });
    expect(echoed.reason).toBe('echoed [redacted]');
    await w.db.delete(gatewayEvents).where(eq(gatewayEvents.channel, 'return'));
    expect((await adminCall(w.t, admin, 'PUT', `${C()}/payment-settings`, { gateways: { payfast: { remove: true } } })).http).toBe(200);
  });

  it('gives the invoice PDF of a paid order, and 404 before payment or for an unknown order', async () => {
    const pdf = await w.t.app.inject({ method: 'GET', url: `/api/admin${C()}/orders/${paidByItn}/invoice/pdf`, headers: support.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // Paid through the sandbox: the customer's proforma, under the same name the customer gets.
    expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="proforma-invoice-\d+\.pdf"$/);
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const none = await adminCall(w.t, admin, 'GET', `${C()}/orders/${unpaid}/invoice/pdf`);
    expect(none.http).toBe(404);
    expect(none.body.message).toBe(texts.invoiceNotFound);
    expect((await detail(2_000_000)).http).toBe(404);
    expect((await detail(2_000_000)).body.message).toBe(texts.orderNotFound);
  });
});

describe('manual reconciliation', () => {
  it('needs a reason of 10 characters, a known action, and for failed/cancelled the attempt; owner and admin only', async () => {
    const short = await reconcile(unpaid, { action: 'paid', reason: 'paid ok' });
    expect(short.http).toBe(400);
    expect(short.body.data.fieldErrors).toEqual({ reason: texts.reasonTooShort });
    expect((await reconcile(unpaid, { action: 'paid', reason: '          x' })).body.data.fieldErrors).toEqual({
      reason: texts.reasonTooShort,
    });
    expect((await reconcile(unpaid, { action: 'refunded', reason: REASON })).body.data.fieldErrors).toEqual({
      action: texts.actionInvalid,
    });
    expect((await reconcile(unpaid, { action: 'failed', reason: REASON })).body.data.fieldErrors).toEqual({
      attemptId: texts.attemptRequired,
    });
    const [otherAttempt] = await w.attemptsOf(paidByItn);
    const foreignAttempt = await reconcile(unpaid, { action: 'failed', attemptId: otherAttempt!.id, reason: REASON });
    expect(foreignAttempt.http).toBe(400);
    expect(foreignAttempt.body.data.fieldErrors).toEqual({ attemptId: texts.attemptNotFound });
    const bySupport = await reconcile(unpaid, { action: 'paid', reason: REASON }, support);
    expect(bySupport.http).toBe(403);
    expect((await reconcile(unpaid, { action: 'paid', reason: REASON }, zebraAdmin)).http).toBe(404);
    expect((await adminCall(w.t, null, 'POST', `${C()}/orders/${unpaid}/reconcile`, { action: 'paid', reason: REASON })).http).toBe(401);
    await w.expectUnpaid(unpaid, 'created');
    expect(await w.db.$count(auditLog, eq(auditLog.action, 'order.reconcile'))).toBe(0);
  });

  it('marks an unpaid order paid through the paying transaction: one invoice, one fulfilment, one notice and mail; audited with the reason', async () => {
    const res = await reconcile(unpaid, { action: 'paid', reason: REASON, gatewayReference: 'ABSA 99812' });
    expect(res.http, res.body.message).toBe(200);
    expect(res.body.message).toBe(texts.reconciledPaid);
    expect(res.body.data.status).toBe('paid');
    expect(res.body.data.invoice).toMatchObject({ proforma: false, paymentMode: 'Manual Payment' });
    const manual = res.body.data.attempts.find((a: { gateway: string }) => a.gateway === 'manual');
    expect(manual).toMatchObject({
      status: 'paid',
      amount: '2522.25',
      currency: 'ZAR',
      gatewayReference: 'ABSA 99812',
      gatewayStatus: 'MANUAL',
      test: false,
    });
    // The customer's chosen gateway stays on the order; the PayFast attempt stays open (a late ITN is a duplicate).
    expect(res.body.data.gateway).toBe('payfast');
    const event = res.body.data.events.find((e: { channel: string }) => e.channel === 'manual');
    expect(event).toMatchObject({
      outcome: 'paid',
      verified: false,
      payload: { operator: admin.email, reason: REASON, gatewayReference: 'ABSA 99812' },
    });

    await w.expectPaidOnce(thandi, unpaid, false);
    const [invoice] = await w.invoicesOf(unpaid);
    expect(invoice!.transactionId).toBe('ABSA 99812');

    const [entry] = await w.db.select().from(auditLog).where(eq(auditLog.action, 'order.reconcile'));
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      companyId: w.ids.acme,
      targetType: 'order',
      targetId: String(unpaid),
      reason: REASON,
    });
    expect(entry!.before).toMatchObject({ order: { status: 'created', paidAt: null }, attempt: null });
    expect(entry!.after).toMatchObject({ order: { status: 'paid' }, attempt: { gateway: 'manual', status: 'paid' }, action: 'paid' });

    // Again: refused, nothing doubles.
    const again = await reconcile(unpaid, { action: 'paid', reason: REASON });
    expect(again.http).toBe(409);
    expect(again.body.message).toBe(texts.orderAlreadyPaid);
    const [payfastAttempt] = (await w.attemptsOf(unpaid)).filter((a) => a.gateway === 'payfast');
    expect((await reconcile(unpaid, { action: 'cancelled', attemptId: payfastAttempt!.id, reason: REASON })).http).toBe(409);
    expect(await w.invoicesOf(unpaid)).toHaveLength(1);
    expect(await provisionJobs(unpaid)).toBe(1);
    expect(await w.db.$count(auditLog, eq(auditLog.action, 'order.reconcile'))).toBe(1);
  });

  it('reconciles through a named attempt: its gateway and reference; a test gateway gives a proforma', async () => {
    const orderId = await w.order(thandi);
    const started = (await w.start(thandi, orderId)).body.data;
    const [attempt] = await w.attemptsOf(orderId);
    const res = await reconcile(orderId, {
      action: 'paid',
      attemptId: attempt!.id,
      gatewayReference: 'PF-1234567',
      reason: 'ITN lost; PayFast dashboard shows it paid',
    });
    expect(res.http, res.body.message).toBe(200);
    expect(res.body.data.attempts).toEqual([
      expect.objectContaining({ id: attempt!.id, gateway: 'payfast', status: 'paid', gatewayReference: 'PF-1234567', test: true }),
    ]);
    expect(res.body.data.invoice).toMatchObject({ proforma: true, paymentMode: 'PayFast Payment' });
    await w.expectPaidOnce(thandi, orderId, true);
    // The genuine ITN arrives after all: a duplicate, nothing more.
    await w.payForm(started.start, 'pay');
    const events = (await detail(orderId)).body.data.events.map((e: { channel: string; outcome: string }) => [e.channel, e.outcome]);
    expect(events).toEqual([
      ['manual', 'paid'],
      ['notification', 'duplicate'],
    ]);
    await w.expectPaidOnce(thandi, orderId, true);
  });

  it('two operators reconciling at once: exactly one pays', async () => {
    const orderId = await w.order(lindiwe);
    const results = await Promise.all([
      reconcile(orderId, { action: 'paid', reason: REASON }),
      reconcile(orderId, { action: 'paid', reason: REASON }),
    ]);
    expect(results.map((r) => r.http).sort()).toEqual([200, 409]);
    await w.expectPaidOnce(lindiwe, orderId, false);
    expect(await w.db.$count(auditLog, and(eq(auditLog.action, 'order.reconcile'), eq(auditLog.targetId, String(orderId))))).toBe(1);
  });

  it('marks a started attempt failed (the order with it) or cancelled; an attempt with a result is refused', async () => {
    const orderId = await w.order(lindiwe, 'ubuntu', 'Ozow Payment');
    expect((await w.start(lindiwe, orderId, 'Ozow Payment')).http).toBe(200);
    const [attempt] = await w.attemptsOf(orderId);
    const failed = await reconcile(orderId, { action: 'failed', attemptId: attempt!.id, reason: 'Customer says the bank declined it' });
    expect(failed.http, failed.body.message).toBe(200);
    expect(failed.body.message).toBe(texts.reconciledFailed);
    expect(failed.body.data.status).toBe('failed');
    expect(failed.body.data.attempts[0]).toMatchObject({ status: 'failed', gatewayStatus: 'MANUAL_FAILED' });
    await w.expectUnpaid(orderId, 'failed');
    const [entry] = await w.db.select().from(auditLog).where(eq(auditLog.action, 'order.reconcile')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ reason: 'Customer says the bank declined it', targetId: String(orderId) });
    expect(entry!.after).toMatchObject({ action: 'failed', attempt: { id: attempt!.id, status: 'failed' }, order: { status: 'failed' } });

    const twice = await reconcile(orderId, { action: 'cancelled', attemptId: attempt!.id, reason: 'Customer says the bank declined it' });
    expect(twice.http).toBe(409);
    expect(twice.body.message).toBe(texts.attemptHasResult);

    // A new try, cancelled by hand; the order can still be paid afterwards.
    expect((await w.start(lindiwe, orderId, 'Ozow Payment')).http).toBe(200);
    const second = (await w.attemptsOf(orderId)).find((a) => a.status === 'started')!;
    const cancelled = await reconcile(orderId, {
      action: 'cancelled',
      attemptId: second.id,
      reason: 'Customer abandoned at the bank page',
    });
    expect(cancelled.body.message).toBe(texts.reconciledCancelled);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect((await reconcile(orderId, { action: 'paid', reason: REASON })).http).toBe(200);
    expect(await w.db.$count(invoices, eq(invoices.orderId, orderId))).toBe(1);
  });
});
