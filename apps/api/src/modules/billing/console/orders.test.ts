import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsAdminMessages as texts } from '@mawingu/contracts/admin/payments';
import { adminMessages } from '@mawingu/contracts/admin/admin-messages';
import { adminCall, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { until } from '../../../../test/until.ts';
import { auditLog, gatewayEvents } from '../../../db/schema.ts';

import { ids, openOrdersWorld, type OrdersWorld } from './orders.test-helper.ts';

/**
 * Orders and transactions in the console (issue 7, point 4): the list and its filters, one order
 * with its attempts and the gateways' raw messages, and manual reconciliation through the one
 * paying transaction (invoice, fulfilment, notification and mail exactly once), audited.
 */
let w: OrdersWorld['w'];
let admin: OrdersWorld['admin'];
let support: OrdersWorld['support'];
let zebraAdmin: OrdersWorld['zebraAdmin'];
let unpaid: OrdersWorld['unpaid'];
let paidByItn: OrdersWorld['paidByItn'];
let ozowOrder: OrdersWorld['ozowOrder'];
let oldOrder: OrdersWorld['oldOrder'];
let C: OrdersWorld['C'];
let list: OrdersWorld['list'];
let detail: OrdersWorld['detail'];

beforeAll(async () => {
  ({ w, admin, support, zebraAdmin, unpaid, paidByItn, ozowOrder, oldOrder, C, list, detail } = await openOrdersWorld());
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
