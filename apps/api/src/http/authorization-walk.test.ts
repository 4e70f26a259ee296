import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { authHeaders, signIn, type SignedIn } from '../../test/sign-in.ts';
import { expiredToken } from '../../test/expired-token.ts';
import { multipartBody } from '../../test/multipart.ts';
import { customers, notifications, products, savedConfigurations, tickets } from '../db/schema.ts';
import { seedDemoCatalogue } from '../db/seed/demo-catalogue-seed.ts';
import { completeCompany, createCustomer, upsertCompany } from '../db/seed/factories.ts';
import { seedTicketIssueTypes } from '../db/seed/ticket-issue-types.ts';

const ACME = 'https://acme-walk.example';
const ZEBRA = 'https://zebra-walk.example';

/**
 * Calls anyone may make. Every other /api route in the OpenAPI document must refuse a request
 * without a live session of the site's company: a new route that forgets its guard fails here.
 */
const PUBLIC_CALLS = new Set([
  'POST /api/getCompanyConfiguration',
  'POST /api/getDropdownList',
  'POST /api/home/getCompanyAddress',
  'POST /api/home/getProductServices',
  'POST /api/marketPlace/getProducts',
  'POST /api/marketPlace/getFilteredProducts',
  'POST /api/marketPlace/getSpecification',
  'POST /api/marketplace/getExternalCloud',
  'POST /api/marketplace/checkDomain',
  'GET /api/files/{id}',
  'POST /api/productServicesData/getProductDetails',
  'POST /api/productServicesData/getCloudProducts',
  'POST /api/productServicesData/sendQueryMail',
  'POST /api/news/getAllNews',
  'POST /api/news/getNewsDetail',
  'POST /api/faq/getFaq',
  'POST /api/newsLetter/subscribeUser',
  'POST /api/newsLetter/unSubscribeUser',
  // RFC 8058 one-click unsubscribe from a mail program: authenticated by the mailed token itself.
  'POST /api/newsLetter/oneClick',
  'POST /api/writeToUs',
  'GET /api/getCountryCode',
  'POST /api/adduser',
  // For load balancers (modules/health).
  'GET /api/health',
  'GET /api/ready',
  'POST /api/login',
  'POST /api/twoFactorAuth',
  'POST /api/resendOtp',
  'POST /api/forgotPassword',
  'POST /api/forgotUserName',
  'POST /api/updatePassword',
  // Says whether a password link is still good, before the page asks for a new password.
  'POST /api/checkPasswordLink',
  // Authenticated by the refresh token itself, not the access token.
  'POST /api/refreshToken',
  // Authenticated by the console's one-use handoff itself (ADR 0118).
  'POST /api/supportSession/exchange',
]);

type Call = { method: string; path: string };

describe('authorisation of every customer call', () => {
  let t: TestContext;
  let acmeId: number;
  let zebraId: number;
  let victim: SignedIn;
  let intruder: SignedIn;
  let otherCompany: SignedIn;
  let customerCalls: Call[];
  let victimTicket: { id: number; fileId: string };
  let victimImageId: string;
  let victimSavedId: number;

  const send = async (call: Call, headers: Record<string, string>, fill: Record<string, string> = {}) => {
    const url = call.path.replace(/\{(\w+)\}/g, (_, name: string) => fill[name] ?? '00000000-0000-4000-8000-000000000000');
    const res = await t.app.inject({ method: call.method as 'GET', url, headers, ...(call.method === 'POST' ? { payload: {} } : {}) });
    return { http: res.statusCode, body: res.json() as { status: number; message: string; data: unknown } };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    acmeId = (await upsertCompany(db, completeCompany('acme-walk', 'Acme Cloud'), [ACME])).id;
    zebraId = (await upsertCompany(db, completeCompany('zebra-walk', 'Zebra Hosting'), [ZEBRA])).id;
    await seedDemoCatalogue(db, acmeId);
    await seedTicketIssueTypes(db, acmeId);
    victim = await signIn(t, acmeId, (await createCustomer(db, acmeId, { email: 'victim@example.co.za' })).id);
    intruder = await signIn(t, acmeId, (await createCustomer(db, acmeId, { email: 'intruder@example.co.za' })).id);
    // The same e-mail at another brand is another, unrelated account.
    otherCompany = await signIn(t, zebraId, (await createCustomer(db, zebraId, { email: 'victim@example.co.za' })).id);

    await t.app.ready();
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    customerCalls = Object.entries(doc.paths)
      // The console's calls have their own walk (modules/admin/authorization-walk.test.ts).
      .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/admin/'))
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })))
      .filter((call) => !PUBLIC_CALLS.has(`${call.method} ${call.path}`));

    // The victim's own data: a ticket with an attachment, a profile picture, a saved item, a notification.
    const form = multipartBody([
      { name: 'issueType', data: 'Billing' },
      { name: 'description', data: 'Invoice 42 is wrong' },
      { name: 'attachments', data: Buffer.from('%PDF-1.4 private'), filename: 'statement.pdf', contentType: 'application/pdf' },
    ]);
    const raised = await t.app.inject({
      method: 'POST',
      url: '/api/ticket/generateTicket',
      payload: form.payload,
      headers: { ...authHeaders(ACME, victim), ...form.headers },
    });
    expect(raised.statusCode).toBe(200);
    const [ticket] = await db.select().from(tickets).where(eq(tickets.customerId, victim.customerId));
    const detail = await t.app.inject({
      method: 'POST',
      url: '/api/ticket/getTicketDetailByID',
      payload: { ticketID: ticket!.id },
      headers: authHeaders(ACME, victim),
    });
    const attachmentUrl: string = detail.json().data.attachment[0].url;
    victimTicket = { id: ticket!.id, fileId: attachmentUrl.split('/').at(-1)! };

    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d0a1b50000000049454e44ae426082',
      'hex',
    );
    const image = multipartBody([{ name: 'image', data: png, filename: 'me.png', contentType: 'image/png' }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/profileSetting/updateProfileImage',
      payload: image.payload,
      headers: { ...authHeaders(ACME, victim), ...image.headers },
    });
    expect(uploaded.statusCode).toBe(200);
    const [row] = await db.select().from(customers).where(eq(customers.id, victim.customerId));
    victimImageId = row!.imageFileId!;

    const [product] = await db.select().from(products).where(eq(products.companyId, acmeId)).limit(1);
    const [saved] = await db
      .insert(savedConfigurations)
      .values({
        companyId: acmeId,
        customerId: victim.customerId,
        productId: product!.id,
        processorCount: 2,
        memoryCount: 4,
        driveCount: 50,
      })
      .returning();
    victimSavedId = saved!.id;
    await t.modules.identity.notifications.notify(acmeId, victim.customerId, 'Your VM is ready');
  });
  afterAll(() => t.close());

  it('finds the customer calls in the API description', () => {
    // Guards against a walk over nothing: the calls of issue 4 at least are there.
    expect(customerCalls.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/profileSetting/userProfileInfo',
        'POST /api/ticket/generateTicket',
        'GET /api/ticket/attachment/{fileId}',
        'GET /api/virtualMachine/showSavedVM',
        'GET /api/userNotification',
        'POST /api/logout',
      ]),
    );
  });

  it('refuses every customer call without a token, with 401 and no data', async () => {
    for (const call of customerCalls) {
      const res = await send(call, { origin: ACME }, { fileId: victimTicket.fileId });
      expect(res.http, `${call.method} ${call.path}`).toBe(401);
      expect(res.body.data, `${call.method} ${call.path}`).toBeNull();
    }
  });

  it('refuses every customer call with an expired token, with 401 and no data', async () => {
    const expired = { ...authHeaders(ACME, victim), authorization: await expiredToken(t, victim), refreshtoken: '' };
    for (const call of customerCalls) {
      const res = await send(call, expired, { fileId: victimTicket.fileId });
      expect(res.http, `${call.method} ${call.path}`).toBe(401);
      expect(res.body.data, `${call.method} ${call.path}`).toBeNull();
    }
  });

  it('refuses every customer call with a token of another company’s customer, with 401 and no data', async () => {
    for (const call of customerCalls) {
      const res = await send(call, { ...authHeaders(ACME, otherCompany), refreshtoken: '' }, { fileId: victimTicket.fileId });
      expect(res.http, `${call.method} ${call.path}`).toBe(401);
      expect(res.body.data, `${call.method} ${call.path}`).toBeNull();
    }
  });

  it('never shows or changes another customer’s data of the same company (404, nothing changed)', async () => {
    const as = authHeaders(ACME, intruder);
    const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: as, ...(payload ? { payload } : {}) });

    expect((await inject('POST', '/api/ticket/getTicketDetailByID', { ticketID: victimTicket.id })).statusCode).toBe(404);
    const download = await inject('GET', `/api/ticket/attachment/${victimTicket.fileId}`);
    expect(download.statusCode).toBe(404);
    expect(download.body).not.toContain('private');
    expect((await inject('GET', `/api/profileSetting/profileImage/${victimImageId}`)).statusCode).toBe(404);
    expect((await inject('POST', '/api/virtualMachine/deletedSavedVM', { savedProductID: victimSavedId })).statusCode).toBe(404);

    const [note] = await t.database.db.select().from(notifications).where(eq(notifications.customerId, victim.customerId));
    await inject('POST', '/api/notification/updateUserNotification', { notification: [note!.id] });

    // The intruder's own lists are empty: nothing of the victim's leaks into them.
    expect((await inject('GET', '/api/ticket/getallUserTicket')).json().data).toEqual([]);
    expect((await inject('GET', '/api/virtualMachine/showSavedVM')).json().data).toEqual([]);
    expect((await inject('GET', '/api/userNotification')).json().data).toMatchObject({ newNotificationCount: 0, list: [] });
    expect((await inject('GET', '/api/profileSetting/userProfileInfo')).json().data.userDetails).toMatchObject({
      emailID: 'intruder@example.co.za',
    });

    // And the victim's data is untouched.
    const mine = authHeaders(ACME, victim);
    expect((await t.app.inject({ method: 'GET', url: '/api/virtualMachine/showSavedVM', headers: mine })).json().data).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/userNotification', headers: mine })).json().data.newNotificationCount).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: `/api/ticket/attachment/${victimTicket.fileId}`, headers: mine })).statusCode).toBe(
      200,
    );
  });
});
