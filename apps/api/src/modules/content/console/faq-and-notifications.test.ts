import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentMessages as m } from '@mawingu/contracts/admin/content';
import { adminCall, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { authHeaders, signIn } from '../../../../test/sign-in.ts';
import { post, type TestContext } from '../../../../test/test-app.ts';
import { customers, faqEntries, notifications } from '../../../db/schema.ts';

import { ACME, ZEBRA, openContentWorld } from './content.test-helper.ts';

let t: TestContext;
let acmeId: number;
let zebraId: number;
let admin: SignedInOperator;
let zebraAdmin: SignedInOperator;
let amani: { id: number; email: string };
let thandi: { id: number; email: string };
let zebraCustomer: { id: number; email: string };

let lastAudit: Awaited<ReturnType<typeof openContentWorld>>['lastAudit'];

const A = () => `/companies/${acmeId}/content`;
const Z = () => `/companies/${zebraId}/content`;

beforeAll(async () => {
  ({ t, acmeId, zebraId, admin, zebraAdmin, amani, thandi, zebraCustomer, lastAudit } = await openContentWorld());
});
afterAll(() => t.close());

describe('console content: FAQ', () => {
  it('adds entries at the end of their tab, reorders a tab, moves and deletes; the public FAQ follows', async () => {
    const add = async (tab: string, question: string) =>
      (await adminCall(t, admin, 'POST', `${A()}/faq`, { tab, question, answer: `Answer to ${question}` })).body.data as {
        id: number;
        sortOrder: number;
      };
    const a = await add('General', 'What is Acme?');
    const b = await add('General', 'Where are you?');
    const c = await add('Products', 'Which OS?');
    expect([a.sortOrder, b.sortOrder]).toEqual([0, 1]);
    expect((await lastAudit('content.faq.create'))?.targetId).toBe(String(c.id));

    let site = await post(t.app, 'faq/getFaq', { websiteUrl: ACME });
    expect(site.body.data.map((e: { question: string }) => e.question)).toEqual(['What is Acme?', 'Where are you?', 'Which OS?']);

    const reordered = await adminCall(t, admin, 'PUT', `${A()}/faq/order`, { tab: 'General', ids: [b.id, a.id] });
    expect(reordered.http).toBe(200);
    site = await post(t.app, 'faq/getFaq', { websiteUrl: ACME });
    expect(site.body.data.map((e: { question: string }) => e.question)).toEqual(['Where are you?', 'What is Acme?', 'Which OS?']);
    expect(await lastAudit('content.faq.reorder')).toMatchObject({ targetId: 'General', before: [a.id, b.id], after: [b.id, a.id] });

    // Moving to another tab puts the entry at that tab's end.
    const moved = await adminCall(t, admin, 'PUT', `${A()}/faq/${a.id}`, {
      tab: 'Products',
      question: 'What is Acme Cloud?',
      answer: 'A cloud.',
    });
    expect(moved.body.data).toMatchObject({ tab: 'Products', question: 'What is Acme Cloud?', sortOrder: 1 });
    site = await post(t.app, 'faq/getFaq', { websiteUrl: ACME });
    expect(site.body.data.map((e: { tab: string; question: string }) => `${e.tab}: ${e.question}`)).toEqual([
      'General: Where are you?',
      'Products: Which OS?',
      'Products: What is Acme Cloud?',
    ]);

    expect((await adminCall(t, admin, 'DELETE', `${A()}/faq/${c.id}`)).http).toBe(200);
    expect((await lastAudit('content.faq.delete'))?.targetId).toBe(String(c.id));
    const listed = await adminCall(t, admin, 'GET', `${A()}/faq`);
    expect(listed.body.data.map((e: { id: number }) => e.id)).toEqual([b.id, a.id]);
    expect((await post(t.app, 'faq/getFaq', { websiteUrl: ZEBRA })).body.data).toEqual([]);
  });

  it('refuses bad input with 400 naming the field, and an order that is not exactly the tab', async () => {
    const cases: [unknown, string, string][] = [
      [{ tab: 'Billing', question: 'q', answer: 'a' }, 'tab', m.tabInvalid],
      [{ tab: 'General', question: ' ', answer: 'a' }, 'question', m.questionRequired],
      [{ tab: 'General', question: 'q' }, 'answer', m.answerRequired],
      [{ tab: 'General', question: 'q', answer: 'a'.repeat(5001) }, 'answer', m.answerTooLong],
    ];
    for (const [body, field, message] of cases) {
      const res = await adminCall(t, admin, 'POST', `${A()}/faq`, body);
      expect(res.http, JSON.stringify(body)).toBe(400);
      expect(res.body.data.fieldErrors).toMatchObject({ [field]: message });
    }
    const one = (await adminCall(t, admin, 'POST', `${A()}/faq`, { tab: 'Contact', question: 'Phone?', answer: '+27' })).body.data
      .id as number;
    const two = (await adminCall(t, admin, 'POST', `${A()}/faq`, { tab: 'Contact', question: 'Mail?', answer: 'hello@' })).body.data
      .id as number;
    const [zebraEntry] = await t.database.db
      .insert(faqEntries)
      .values({ companyId: zebraId, tab: 'Contact', question: 'z', answer: 'z' })
      .returning();
    for (const ids of [[one], [one, one], [one, two, zebraEntry!.id], [two, zebraEntry!.id]]) {
      const res = await adminCall(t, admin, 'PUT', `${A()}/faq/order`, { tab: 'Contact', ids });
      expect(res.http, JSON.stringify(ids)).toBe(400);
      expect(res.body.data.fieldErrors).toEqual({ ids: m.faqOrderInvalid });
    }
    const rows = await t.database.db
      .select()
      .from(faqEntries)
      .where(and(eq(faqEntries.companyId, acmeId), eq(faqEntries.tab, 'Contact')));
    expect(rows.map((r) => r.sortOrder).sort()).toEqual([0, 1]);
    // Another company's entry cannot be edited through this company.
    expect((await adminCall(t, admin, 'PUT', `${A()}/faq/${zebraEntry!.id}`, { tab: 'General', question: 'q', answer: 'a' })).http).toBe(
      404,
    );
  });
});

describe('console content: notifications', () => {
  it('notifies one customer by id or e-mail; it shows under their bell only', async () => {
    const byId = await adminCall(t, admin, 'POST', `${A()}/notifications`, {
      audience: 'customer',
      customerId: amani.id,
      text: 'Maintenance on Sunday 02:00',
    });
    expect(byId.http).toBe(200);
    expect(byId.body.data).toEqual({ sent: 1 });
    const byEmail = await adminCall(t, admin, 'POST', `${A()}/notifications`, {
      audience: 'customer',
      email: 'THANDI@content.example',
      text: 'Your quote is ready',
    });
    expect(byEmail.body.data).toEqual({ sent: 1 });

    const amaniBell = await t.app.inject({
      method: 'GET',
      url: '/api/userNotification',
      headers: authHeaders(ACME, await signIn(t, acmeId, amani.id)),
    });
    expect(amaniBell.json().data.list.map((n: { notificationDetail: string }) => n.notificationDetail)).toEqual([
      'Maintenance on Sunday 02:00',
    ]);
    expect(amaniBell.json().data.newNotificationCount).toBe(1);
    expect(await lastAudit('content.notification.send')).toMatchObject({ targetType: 'customer', targetId: String(thandi.id) });
  });

  it("refuses another company's customer (404 naming the field) and bad input (400 naming the field)", async () => {
    const other = await adminCall(t, admin, 'POST', `${A()}/notifications`, {
      audience: 'customer',
      customerId: zebraCustomer.id,
      text: 'Hi',
    });
    expect(other.http).toBe(404);
    expect(other.body).toMatchObject({ message: m.customerNotFound, data: { fieldErrors: { customerId: m.customerNotFound } } });
    const otherEmail = await adminCall(t, admin, 'POST', `${A()}/notifications`, {
      audience: 'customer',
      email: zebraCustomer.email,
      text: 'Hi',
    });
    expect(otherEmail.body.data.fieldErrors).toEqual({ email: m.customerNotFound });
    expect(await t.database.db.select().from(notifications).where(eq(notifications.customerId, zebraCustomer.id))).toEqual([]);

    const cases: [unknown, string, string][] = [
      [{ audience: 'everyone', text: 'x' }, 'audience', m.audienceInvalid],
      [{ audience: 'all', text: '  ' }, 'text', m.notificationRequired],
      [{ audience: 'all', text: 'x'.repeat(1001) }, 'text', m.notificationTooLong],
      [{ audience: 'customer', text: 'x' }, 'customerId', m.customerRequired],
      [{ audience: 'customer', email: 'not-mail', text: 'x' }, 'email', m.emailInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await adminCall(t, admin, 'POST', `${A()}/notifications`, body);
      expect(res.http, JSON.stringify(body)).toBe(400);
      expect(res.body.data.fieldErrors).toMatchObject({ [field]: message });
    }
  });

  it('notifies every customer of the company in one statement, and none of another company', async () => {
    // 1,500 more customers, written set-based (the password hash is not used here).
    await t.database.db.execute(sql`
      INSERT INTO ${customers} (company_id, email, password_hash, first_name, last_name, country_code, contact_no, region, address, city, state, post_code)
      SELECT ${acmeId}, 'bulk' || g || '@content.example', 'x', 'Bulk', 'Customer', '+27', '820000000', 'South Africa', '1 Road', 'Durban', 'KZN', '4001'
      FROM generate_series(1, 1500) AS g`);
    const [{ n: acmeCustomers }] = (await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(customers)
      .where(eq(customers.companyId, acmeId))) as [{ n: number }];
    expect(acmeCustomers).toBe(1502);

    const res = await adminCall(t, admin, 'POST', `${A()}/notifications`, { audience: 'all', text: 'New prices from 1 March' });
    expect(res.http).toBe(200);
    expect(res.body.data).toEqual({ sent: 1502 });
    const reached = await t.database.db
      .select({ n: sql<number>`count(distinct ${notifications.customerId})::int` })
      .from(notifications)
      .innerJoin(customers, eq(customers.id, notifications.customerId))
      .where(and(eq(notifications.text, 'New prices from 1 March'), eq(customers.companyId, acmeId), eq(notifications.companyId, acmeId)));
    expect(reached[0]!.n).toBe(1502);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.companyId, zebraId))).toEqual([]);

    const thandiBell = await t.app.inject({
      method: 'GET',
      url: '/api/userNotification',
      headers: authHeaders(ACME, await signIn(t, acmeId, thandi.id)),
    });
    expect(thandiBell.json().data.list[0].notificationDetail).toBe('New prices from 1 March');
    expect(await lastAudit('content.notification.send_all')).toMatchObject({
      targetType: 'company',
      targetId: String(acmeId),
      after: { text: 'New prices from 1 March', recipients: 1502 },
    });
  });

  it('finds recipients of this company only, by name, e-mail or id', async () => {
    const byName = await adminCall(t, admin, 'GET', `${A()}/recipients?q=amani`);
    expect(byName.body.data).toEqual({
      items: [{ id: amani.id, email: 'amani@content.example', name: 'Amani Njoroge' }],
      customerCount: 1502,
    });
    const byId = await adminCall(t, admin, 'GET', `${A()}/recipients?q=${thandi.id}`);
    expect(byId.body.data.items[0]).toEqual({ id: thandi.id, email: 'thandi@content.example', name: 'Thandi Mokoena' });
    const wildcard = await adminCall(t, admin, 'GET', `${A()}/recipients?q=%25`);
    expect(wildcard.body.data.items).toEqual([]);
    const many = await adminCall(t, admin, 'GET', `${A()}/recipients?q=bulk`);
    expect(many.body.data.items).toHaveLength(20);
    expect((await adminCall(t, zebraAdmin, 'GET', `${Z()}/recipients`)).body.data).toEqual({
      items: [{ id: zebraCustomer.id, email: zebraCustomer.email, name: 'Amani Otieno' }],
      customerCount: 1,
    });
  });
});
