import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerPrivacyMessages as texts } from '@mawingu/contracts/admin/customer-privacy';
import { adminCall } from '../../../../../test/operator-sign-in.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../../test/sign-in.ts';
import {
  auditLog,
  contactMessages,
  customerSshKeys,
  invoices,
  newsletterSubscribers,
  notifications,
  orders,
  savedConfigurations,
  ticketResponses,
  tickets,
  vms,
} from '../../../../db/schema.ts';
import { createCustomer } from '../../../../db/seed/factories.ts';
import { createSimulatedVm } from '../../../../db/seed/vm-factories.ts';
import { insertOrder, markPaid } from '../../../billing/invoices/invoices.test-helper.ts';
import { ACME, openCustomersWorld, type CustomersWorld } from '../customers.test-helper.ts';

let w: CustomersWorld;
let kofi: { id: number; email: string };
let kofiSession: SignedIn;
let invoiceId: number;
const KOFI = {
  email: 'kofi.asante@baobab.example',
  firstName: 'Kofi',
  lastName: 'Asante-Mensah',
  countryCode: '+27',
  contactNo: '831119876',
  address: '7 Baobab Lane',
  companyName: 'Baobab Works',
};
const TICKET_TEXT = 'My name is Kofi Asante-Mensah, please call 083 111 9876.';
/** Raw SQL rows (the test's own reads across every table). */
const rowsOf = async <T>(query: SQL) => ((await w.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const base = (customerId: number) => `/companies/${w.acme.companyId}/customers/${customerId}`;

beforeAll(async () => {
  w = await openCustomersWorld();
  const db = w.t.database.db;
  const row = await createCustomer(db, w.acme.companyId, KOFI);
  kofi = { id: row.id, email: row.email };
  kofiSession = await signIn(w.t, w.acme.companyId, kofi.id);
  // A fulfilled order with its invoice, a deleted VM, a ticket with a reply, consent, a message, a saved configuration, a key, a notice.
  const order = await insertOrder(db, w.acme, kofi.id, { vmName: 'kofi-web' });
  await markPaid(db, order);
  await db.update(orders).set({ status: 'fulfilled' }).where(eq(orders.id, order.id));
  const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, order.id));
  invoiceId = invoice!.id;
  const vm = await createSimulatedVm(db, {
    companyId: w.acme.companyId,
    customerId: kofi.id,
    productId: w.acme.productId,
    name: 'kofi-web',
    os: 'ubuntu',
    cpu: 1,
    ramGb: 1,
    diskGb: 20,
    state: 'stopped',
  });
  await db.update(vms).set({ state: 'deleted' }).where(eq(vms.id, vm.id));
  const [ticket] = await db
    .insert(tickets)
    .values({ companyId: w.acme.companyId, customerId: kofi.id, issueType: 'Billing', description: TICKET_TEXT })
    .returning();
  await db.insert(ticketResponses).values([
    { ticketId: ticket!.id, status: 'In Progress', response: 'Hello Kofi Asante-Mensah, we will call you.', answeredBy: 'Test support' },
    { ticketId: ticket!.id, status: 'Open', response: 'Thanks, 083 111 9876 works.', answeredBy: 'Kofi Asante-Mensah', author: 'customer' },
  ]);
  await db.insert(newsletterSubscribers).values({ companyId: w.acme.companyId, email: kofi.email });
  await db.insert(contactMessages).values({ companyId: w.acme.companyId, email: 'Kofi.Asante@baobab.example', content: 'Call me back' });
  await db.insert(savedConfigurations).values({
    companyId: w.acme.companyId,
    customerId: kofi.id,
    productId: w.acme.productId,
    processorCount: 2,
    memoryCount: 4,
    driveCount: 50,
  });
  await db.insert(customerSshKeys).values({
    companyId: w.acme.companyId,
    customerId: kofi.id,
    name: 'kofi-laptop',
    type: 'ssh-ed25519',
    publicKey: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKofi kofi@laptop',
    fingerprint: 'SHA256:kofi',
  });
  await db.insert(notifications).values({ companyId: w.acme.companyId, customerId: kofi.id, text: 'Your VM kofi-web is ready' });
  await adminCall(w.t, w.admin, 'POST', `${base(kofi.id)}/notes`, { body: 'Kofi prefers calls after 5pm.' });
  await adminCall(w.t, w.admin, 'POST', `${base(kofi.id)}/mail`, { subject: 'Your invoice', body: 'Dear Kofi, here it is.' });
});
afterAll(() => w.t.close());

describe("export of a customer's personal data", () => {
  it('gives everything held about the customer as JSON, and none of another customer’s; audited', async () => {
    const res = await w.t.app.inject({ method: 'GET', url: `/api/admin${base(kofi.id)}/personal-data.json`, headers: w.admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="customer-\d+-personal-data-.+\.json"/);
    const data = JSON.parse(res.body);
    const s = data.sections;
    expect(s.profile[0]).toMatchObject({ email: kofi.email, lastName: 'Asante-Mensah', contactNo: '831119876', address: '7 Baobab Lane' });
    expect(s.profile[0]).not.toHaveProperty('passwordHash');
    expect(s.orders).toHaveLength(1);
    expect(s.orders[0]).toMatchObject({ vmName: 'kofi-web', status: 'fulfilled' });
    expect(s.invoices).toHaveLength(1);
    expect(s.virtualMachines.map((v: { name: string }) => v.name)).toEqual(['kofi-web']);
    expect(s.tickets[0].description).toBe(TICKET_TEXT);
    expect(s.ticketMessages).toHaveLength(2);
    expect(s.newsletter).toHaveLength(1);
    expect(s.contactMessages).toHaveLength(1);
    expect(s.savedConfigurations).toHaveLength(1);
    expect(s.sshKeys[0]).toMatchObject({ name: 'kofi-laptop', fingerprint: 'SHA256:kofi' });
    expect(s.notifications).toHaveLength(1);
    expect(s.operatorNotes[0].text).toBe('Kofi prefers calls after 5pm.');
    expect(s.logins.length).toBeGreaterThanOrEqual(1);
    for (const other of ['amani@savanna.example', 'thandi@karoo.example', 'Please send the invoice again.', 'amani-web-01', 'Njoroge'])
      expect(res.body).not.toContain(other);
    const audits = await w.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.export'), eq(auditLog.targetId, String(kofi.id))));
    expect(audits.map((a) => a.after)).toEqual([{ format: 'json' }]);
  });

  it('gives the same as one flat CSV: section, record, field, value', async () => {
    const res = await w.t.app.inject({ method: 'GET', url: `/api/admin${base(kofi.id)}/personal-data.csv`, headers: w.admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('"section","record","field","value"');
    expect(lines).toContain(`"profile","1","email","${kofi.email}"`);
    expect(lines).toContain('"sshKeys","1","name","kofi-laptop"');
    expect(res.body).not.toContain('amani@savanna.example');
  });

  it('is for owners and admins of the company only', async () => {
    const support = await w.t.app.inject({
      method: 'GET',
      url: `/api/admin${base(kofi.id)}/personal-data.json`,
      headers: w.support.headers,
    });
    expect(support.statusCode).toBe(403);
    const zebra = await w.t.app.inject({
      method: 'GET',
      url: `/api/admin/companies/${w.zebra.companyId}/customers/${kofi.id}/personal-data.json`,
      headers: w.zebraAdmin.headers,
    });
    expect(zebra.statusCode).toBe(404);
  });
});

describe("erasure of a customer's personal data", () => {
  it('refuses while a VM is not deleted or an order is open, naming them, and changes nothing', async () => {
    const res = await adminCall(w.t, w.admin, 'POST', `${base(w.amani.id)}/personal-data/erase`, { confirm: 'amani@savanna.example' });
    expect(res.http).toBe(409);
    expect(res.body.message).toContain('amani-web-01');
    await w.t.database.db.update(orders).set({ status: 'fulfilled' }).where(eq(orders.customerId, w.amani.id));
    await w.t.database.db.update(orders).set({ status: 'created' }).where(eq(orders.id, w.paidOrder.id));
    await w.t.database.db.update(vms).set({ state: 'deleted' }).where(eq(vms.customerId, w.amani.id));
    const open = await adminCall(w.t, w.admin, 'POST', `${base(w.amani.id)}/personal-data/erase`, { confirm: 'amani@savanna.example' });
    expect(open.http).toBe(409);
    expect(open.body.message).toContain(`#${w.paidOrder.id}`);
    expect(open.body.message).toContain('open orders');
    const [amani] = await rowsOf<{ email: string }>(sql`select email from customers where id = ${w.amani.id}`);
    expect(amani!.email).toBe('amani@savanna.example');
  });

  it('refuses a wrong confirmation (400 on the field), support, and another company', async () => {
    const wrong = await adminCall(w.t, w.admin, 'POST', `${base(kofi.id)}/personal-data/erase`, { confirm: 'kofi@elsewhere.example' });
    expect(wrong).toMatchObject({ http: 400, body: { data: { fieldErrors: { confirm: texts.confirmMismatch } } } });
    const support = await adminCall(w.t, w.support, 'POST', `${base(kofi.id)}/personal-data/erase`, { confirm: kofi.email });
    expect(support.http).toBe(403);
    const zebra = await adminCall(w.t, w.zebraAdmin, 'POST', `/companies/${w.zebra.companyId}/customers/${kofi.id}/personal-data/erase`, {
      confirm: kofi.email,
    });
    expect(zebra.http).toBe(404);
  });

  it('writes nothing when a step fails half-way (one transaction)', async () => {
    const db = w.t.database.db;
    const lindiwe = await createCustomer(db, w.acme.companyId, { email: 'lindiwe@karoo.example', firstName: 'Lindiwe', lastName: 'Zulu' });
    const session = await signIn(w.t, w.acme.companyId, lindiwe.id);
    await db.insert(notifications).values({ companyId: w.acme.companyId, customerId: lindiwe.id, text: 'Welcome' });
    await adminCall(w.t, w.admin, 'POST', `${base(lindiwe.id)}/notes`, { body: 'Lindiwe asked to be forgotten.' });
    // The operators' notes are deleted late in the erasure: make that step fail.
    await db.execute(sql`create function refuse_delete() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`);
    await db.execute(sql`create trigger refuse_note_delete before delete on customer_notes for each row execute function refuse_delete()`);
    try {
      const res = await adminCall(w.t, w.admin, 'POST', `${base(lindiwe.id)}/personal-data/erase`, { confirm: 'lindiwe@karoo.example' });
      expect(res.http).toBe(500);
    } finally {
      await db.execute(sql`drop trigger refuse_note_delete on customer_notes`);
      await db.execute(sql`drop function refuse_delete()`);
    }
    const [row] = await rowsOf<{ email: string; last_name: string }>(sql`select email, last_name from customers where id = ${lindiwe.id}`);
    expect(row).toEqual({ email: 'lindiwe@karoo.example', last_name: 'Zulu' });
    expect(await db.select().from(notifications).where(eq(notifications.customerId, lindiwe.id))).toHaveLength(1);
    const still = await w.t.app.inject({ method: 'GET', url: '/api/profileSetting/userProfileInfo', headers: authHeaders(ACME, session) });
    expect(still.statusCode).toBe(200);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.erase'), eq(auditLog.targetId, String(lindiwe.id))));
    expect(audits).toEqual([]);
  });

  it('removes the personal data from every table but the tax records; the invoice still downloads; sessions end; audited', async () => {
    const res = await adminCall(w.t, w.admin, 'POST', `${base(kofi.id)}/personal-data/erase`, { confirm: ` ${KOFI.email.toUpperCase()} ` });
    expect(res).toMatchObject({
      http: 200,
      body: { message: texts.erased, data: { customerId: kofi.id, email: `erased-${kofi.id}@invalid` } },
    });

    const db = w.t.database.db;
    const tables = await rowsOf<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    // Tax and payment records are kept as issued (ADR 0119).
    const kept = new Set(['invoices', 'credit_notes', 'payment_attempts', 'gateway_events', '__drizzle_migrations']);
    const found: string[] = [];
    for (const { table_name: table } of tables) {
      if (kept.has(table)) continue;
      const rows = await rowsOf<{ row: string }>(sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t`);
      for (const { row } of rows)
        for (const value of [
          KOFI.email,
          'Asante-Mensah',
          '831119876',
          '083 111 9876',
          '7 Baobab Lane',
          'Baobab Works',
          'kofi-laptop',
          'after 5pm',
        ])
          if (row.toLowerCase().includes(value.toLowerCase())) found.push(`${table}: ${value}`);
    }
    expect(found).toEqual([]);

    const [ticket] = await db.select().from(tickets).where(eq(tickets.customerId, kofi.id));
    expect(ticket).toMatchObject({ description: '[erased]', issueType: 'Billing' });

    const pdf = await w.t.app.inject({
      method: 'GET',
      url: `/api/admin${base(kofi.id)}/invoices/${invoiceId}/pdf`,
      headers: w.admin.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(invoice!.buyer.lastName).toBe('Asante-Mensah');

    const after = await w.t.app.inject({
      method: 'GET',
      url: '/api/profileSetting/userProfileInfo',
      headers: authHeaders(ACME, kofiSession),
    });
    expect(after.statusCode).toBe(401);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.erase'), eq(auditLog.targetId, String(kofi.id))));
    expect(audit).toMatchObject({ actorEmail: w.admin.email });

    const again = await adminCall(w.t, w.admin, 'POST', `${base(kofi.id)}/personal-data/erase`, { confirm: `erased-${kofi.id}@invalid` });
    expect(again).toMatchObject({ http: 409, body: { message: texts.alreadyErased } });
  });
});
