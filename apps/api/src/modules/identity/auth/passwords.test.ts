import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, passwordResets } from '../../../db/schema.ts';
import { createCustomer } from '../../../db/seed/factories.ts';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { queuedMails } from '../../../../test/queued-mails.ts';
import { EVEN_REPLY_MS } from './password-service.ts';
import { ACME, ZEBRA, call, logIn, resetTokenMailedTo, setUpSites, signupBody } from './auth.test-helper.ts';

const LINK_INVALID = 'This password link is invalid, expired or already used. Please request a new one.';
const LINK_USED = 'This password link has already been used. If you need to change your password again, please request a new one.';
const LINK_EXPIRED = 'This password link has expired. Please request a new one.';

describe('forgotten password and user name', () => {
  let t: TestContext;
  let acmeId: number;
  let zebraId: number;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    ({ acmeId, zebraId } = await setUpSites(t, 'passwords'));
  });
  afterAll(() => t.close());

  async function customer(companyId = acmeId) {
    const email = `reset${++n}@example.co.za`;
    await createCustomer(t.database.db, companyId, { email }, 'Secret@123');
    return email;
  }
  const forgot = (emailID: string, websiteUrl = ACME) => call(t, 'forgotPassword', { emailID, websiteUrl });
  const setPassword = (queryStringValue: string, password = 'Newpass@123', websiteUrl = ACME) =>
    call(t, 'updatePassword', { password, confirmPassword: password, queryStringValue, websiteUrl });
  const login = (emailID: string, password: string, websiteUrl = ACME) => call(t, 'login', { emailID, password, websiteUrl });
  const checkLink = (queryStringValue: string, websiteUrl = ACME) => call(t, 'checkPasswordLink', { queryStringValue, websiteUrl });

  it('answers every address the same and mails a link only to a customer of this company', async () => {
    const email = await customer();
    const known = await forgot(email.toUpperCase());
    const unknown = await forgot('stranger@example.co.za');
    const otherCompany = await forgot(email, ZEBRA);
    for (const res of [known, unknown, otherCompany]) {
      expect(res.http).toBe(200);
      expect(res.body).toEqual({ status: 200, message: 'An email is sent to your account please check and log in.', data: null });
    }
    expect(await queuedMails(t, 'stranger@example.co.za')).toHaveLength(0);
    const mails = await queuedMails(t, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ companyId: acmeId, subject: 'Set a new password for Acme Cloud' });
    const token = await resetTokenMailedTo(t, email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [row] = await t.database.db.select().from(passwordResets).where(eq(passwordResets.companyId, acmeId));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(token);
  });

  it('takes as long for a registered address as for an unknown one, with the same reply (forgot password and user name)', async () => {
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    for (const name of ['forgotPassword', 'forgotUserName']) {
      const timings = { registered: [] as number[], unknown: [] as number[] };
      const replies = new Set<string>();
      // Alternating, a new registered customer each time (so each does the whole work).
      for (let i = 0; i < 5; i += 1) {
        for (const kind of ['registered', 'unknown'] as const) {
          const emailID = kind === 'registered' ? await customer() : `nobody${n}-${i}@example.co.za`;
          const started = performance.now();
          const res = await call(t, name, { emailID, websiteUrl: ACME });
          timings[kind].push(performance.now() - started);
          replies.add(JSON.stringify([res.http, res.body, res.headers['content-type'], res.headers['content-length']]));
        }
      }
      expect(replies.size, name).toBe(1);
      const [registered, unknown] = [median(timings.registered), median(timings.unknown)];
      // Both held to the even time, and within a few milliseconds of each other.
      expect(Math.min(registered, unknown), name).toBeGreaterThanOrEqual(EVEN_REPLY_MS - 5);
      expect(Math.abs(registered - unknown), `${name}: ${registered.toFixed(1)} vs ${unknown.toFixed(1)} ms`).toBeLessThan(15);
    }
  });

  it('sets the new password once: the old one stops working, every session ends', async () => {
    const email = await customer();
    const session = await logIn(t, email);
    await forgot(email);
    const token = await resetTokenMailedTo(t, email);
    expect((await checkLink(token)).body).toEqual({ status: 200, message: 'This password link can be used', data: null });

    const res = await setPassword(token);
    expect(res.http).toBe(200);
    expect(res.body).toEqual({ status: 200, message: 'password successfully changed', data: null });

    expect((await login(email, 'Secret@123')).http).toBe(401);
    expect((await login(email, 'Newpass@123')).http).toBe(200);
    // The session from before the change is over: its refresh token is refused.
    const refresh = await call(t, 'refreshToken', {}, { origin: ACME, refreshtoken: session.refreshToken });
    expect(refresh.http).toBe(401);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/profileSetting/userProfileInfo',
      headers: { origin: ACME, authorization: session.token },
    });
    expect(profile.statusCode).toBe(401);

    // The used link says it was used, when its page opens and when it is tried again.
    expect((await checkLink(token)).body).toEqual({ status: 400, message: LINK_USED, data: null });
    const again = await setPassword(token, 'Another@123');
    expect(again.http).toBe(400);
    expect(again.body).toEqual({ status: 400, message: LINK_USED, data: null });
    expect((await login(email, 'Another@123')).http).toBe(401);
  });

  it('refuses a link after its hour', async () => {
    const email = await customer();
    await forgot(email);
    const token = await resetTokenMailedTo(t, email);
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect((await checkLink(token)).body.message).toBe(LINK_EXPIRED);
    expect((await setPassword(token)).body.message).toBe(LINK_EXPIRED);
    expect((await login(email, 'Secret@123')).http).toBe(200);
  });

  it('makes an older link useless once a newer one is asked for', async () => {
    const email = await customer();
    await forgot(email);
    const first = await resetTokenMailedTo(t, email);
    await forgot(email);
    const second = await resetTokenMailedTo(t, email);
    expect(second).not.toBe(first);
    expect((await setPassword(first)).body.message).toBe(LINK_INVALID);
    expect((await setPassword(second)).http).toBe(200);
  });

  it('keeps a company’s link useless on another company’s site', async () => {
    const email = await customer(acmeId);
    await createCustomer(t.database.db, zebraId, { email }, 'Secret@123');
    await forgot(email, ACME);
    const token = await resetTokenMailedTo(t, email, ACME);
    expect((await setPassword(token, 'Newpass@123', ZEBRA)).body.message).toBe(LINK_INVALID);
    expect((await checkLink(token, ZEBRA)).body.message).toBe(LINK_INVALID);
    expect((await checkLink('made-up-token')).http).toBe(400);
    expect((await login(email, 'Secret@123', ZEBRA)).http).toBe(200);
    expect((await setPassword(token, 'Newpass@123', ACME)).http).toBe(200);
  });

  it('checks the new password like signup and reports made-up tokens', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { password: '', confirmPassword: '' },
        { password: 'Password required', confirmPassword: 'Password required' },
      ],
      [{ password: 'weakpass', confirmPassword: 'weakpass' }, { password: 'Please enter valid password' }],
      [{ password: 'Newpass@123', confirmPassword: 'Newpass@124' }, { confirmPassword: 'Password does not match' }],
      [{ password: 'Newpass@123', confirmPassword: 'Newpass@123', queryStringValue: '' }, { queryStringValue: LINK_INVALID }],
    ];
    for (const [body, fieldErrors] of cases) {
      const res = await call(t, 'updatePassword', { queryStringValue: 'x'.repeat(43), websiteUrl: ACME, ...body });
      expect(res.http).toBe(400);
      expect(res.body.data.fieldErrors).toEqual(fieldErrors);
    }
    expect((await setPassword('x'.repeat(43))).body).toEqual({ status: 400, message: LINK_INVALID, data: null });
  });

  it('verifies an address whose owner proves it through the link', async () => {
    const email = `unverified${++n}@example.co.za`;
    await call(t, 'adduser', signupBody({ emailID: email }));
    await forgot(email);
    await setPassword(await resetTokenMailedTo(t, email));
    const [row] = await t.database.db.select().from(customers).where(eq(customers.email, email));
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('mails at most 3 links an hour to one address and still answers 200', async () => {
    const email = await customer();
    for (let i = 0; i < 5; i += 1) expect((await forgot(email)).http).toBe(200);
    expect(await queuedMails(t, email)).toHaveLength(3);
  });

  it('mails the user name to a registered address and answers everyone the same', async () => {
    const email = await customer();
    const known = await call(t, 'forgotUserName', { emailID: email, websiteUrl: ACME });
    const unknown = await call(t, 'forgotUserName', { emailID: 'stranger@example.co.za', websiteUrl: ACME });
    // The spec sends only the e-mail: the site then comes from the Origin header.
    const byOrigin = await call(t, 'forgotUserName', { emailID: email }, { origin: ACME });
    for (const res of [known, unknown, byOrigin]) {
      expect(res.http).toBe(200);
      expect(res.body).toEqual({ status: 200, message: 'If this email is registered, your user name has been sent to it.', data: null });
    }
    const mails = await queuedMails(t, email);
    expect(mails).toHaveLength(2);
    expect(mails[0]).toMatchObject({ companyId: acmeId, subject: 'Your Acme Cloud user name' });
    expect(mails[0]!.text).toMatch(new RegExp(`^${email}$`, 'm'));
    expect(await queuedMails(t, 'stranger@example.co.za')).toHaveLength(0);
  });

  it('a closed account is answered as an unknown address and mailed neither its user name nor a link', async () => {
    const email = await customer();
    await t.database.db.update(customers).set({ closedAt: new Date(), closedReason: 'asked to leave' }).where(eq(customers.email, email));
    for (const [name, message] of [
      ['forgotUserName', 'If this email is registered, your user name has been sent to it.'],
      ['forgotPassword', 'An email is sent to your account please check and log in.'],
    ] as const) {
      const closed = await call(t, name, { emailID: email, websiteUrl: ACME });
      const unknown = await call(t, name, { emailID: 'nobody-closed@example.co.za', websiteUrl: ACME });
      for (const res of [closed, unknown]) expect(res, name).toMatchObject({ http: 200, body: { status: 200, message, data: null } });
      expect(closed.headers['content-length'], name).toBe(unknown.headers['content-length']);
    }
    expect(await queuedMails(t, email)).toHaveLength(0);
  });

  it('uses the forgot forms’ messages for bad input', async () => {
    for (const name of ['forgotPassword', 'forgotUserName']) {
      const empty = await call(t, name, { emailID: '', websiteUrl: ACME });
      expect(empty.body.data.fieldErrors).toEqual({ emailID: 'Email required' });
      const bad = await call(t, name, { emailID: 'nope@', websiteUrl: ACME });
      expect(bad.body.data.fieldErrors).toEqual({ emailID: 'Enter correct email' });
    }
  });
});
