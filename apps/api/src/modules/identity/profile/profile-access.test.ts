import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { expiredToken } from '../../../../test/expired-token.ts';
import { multipartBody } from '../../../../test/multipart.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';

const ACME = 'https://acme-access.example';
const ZEBRA = 'https://zebra-access.example';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

type Call = {
  name: string;
  method: 'GET' | 'POST';
  url: () => string;
  body?: () => { payload: Buffer | object; headers: Record<string, string> };
};

/**
 * Every profile call, refused without a valid session of this site: no token, an expired one, a
 * revoked one, and a token of another company's customer. Each refusal is 401 and carries no data.
 */
describe('profile calls need the customer’s own live session', () => {
  let t: TestContext;
  let thandi: SignedIn;
  let zebraCustomer: SignedIn;
  let imageUrl: string;

  const calls: Call[] = [
    { name: 'userProfileInfo', method: 'GET', url: () => '/api/profileSetting/userProfileInfo' },
    {
      name: 'updateUserProfile',
      method: 'POST',
      url: () => '/api/profileSetting/updateUserProfile',
      body: () => ({
        payload: {
          firstName: 'Mallory',
          lastName: 'Evil',
          countryCode: '+27',
          contactNo: '821234567',
          region: 'South Africa',
          address: '1 Any Street',
          city: 'Durban',
          state: 'Natal',
          postCode: '4001',
        },
        headers: {},
      }),
    },
    {
      name: 'updateProfileImage',
      method: 'POST',
      url: () => '/api/profileSetting/updateProfileImage',
      body: () => multipartBody([{ name: 'image', data: PNG, filename: 'x.png', contentType: 'image/png' }]),
    },
    { name: 'removeProfileImage', method: 'GET', url: () => '/api/profileSetting/removeProfileImage' },
    { name: 'profileImage', method: 'GET', url: () => imageUrl },
  ];

  const send = async (call: Call, headers: Record<string, string>) => {
    const body = call.body?.();
    const res = await t.app.inject({
      method: call.method,
      url: call.url(),
      payload: body?.payload,
      headers: { ...headers, ...body?.headers },
    });
    const isJson = String(res.headers['content-type']).startsWith('application/json');
    return { http: res.statusCode, body: (isJson ? res.json() : null) as { status: number; message: string; data: unknown } };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const acmeId = (await upsertCompany(db, completeCompany('acme-access', 'Acme Cloud'), [ACME])).id;
    const zebraId = (await upsertCompany(db, completeCompany('zebra-access', 'Zebra Hosting'), [ZEBRA])).id;
    thandi = await signIn(t, acmeId, (await createCustomer(db, acmeId, { email: 'thandi@example.co.za' })).id);
    zebraCustomer = await signIn(t, zebraId, (await createCustomer(db, zebraId, { email: 'thandi@example.co.za' })).id);
    const up = multipartBody([{ name: 'image', data: PNG, filename: 'x.png', contentType: 'image/png' }]);
    await t.app.inject({
      method: 'POST',
      url: '/api/profileSetting/updateProfileImage',
      payload: up.payload,
      headers: { ...authHeaders(ACME, thandi), ...up.headers },
    });
    const info = await t.app.inject({ method: 'GET', url: '/api/profileSetting/userProfileInfo', headers: authHeaders(ACME, thandi) });
    imageUrl = info.json().data.userDetails.imagePath;
  });
  afterAll(() => t.close());

  it.each(calls.map((c) => [c.name, c] as const))('%s: refuses a visitor without a token', async (_name, call) => {
    const res = await send(call, { origin: ACME });
    expect(res).toEqual({ http: 401, body: { status: 401, message: 'Please log in to continue.', data: null } });
  });

  it.each(calls.map((c) => [c.name, c] as const))('%s: refuses an expired token, saying the session expired', async (_name, call) => {
    const res = await send(call, authHeaders(ACME, { ...thandi, token: await expiredToken(t, thandi) }));
    expect(res).toEqual({ http: 401, body: { status: 401, message: 'Your session has expired. Please log in again.', data: null } });
  });

  it.each(calls.map((c) => [c.name, c] as const))(
    '%s: refuses the token of another company’s customer on this site',
    async (_name, call) => {
      const res = await send(call, authHeaders(ACME, zebraCustomer));
      expect(res.http).toBe(401);
      expect(res.body.data).toBeNull();
    },
  );

  it('refuses every call once the session is revoked (logout), and nothing was changed by the refused calls', async () => {
    const revoked = await signIn(t, thandi.companyId, thandi.customerId);
    await t.modules.identity.sessions.revoke(revoked.sessionId);
    for (const call of calls) expect((await send(call, authHeaders(ACME, revoked))).http).toBe(401);

    const info = await t.app.inject({ method: 'GET', url: '/api/profileSetting/userProfileInfo', headers: authHeaders(ACME, thandi) });
    expect(info.json().data.userDetails).toMatchObject({ firstName: 'Thandi', imagePath: imageUrl });
    expect((await send(calls[4]!, authHeaders(ACME, thandi))).http).toBe(200);
  });

  it('gives another company’s customer, on their own site, their own profile and a 404 for this picture', async () => {
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/profileSetting/userProfileInfo',
      headers: authHeaders(ZEBRA, zebraCustomer),
    });
    expect(own.json().data.userDetails).toMatchObject({ emailID: 'thandi@example.co.za', imagePath: null, websiteUrl: ZEBRA });
    const picture = await t.app.inject({ method: 'GET', url: imageUrl, headers: authHeaders(ZEBRA, zebraCustomer) });
    expect(picture.statusCode).toBe(404);
    expect(picture.json().data).toBeNull();
  });
});
