import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { expiredToken } from '../../../../test/expired-token.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { notifications } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';

const ACME = 'https://acme-bell.example';
const ZEBRA = 'https://zebra-bell.example';

type Entry = { ID: number; notificationDetail: string; isViewed: 0 | 1; createdDate: string; link: unknown };

describe('notifications', () => {
  let t: TestContext;
  let thandi: SignedIn;
  let sipho: SignedIn;
  let zebraCustomer: SignedIn;

  const list = async (session: SignedIn, site = ACME) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/userNotification', headers: authHeaders(site, session) });
    return {
      http: res.statusCode,
      body: res.json() as { status: number; message: string; data: { newNotificationCount: number; list: Entry[] } | null },
    };
  };
  const markRead = (session: SignedIn, body: unknown, site = ACME) =>
    post(t.app, 'notification/updateUserNotification', body, authHeaders(site, session));
  const notify = (who: SignedIn, text: string) => t.modules.identity.notifications.notify(who.companyId, who.customerId, text);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const acmeId = (await upsertCompany(db, completeCompany('acme-bell', 'Acme Cloud'), [ACME])).id;
    const zebraId = (await upsertCompany(db, completeCompany('zebra-bell', 'Zebra Hosting'), [ZEBRA])).id;
    thandi = await signIn(t, acmeId, (await createCustomer(db, acmeId, { email: 'thandi@example.co.za' })).id);
    sipho = await signIn(t, acmeId, (await createCustomer(db, acmeId, { email: 'sipho@example.co.za' })).id);
    zebraCustomer = await signIn(t, zebraId, (await createCustomer(db, zebraId, { email: 'thandi@example.co.za' })).id);
  });
  afterAll(() => t.close());

  it('lists a customer’s own notifications, newest first, with the unread count', async () => {
    await notify(thandi, 'Your ticket #1 was answered');
    await notify(thandi, 'Your VM web-01 is ready');
    await notify(sipho, 'Sipho’s own news');
    await notify(zebraCustomer, 'Zebra news');

    const res = await list(thandi);
    expect(res.http).toBe(200);
    expect(res.body.data).toEqual({
      newNotificationCount: 2,
      list: [
        { ID: expect.any(Number), notificationDetail: 'Your VM web-01 is ready', isViewed: 0, createdDate: expect.any(String), link: null },
        {
          ID: expect.any(Number),
          notificationDetail: 'Your ticket #1 was answered',
          isViewed: 0,
          createdDate: expect.any(String),
          link: null,
        },
      ],
    });
    expect((await list(zebraCustomer, ZEBRA)).body.data!.list.map((n) => n.notificationDetail)).toEqual(['Zebra news']);
  });

  it('marks the listed notifications read and reports the new unread count', async () => {
    const before = (await list(thandi)).body.data!;
    const res = await markRead(thandi, { notification: before.list.map((n) => n.ID) });
    expect(res.http).toBe(200);
    expect(res.body).toEqual({ status: 200, message: 'Notifications marked as read', data: { newNotificationCount: 0 } });

    const after = (await list(thandi)).body.data!;
    expect(after.newNotificationCount).toBe(0);
    expect(after.list.every((n) => n.isViewed === 1)).toBe(true);
  });

  it('ignores ids that are not the customer’s own (another customer, another company) without saying so', async () => {
    const siphoIds = (await list(sipho)).body.data!.list.map((n) => n.ID);
    const zebraIds = (await list(zebraCustomer, ZEBRA)).body.data!.list.map((n) => n.ID);
    const res = await markRead(thandi, { notification: [...siphoIds, ...zebraIds, 999_999] });
    expect(res.http).toBe(200);
    expect((await list(sipho)).body.data!.newNotificationCount).toBe(1);
    expect((await list(zebraCustomer, ZEBRA)).body.data!.newNotificationCount).toBe(1);
  });

  it('gives each notice its date and the link it was written with; one written without a link has none', async () => {
    const db = t.database.db;
    const lerato = await signIn(t, thandi.companyId, (await createCustomer(db, thandi.companyId, { email: 'lerato@example.co.za' })).id);
    const before = Date.now();
    const service = t.modules.identity.notifications;
    await service.notify(lerato.companyId, lerato.customerId, 'Payment received for order #7', db, { to: 'purchaseHistory' });
    await service.notify(lerato.companyId, lerato.customerId, 'Your ticket #12 has a new response', db, { to: 'ticket', id: 12 });
    await service.notify(lerato.companyId, lerato.customerId, 'Your virtual machine web-01 is ready', db, { to: 'products' });
    // A row from before links were stored, as the migration leaves it.
    await db.insert(notifications).values({ companyId: lerato.companyId, customerId: lerato.customerId, text: 'Old news' });

    const entries = (await list(lerato)).body.data!.list;
    expect(entries.map((n) => [n.notificationDetail, n.link])).toEqual([
      ['Old news', null],
      ['Your virtual machine web-01 is ready', { to: 'products' }],
      ['Your ticket #12 has a new response', { to: 'ticket', id: 12 }],
      ['Payment received for order #7', { to: 'purchaseHistory' }],
    ]);
    for (const n of entries) {
      expect(Date.parse(n.createdDate)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(n.createdDate)).toBeLessThanOrEqual(Date.now());
    }
  });

  it('caps the list at the 50 newest while counting every unread one', async () => {
    for (let i = 1; i <= 55; i += 1) await notify(sipho, `Update ${i}`);
    const data = (await list(sipho)).body.data!;
    expect(data.list).toHaveLength(50);
    expect(data.list[0]!.notificationDetail).toBe('Update 55');
    expect(data.newNotificationCount).toBe(56);
  });

  it.each([
    ['no list', {}],
    ['an empty list', { notification: [] }],
    ['ids that are not numbers', { notification: ['1', 'x'] }],
    ['a negative id', { notification: [-3] }],
    ['a fractional id', { notification: [1.5] }],
  ])('refuses %s with a message naming the field', async (_case, body) => {
    const res = await markRead(thandi, body);
    expect(res.http).toBe(400);
    expect(res.body.message).toBe('Choose at least one notification');
    expect(Object.keys(res.body.data.fieldErrors)[0]).toMatch(/^notification/);
  });

  describe('refuses callers without the customer’s own live session, revealing nothing', () => {
    const calls = [
      ['userNotification', (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/userNotification', headers })],
      [
        'updateUserNotification',
        (headers: Record<string, string>) =>
          t.app.inject({ method: 'POST', url: '/api/notification/updateUserNotification', payload: { notification: [1, 2, 3] }, headers }),
      ],
    ] as const;

    it.each(calls)('%s: no token, an expired token, a revoked session, another company’s token', async (_name, call) => {
      const revoked = await signIn(t, thandi.companyId, thandi.customerId);
      await t.modules.identity.sessions.revoke(revoked.sessionId);
      const attempts = [
        { origin: ACME },
        authHeaders(ACME, { ...thandi, token: await expiredToken(t, thandi) }),
        authHeaders(ACME, revoked),
        authHeaders(ACME, zebraCustomer),
      ];
      for (const headers of attempts) {
        const res = await call(headers);
        expect(res.statusCode).toBe(401);
        expect(res.json().data).toBeNull();
      }
    });

    it('a refused call marks nothing read', async () => {
      await notify(thandi, 'Fresh news');
      const ids = (await list(thandi)).body.data!.list.map((n) => n.ID);
      await t.app.inject({
        method: 'POST',
        url: '/api/notification/updateUserNotification',
        payload: { notification: ids },
        headers: { origin: ACME },
      });
      expect((await list(thandi)).body.data!.newNotificationCount).toBe(1);
    });
  });
});
