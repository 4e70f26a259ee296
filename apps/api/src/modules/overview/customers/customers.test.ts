import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAdminMessages as texts, customerDetailResponse, customerListResponse } from '@mawingu/contracts/admin/customers';
import { adminMessages } from '@mawingu/contracts/admin/admin-messages';
import { adminCall, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import type { SignedIn } from '../../../../test/sign-in.ts';
import type { TestContext } from '../../../../test/test-app.ts';
import { auditLog, vms } from '../../../db/schema.ts';
import { insertOrder, readPdf, type Shop } from '../../billing/invoices/invoices.test-helper.ts';

import { openCustomersWorld } from './customers.test-helper.ts';

let t: TestContext;
let acme: Shop;
let zebra: Shop;
let amani: { id: number };
let thandi: { id: number };
let zebraAmani: { id: number };
let amaniSession: SignedIn;
let admin: SignedInOperator;
let support: SignedInOperator;
let zebraAdmin: SignedInOperator;
let owner: SignedInOperator;
let zebraVm: typeof vms.$inferSelect;
let paidOrder: Awaited<ReturnType<typeof insertOrder>>;

const C = () => `/companies/${acme.companyId}`;
const Z = () => `/companies/${zebra.companyId}`;

beforeAll(async () => {
  ({ t, acme, zebra, amani, thandi, zebraAmani, amaniSession, admin, support, zebraAdmin, owner, zebraVm, paidOrder } =
    await openCustomersWorld());
});
afterAll(() => t?.close());

describe('customer search', () => {
  const search = async (q: string, who = admin) => {
    const res = await adminCall(t, who, 'GET', `${C()}/customers?q=${encodeURIComponent(q)}`);
    expect(res.http).toBe(200);
    return customerListResponse.parse(res.body).data;
  };

  it('finds by name, e-mail, company name and phone however it is written; only this company’s customers', async () => {
    expect((await search('amani')).items.map((c) => c.email)).toEqual(['amani@savanna.example']);
    expect((await search('Njoroge')).items.map((c) => c.id)).toEqual([amani.id]);
    expect((await search('amani njoroge')).items.map((c) => c.id)).toEqual([amani.id]);
    expect((await search('THANDI@KAROO')).items.map((c) => c.id)).toEqual([thandi.id]);
    expect((await search('savanna')).items.map((c) => c.id)).toEqual([amani.id]);
    expect((await search('+27 82 123 4567')).items.map((c) => c.id)).toEqual([thandi.id]);
    expect((await search('082 123 4567')).items.map((c) => c.id)).toEqual([thandi.id]);
    expect((await search('712345')).items.map((c) => c.id)).toEqual([amani.id]);
    // LIKE's wildcards match themselves.
    expect((await search('%')).total).toBe(0);
    expect((await search('_')).total).toBe(0);

    const found = (await search('amani')).items[0]!;
    expect(found).toMatchObject({
      firstName: 'Amani',
      lastName: 'Njoroge',
      companyName: 'Savanna Traders',
      phone: '+254 712345678',
      region: 'Kenya',
      emailVerified: true,
      vmCount: 1,
    });
    expect(JSON.stringify(found)).not.toMatch(/password|argon2/i);
  });

  it('pages newest first; support may search; 400 names the field; 401 without a session', async () => {
    const all = await search('');
    expect(all.total).toBe(2);
    expect(all.items.map((c) => c.id)).toEqual([thandi.id, amani.id]);
    const second = customerListResponse.parse((await adminCall(t, admin, 'GET', `${C()}/customers?pageSize=1&page=2`)).body).data;
    expect(second).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(second.items.map((c) => c.id)).toEqual([amani.id]);

    expect((await search('amani', support)).total).toBe(1);

    const bad = await adminCall(t, admin, 'GET', `${C()}/customers?pageSize=500`);
    expect(bad.http).toBe(400);
    expect(bad.body.data.fieldErrors).toEqual({ pageSize: texts.pageSizeInvalid });
    const long = await adminCall(t, admin, 'GET', `${C()}/customers?q=${'x'.repeat(201)}`);
    expect(long.http).toBe(400);
    expect(long.body.data.fieldErrors).toEqual({ q: texts.queryTooLong });

    const anonymous = await adminCall(t, null, 'GET', `${C()}/customers`);
    expect(anonymous.http).toBe(401);
    expect(anonymous.body.message).toBe(adminMessages.loginRequired);
    // A customer's token is not a console session.
    const asCustomer = await t.app.inject({
      method: 'GET',
      url: `/api/admin${C()}/customers`,
      headers: { authorization: `Bearer ${amaniSession.token}` },
    });
    expect(asCustomer.statusCode).toBe(401);
  });

  it('another company’s admin gets 404; the owner searches any company', async () => {
    const other = await adminCall(t, zebraAdmin, 'GET', `${C()}/customers?q=amani`);
    expect(other.http).toBe(404);
    expect(other.body.message).toBe(adminMessages.companyNotFound);
    expect((await search('amani', owner)).items.map((c) => c.id)).toEqual([amani.id]);
    const zebraSearch = customerListResponse.parse((await adminCall(t, owner, 'GET', `${Z()}/customers?q=amani`)).body).data;
    expect(zebraSearch.items.map((c) => c.id)).toEqual([zebraAmani.id]);
  });
});

describe('customers export', () => {
  it('exports the customers the search selects as CSV (contact and billing details, no password); audited; owners and admins only', async () => {
    const res = await adminCall(t, admin, 'GET', `${C()}/customers.csv?q=${encodeURIComponent('+254 712')}`);
    expect(res.http, res.raw.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="customers-acme-console-customers-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = res.raw.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"customer_id","first_name","last_name","email","email_verified","company","vat_number","phone","address","city","state","post_code","region","created_at"',
    );
    expect(lines).toHaveLength(2);
    // A value starting with + would be a formula to a spreadsheet: the apostrophe keeps it text.
    expect(lines[1]).toMatch(
      new RegExp(`^"${amani.id}","Amani","Njoroge","amani@savanna.example","(yes|no)","Savanna Traders",".*","'\\+254 712345678",`),
    );
    expect(res.raw.body).not.toMatch(/argon2|password/i);
    const all = await adminCall(t, admin, 'GET', `${C()}/customers.csv`);
    expect(all.raw.body).toContain('thandi@karoo.example');
    expect(all.raw.body).not.toContain('amani@zebra.example');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'customers.export'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ operatorId: admin.operatorId, companyId: acme.companyId, after: { q: null } });

    expect((await adminCall(t, support, 'GET', `${C()}/customers.csv`)).http).toBe(403);
    expect((await adminCall(t, zebraAdmin, 'GET', `${C()}/customers.csv`)).http).toBe(404);
    expect((await adminCall(t, null, 'GET', `${C()}/customers.csv`)).http).toBe(401);
  });
});

describe('a customer’s page', () => {
  it('profile without secrets, VMs, orders to the cent, invoices with a PDF the console can open, tickets', async () => {
    const res = await adminCall(t, support, 'GET', `${C()}/customers/${amani.id}`);
    expect(res.http).toBe(200);
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon2|token/i);
    const detail = customerDetailResponse.parse(res.body).data;
    expect(detail.profile).toMatchObject({
      id: amani.id,
      email: 'amani@savanna.example',
      countryCode: '+254',
      contactNo: '712345678',
      companyName: 'Savanna Traders',
      city: 'Cape Town',
    });
    expect(Object.keys(detail.profile)).not.toContain('passwordHash');
    expect(detail.vms.map((v) => [v.name, v.state, v.blocked])).toEqual([['amani-web-01', 'running', false]]);
    expect(detail.orders).toEqual([
      expect.objectContaining({ id: paidOrder.id, kind: 1, status: 'paid', currency: 'ZAR', total: '569.25', gateway: 'payfast' }),
    ]);
    expect(detail.invoices).toHaveLength(1);
    const invoice = detail.invoices[0]!;
    expect(invoice).toMatchObject({
      orderId: paidOrder.id,
      currency: 'ZAR',
      total: '569.25',
      proforma: false,
      paymentMode: 'PayFast Payment',
    });
    expect(detail.tickets).toEqual([
      expect.objectContaining({ issueType: 'Billing', status: 'Open', summary: 'Please send the invoice again.', responses: 1 }),
    ]);
    expect(detail.totals).toEqual({ vms: 1, orders: 1, invoices: 1, tickets: 1 });

    const pdf = await t.app.inject({ method: 'GET', url: `/api/admin${invoice.pdfPath}`, headers: support.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // The customer's own reply: named by the invoice's number, inline, never cached.
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="invoice-${invoice.number}.pdf"`);
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    const text = (await readPdf(pdf.rawPayload)).text;
    expect(text).toContain('569.25');
    // Another company's operator cannot open it, not even through their own company.
    expect((await adminCall(t, zebraAdmin, 'GET', invoice.pdfPath)).http).toBe(404);
    const viaZebra = await adminCall(t, zebraAdmin, 'GET', `${Z()}/customers/${amani.id}/invoices/${invoice.id}/pdf`);
    expect(viaZebra.http).toBe(404);
    expect(viaZebra.body.message).toBe(texts.invoiceNotFound);
  });

  it('another company’s customer is a 404 for an admin; the owner reads both companies', async () => {
    const crossed = await adminCall(t, admin, 'GET', `${C()}/customers/${zebraAmani.id}`);
    expect(crossed.http).toBe(404);
    expect(crossed.body.message).toBe(texts.customerNotFound);
    expect((await adminCall(t, zebraAdmin, 'GET', `${C()}/customers/${amani.id}`)).http).toBe(404);
    expect((await adminCall(t, zebraAdmin, 'GET', `${Z()}/customers/${amani.id}`)).http).toBe(404);
    expect((await adminCall(t, owner, 'GET', `${C()}/customers/${amani.id}`)).http).toBe(200);
    const zebraDetail = customerDetailResponse.parse((await adminCall(t, owner, 'GET', `${Z()}/customers/${zebraAmani.id}`)).body).data;
    expect(zebraDetail.vms.map((v) => v.id)).toEqual([zebraVm.id]);
    expect((await adminCall(t, admin, 'GET', `${C()}/customers/abc`)).http).toBe(400);
  });
});
