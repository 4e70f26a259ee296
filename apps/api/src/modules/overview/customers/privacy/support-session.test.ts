import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerPrivacyMessages as texts } from '@mawingu/contracts/admin/customer-privacy';
import { messages } from '@mawingu/contracts/messages';
import { adminCall } from '../../../../../test/operator-sign-in.ts';
import { authHeaders } from '../../../../../test/sign-in.ts';
import { auditLog, customers, sessions, supportSessions } from '../../../../db/schema.ts';
import {
  ALLOWED_IN_SUPPORT_SESSION,
  allowedInSupportSession,
  REFUSED_IN_SUPPORT_SESSION,
} from '../../../identity/support-sessions/read-only.ts';
import { ACME, ZEBRA, openCustomersWorld, type CustomersWorld } from '../customers.test-helper.ts';

let w: CustomersWorld;
const path = (companyId: number, customerId: number) => `/companies/${companyId}/customers/${customerId}/support-session`;
const REASON = 'Customer asked on the phone, ticket #12';

beforeAll(async () => {
  w = await openCustomersWorld();
});
afterAll(() => w.t.close());

/** The console opens a session; the customer's site exchanges the handoff from the URL's fragment. */
async function openAndExchange(site = ACME) {
  const opened = await adminCall(w.t, w.support, 'POST', path(w.acme.companyId, w.amani.id), { reason: REASON });
  expect(opened.http).toBe(200);
  const handoff = new URL(opened.body.data.url).hash.slice(1);
  const exchanged = await w.t.app.inject({
    method: 'POST',
    url: '/api/supportSession/exchange',
    headers: { origin: site },
    payload: { token: handoff },
  });
  return { opened, handoff, exchanged };
}

function asSupport(userData: { token: string; refreshToken: string }) {
  return authHeaders(ACME, userData);
}

describe('log in as the customer: opening', () => {
  it("gives the company's own site with a one-use handoff after '#', audited with the reason (never the handoff)", async () => {
    const opened = await adminCall(w.t, w.support, 'POST', path(w.acme.companyId, w.amani.id), { reason: REASON });
    expect(opened).toMatchObject({ http: 200, body: { message: texts.supportSessionOpened } });
    const url = new URL(opened.body.data.url);
    expect(url.origin).toBe(ACME);
    expect(url.pathname).toBe('/support-session');
    expect(url.search).toBe('');
    expect(url.hash.length).toBeGreaterThan(30);
    const minutes = (Date.parse(opened.body.data.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    const [audit] = await w.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.support-session.start'), eq(auditLog.targetId, String(w.amani.id))));
    expect(audit).toMatchObject({ reason: REASON, actorEmail: w.support.email, companyId: w.acme.companyId });
    expect(JSON.stringify(audit)).not.toContain(url.hash.slice(1));
    const [row] = await w.t.database.db
      .select()
      .from(supportSessions)
      .where(eq(supportSessions.id, (audit!.after as { supportSessionId: number }).supportSessionId));
    expect(row!.handoffHash).not.toBe(url.hash.slice(1));
  });

  it('refuses without a consent reason, naming the field', async () => {
    const none = await adminCall(w.t, w.admin, 'POST', path(w.acme.companyId, w.amani.id), { reason: '  ' });
    expect(none).toMatchObject({ http: 400, body: { data: { fieldErrors: { reason: texts.reasonRequired } } } });
    const short = await adminCall(w.t, w.admin, 'POST', path(w.acme.companyId, w.amani.id), { reason: 'ok' });
    expect(short).toMatchObject({ http: 400, body: { data: { fieldErrors: { reason: texts.reasonTooShort } } } });
  });

  it("keeps another company's operator out of Acme's customers", async () => {
    const before = await w.t.database.db.select().from(supportSessions);
    expect((await adminCall(w.t, w.zebraAdmin, 'POST', path(w.zebra.companyId, w.amani.id), { reason: REASON })).http).toBe(404);
    expect((await adminCall(w.t, w.zebraAdmin, 'POST', path(w.acme.companyId, w.amani.id), { reason: REASON })).http).toBe(404);
    expect(await w.t.database.db.select().from(supportSessions)).toHaveLength(before.length);
  });

  it('refuses a suspended or closed account', async () => {
    const db = w.t.database.db;
    await db.update(customers).set({ suspendedAt: new Date(), suspendedReason: 'x' }).where(eq(customers.id, w.thandi.id));
    const res = await adminCall(w.t, w.admin, 'POST', path(w.acme.companyId, w.thandi.id), { reason: REASON });
    expect(res).toMatchObject({ http: 409, body: { message: texts.supportSuspended } });
    await db.update(customers).set({ suspendedAt: null, suspendedReason: null }).where(eq(customers.id, w.thandi.id));
    await db.update(customers).set({ closedAt: new Date(), closedReason: 'moved away' }).where(eq(customers.id, w.thandi.id));
    const closed = await adminCall(w.t, w.admin, 'POST', path(w.acme.companyId, w.thandi.id), { reason: REASON });
    expect(closed).toMatchObject({ http: 409, body: { message: texts.supportClosed } });
    await db.update(customers).set({ closedAt: null, closedReason: null }).where(eq(customers.id, w.thandi.id));
  });
});

describe('log in as the customer: the handoff', () => {
  it("is exchanged once for the customer's session and the banner, which names the operator but never their e-mail", async () => {
    const { exchanged, handoff } = await openAndExchange();
    expect(exchanged.statusCode).toBe(200);
    const data = exchanged.json().data;
    expect(data.supportSession).toMatchObject({ customerName: 'Amani Njoroge', operatorName: 'Test support' });
    expect(data.userData.userDetail).toMatchObject({ FirstName: 'Amani', emailID: 'amani@savanna.example' });
    expect(exchanged.body).not.toContain(w.support.email);
    expect(exchanged.body).not.toContain(REASON);

    const again = await w.t.app.inject({
      method: 'POST',
      url: '/api/supportSession/exchange',
      headers: { origin: ACME },
      payload: { token: handoff },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(messages.supportSessionLinkInvalid);
  });

  it("is nothing on another company's site, nor after its minute", async () => {
    const { exchanged } = await openAndExchange(ZEBRA);
    expect(exchanged.statusCode).toBe(401);

    const opened = await adminCall(w.t, w.support, 'POST', path(w.acme.companyId, w.amani.id), { reason: REASON });
    const handoff = new URL(opened.body.data.url).hash.slice(1);
    await w.t.database.db.update(supportSessions).set({ handoffExpiresAt: new Date(Date.now() - 1000) });
    const late = await w.t.app.inject({
      method: 'POST',
      url: '/api/supportSession/exchange',
      headers: { origin: ACME },
      payload: { token: handoff },
    });
    expect(late.statusCode).toBe(401);
  });
});

describe('in a support session', () => {
  it('reads as the customer: VMs, purchase history, profile, tickets, the banner', async () => {
    const { exchanged } = await openAndExchange();
    const headers = asSupport(exchanged.json().data.userData);
    const reads: [string, string, object?][] = [
      ['GET', '/api/virtualMachine/getUserVMs'],
      ['GET', '/api/virtualMachine/getPurchaseHistory'],
      ['GET', '/api/profileSetting/userProfileInfo'],
      ['GET', '/api/ticket/getallUserTicket'],
    ];
    for (const [method, url, payload] of reads) {
      const res = await w.t.app.inject({ method: method as 'GET' | 'POST', url, headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    }
    const vms = await w.t.app.inject({ method: 'GET', url: '/api/virtualMachine/getUserVMs', headers });
    expect(vms.body).toContain('amani-web-01');
    const current = await w.t.app.inject({ method: 'GET', url: '/api/supportSession/current', headers });
    expect(current.json().data.supportSession).toMatchObject({ customerName: 'Amani Njoroge', operatorName: 'Test support' });
  });

  it('refuses every call that pays, orders, changes credentials or deletes, with 403 and the reason', async () => {
    const { exchanged } = await openAndExchange();
    const headers = asSupport(exchanged.json().data.userData);
    const refused = w.t.app.customerRouteTable.filter((r) => !allowedInSupportSession(r.method, r.url));
    const urls = refused.map((r) => r.url);
    for (const named of [
      '/api/virtualMachine/CreateOrder',
      '/api/virtualMachine/startPayment',
      '/api/virtualMachine/renewVM',
      '/api/virtualMachine/renewSelectedVM',
      '/api/virtualMachine/updateVM',
      '/api/virtualMachine/uploadCustomerLicense',
      '/api/profileSetting/updateUserProfile',
      '/api/updatePassword',
      '/api/profileSetting/addSshKey',
      '/api/vmAction/resetVmPassword',
    ])
      expect(urls).toContain(named);
    expect(urls.some((u) => u.startsWith('/api/virtualMachine/transactionApi'))).toBe(true);
    for (const route of refused) {
      const url = route.url.replace(/:(\w+)/g, '1');
      const res = await w.t.app.inject({
        method: route.method as 'GET' | 'POST',
        url,
        headers,
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().message).toBe(messages.supportSessionReadOnly);
    }
    // The customer's own session is not refused: the same call fails on its empty body instead.
    const own = await w.t.app.inject({
      method: 'POST',
      url: '/api/virtualMachine/CreateOrder',
      headers: authHeaders(ACME, w.amaniSession),
      payload: {},
    });
    expect(own.statusCode).toBe(400);
  });

  it('lists every customer call that writes as allowed or refused (a new one is refused until listed)', () => {
    const unlisted = w.t.app.customerRouteTable
      .filter((r) => r.method !== 'GET')
      .filter((r) => !ALLOWED_IN_SUPPORT_SESSION.has(r.url) && !REFUSED_IN_SUPPORT_SESSION.has(r.url))
      .filter((r) => allowedInSupportSession(r.method, r.url));
    expect(unlisted).toEqual([]);
    for (const url of ALLOWED_IN_SUPPORT_SESSION) expect(REFUSED_IN_SUPPORT_SESSION.has(url)).toBe(false);
  });

  it('keeps its mark and its end time through a refresh', async () => {
    const { exchanged, opened } = await openAndExchange();
    const first = exchanged.json().data.userData;
    const refreshed = await w.t.app.inject({ method: 'POST', url: '/api/refreshToken', headers: asSupport(first), payload: {} });
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json().data[0];
    const order = await w.t.app.inject({ method: 'POST', url: '/api/virtualMachine/startPayment', headers: asSupport(next), payload: {} });
    expect(order.statusCode).toBe(403);
    const [row] = await w.t.database.db
      .select()
      .from(supportSessions)
      .where(eq(supportSessions.expiresAt, new Date(opened.body.data.expiresAt)));
    const family = await w.t.database.db.select().from(sessions).where(eq(sessions.familyId, row!.familyId!));
    expect(family).toHaveLength(2);
    for (const s of family) expect(s.expiresAt.toISOString()).toBe(opened.body.data.expiresAt);
  });

  it('ends with the banner’s End: every token of it stops at once, audited once', async () => {
    const { exchanged } = await openAndExchange();
    const headers = asSupport(exchanged.json().data.userData);
    const end = await w.t.app.inject({ method: 'POST', url: '/api/supportSession/end', headers });
    expect(end.json()).toMatchObject({ message: messages.supportSessionEnded, data: { ended: true } });
    const after = await w.t.app.inject({ method: 'GET', url: '/api/virtualMachine/getUserVMs', headers });
    expect(after.statusCode).toBe(401);
    const ends = await w.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.support-session.end'), eq(auditLog.targetId, String(w.amani.id))));
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({ actorEmail: w.support.email, operatorId: w.support.operatorId });
  });

  it('stops after its 30 minutes', async () => {
    const { exchanged } = await openAndExchange();
    const userData = exchanged.json().data.userData;
    const [row] = await w.t.database.db.select().from(sessions).where(eq(sessions.customerId, w.amani.id)).orderBy(sessions.createdAt);
    expect(row).toBeDefined();
    await w.t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, (await import('../../../../integrations/secrets/link-token.ts')).tokenHash(userData.refreshToken)));
    const res = await w.t.app.inject({ method: 'GET', url: '/api/virtualMachine/getUserVMs', headers: asSupport(userData) });
    expect(res.statusCode).toBe(401);
  });

  it("the customer's own session has no banner and cannot end anything", async () => {
    const headers = authHeaders(ACME, w.amaniSession);
    const current = await w.t.app.inject({ method: 'GET', url: '/api/supportSession/current', headers });
    expect(current.json().data).toEqual({ supportSession: null });
    const end = await w.t.app.inject({ method: 'POST', url: '/api/supportSession/end', headers });
    expect(end.json().data).toEqual({ ended: false });
  });
});
