import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, otpChallenges } from '../../../db/schema.ts';
import { createCustomer } from '../../../db/seed/factories.ts';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { queuedMails } from '../../../../test/queued-mails.ts';
import { ACME, ZEBRA, call, codeMailedTo, setUpSites, signupBody } from './auth.test-helper.ts';

describe('login with an e-mailed one-time code', () => {
  let t: TestContext;
  let acmeId: number;
  let zebraId: number;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    ({ acmeId, zebraId } = await setUpSites(t, 'login'));
  });
  afterAll(() => t.close());

  /** A customer of its own per test, so per-account counters never mix. */
  async function customer(companyId = acmeId, password = 'Secret@123') {
    const email = `login${++n}@example.co.za`;
    await createCustomer(t.database.db, companyId, { email, firstName: 'Lerato', lastName: 'Mokoena' }, password);
    return email;
  }

  const loginAt = (emailID: string, password = 'Secret@123', websiteUrl = ACME) => call(t, 'login', { emailID, password, websiteUrl });
  const verify = (emailID: string, ID: string, OTP: string, websiteUrl = ACME) =>
    call(t, 'twoFactorAuth', { emailID, ID, OTP, websiteUrl });
  const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const challengeRow = async (publicId: string) =>
    (await t.database.db.select().from(otpChallenges).where(eq(otpChallenges.publicId, publicId)))[0]!;

  it('mails a code after a correct password and names the challenge; nothing is logged in yet', async () => {
    const email = await customer();
    const res = await loginAt(email.toUpperCase());
    expect(res.http).toBe(200);
    expect(res.body.message).toBe('An OTP is sent to your lo****@example.co.za');
    expect(res.body.data).toEqual({ ID: expect.stringMatching(/^[0-9a-f-]{36}$/), emailId: email });
    expect(await challengeRow(res.body.data.ID)).toMatchObject({ purpose: 'login', attempts: 0, consumedAt: null });
    const [mail] = await queuedMails(t, email);
    expect(mail).toMatchObject({ companyId: acmeId, subject: 'Your Acme Cloud verification code' });
    expect(mail!.text).toMatch(/^\d{6}$/m);
    expect(mail!.text).toContain('valid for 10 minutes');
  });

  it('logs in with the right code: "OTP has been verified successfully!" and the user data', async () => {
    const email = await customer();
    const login = await loginAt(email);
    const res = await verify(email, login.body.data.ID, await codeMailedTo(t, email));
    expect(res.http).toBe(200);
    expect(res.body.message).toBe('OTP has been verified successfully!');
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toEqual({
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      refreshToken: expect.stringMatching(/^[\w-]{43}$/),
      userDetail: { FirstName: 'Lerato', LastName: 'Mokoena', AccessTokenMaxAge: 900, emailID: email },
    });
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const email = await customer();
    const wrong = await loginAt(email, 'Wrong@1234');
    const unknown = await loginAt('nobody-here@example.co.za');
    expect(wrong.http).toBe(401);
    expect(wrong.body).toEqual({ status: 401, message: 'Invalid email or password', data: null });
    expect(unknown.body).toEqual(wrong.body);
    expect(await queuedMails(t, email)).toHaveLength(0);
  });

  it('uses the login form’s messages for bad input', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ emailID: '', password: 'x' }, { emailID: 'Email required' }],
      [{ emailID: 'nope', password: 'x' }, { emailID: 'Please enter a valid Email' }],
      [{ emailID: 'a@example.com', password: '' }, { password: 'Password required' }],
      [{ emailID: 'a@example.com' }, { password: 'Password required' }],
      [{ emailID: 'a@example.com', password: 12345678 }, { password: 'Password required' }],
    ];
    for (const [body, fieldErrors] of cases) {
      const res = await call(t, 'login', { ...body, websiteUrl: ACME });
      expect(res.http).toBe(400);
      expect(res.body.data.fieldErrors).toEqual(fieldErrors);
    }
  });

  it('stores codes only as a keyed hash (not the code, not a plain SHA-256 of it)', async () => {
    const email = await customer();
    const login = await loginAt(email);
    const code = await codeMailedTo(t, email);
    const { codeHash } = await challengeRow(login.body.data.ID);
    expect(codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(codeHash).not.toContain(code);
    for (const plain of [code, `${login.body.data.ID}:${code}`]) {
      expect(codeHash).not.toBe(createHash('sha256').update(plain).digest('hex'));
    }
  });

  it('refuses a wrong code with "Please enter correct OTP." and then still accepts the right one', async () => {
    const email = await customer();
    const login = await loginAt(email);
    const code = await codeMailedTo(t, email);
    const wrong = await verify(email, login.body.data.ID, wrongCodeFor(code));
    expect(wrong.http).toBe(400);
    expect(wrong.body).toEqual({ status: 400, message: 'Please enter correct OTP.', data: null });
    expect((await verify(email, login.body.data.ID, code)).http).toBe(200);
  });

  it('accepts a code once', async () => {
    const email = await customer();
    const login = await loginAt(email);
    const code = await codeMailedTo(t, email);
    expect((await verify(email, login.body.data.ID, code)).http).toBe(200);
    const again = await verify(email, login.body.data.ID, code);
    expect(again.http).toBe(400);
    expect(again.body.message).toBe('This OTP has expired or was tried too many times. Please request a new one.');
  });

  it('allows 5 tries; after them even the right code needs a new one', async () => {
    const email = await customer();
    const login = await loginAt(email);
    const code = await codeMailedTo(t, email);
    for (let i = 0; i < 5; i += 1) {
      expect((await verify(email, login.body.data.ID, wrongCodeFor(code))).body.message).toBe('Please enter correct OTP.');
    }
    const sixth = await verify(email, login.body.data.ID, code);
    expect(sixth.http).toBe(400);
    expect(sixth.body.message).toBe('This OTP has expired or was tried too many times. Please request a new one.');
    expect((await challengeRow(login.body.data.ID)).attempts).toBe(5);
  });

  it('counts parallel guesses exactly: at most 5 of 12 simultaneous tries are judged', async () => {
    const email = await customer();
    const login = await loginAt(email);
    const code = await codeMailedTo(t, email);
    const replies = await Promise.all(Array.from({ length: 12 }, () => verify(email, login.body.data.ID, wrongCodeFor(code))));
    expect(replies.filter((r) => r.body.message === 'Please enter correct OTP.')).toHaveLength(5);
    expect((await challengeRow(login.body.data.ID)).attempts).toBe(5);
  });

  it('refuses a code after its 10 minutes', async () => {
    const email = await customer();
    const login = await loginAt(email);
    const code = await codeMailedTo(t, email);
    await t.database.db
      .update(otpChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(otpChallenges.publicId, login.body.data.ID));
    const res = await verify(email, login.body.data.ID, code);
    expect(res.http).toBe(400);
    expect(res.body.message).toBe('This OTP has expired or was tried too many times. Please request a new one.');
  });

  it('resends a new code on the same challenge: new tries, new expiry, the old code dead', async () => {
    const email = await customer();
    const login = await loginAt(email);
    const ID = login.body.data.ID;
    const oldCode = await codeMailedTo(t, email);
    for (let i = 0; i < 5; i += 1) await verify(email, ID, wrongCodeFor(oldCode));
    await t.database.db
      .update(otpChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(otpChallenges.publicId, ID));

    const resend = await call(t, 'resendOtp', { emailID: email, ID, websiteUrl: ACME });
    expect(resend.http).toBe(200);
    expect(resend.body).toEqual({ status: 200, message: 'An OTP is Resent to your lo****@example.co.za', data: null });
    expect(await queuedMails(t, email)).toHaveLength(2);
    const newCode = await codeMailedTo(t, email);
    const row = await challengeRow(ID);
    expect(row.attempts).toBe(0);
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);

    if (newCode !== oldCode) expect((await verify(email, ID, oldCode)).body.message).toBe('Please enter correct OTP.');
    expect((await verify(email, ID, newCode)).http).toBe(200);
  });

  it('does not resend for a used, unknown or someone else’s challenge, and says nothing more', async () => {
    const email = await customer();
    const other = await customer();
    const login = await loginAt(email);
    const ID = login.body.data.ID;
    const invalid = { status: 400, message: 'This code request is no longer valid. Please log in again to get a new code.', data: null };
    expect((await call(t, 'resendOtp', { emailID: other, ID, websiteUrl: ACME })).body).toEqual(invalid);
    expect((await call(t, 'resendOtp', { emailID: email, ID: '00000000-0000-4000-8000-000000000000', websiteUrl: ACME })).body).toEqual(
      invalid,
    );
    expect((await call(t, 'resendOtp', { emailID: email, ID: 'not-a-uuid', websiteUrl: ACME })).body).toEqual(invalid);
    await verify(email, ID, await codeMailedTo(t, email));
    expect((await call(t, 'resendOtp', { emailID: email, ID, websiteUrl: ACME })).body).toEqual(invalid);
    expect(await queuedMails(t, email)).toHaveLength(1);
  });

  it('does not accept another e-mail’s challenge, even with its right code', async () => {
    const email = await customer();
    const other = await customer();
    const login = await loginAt(email);
    const res = await verify(other, login.body.data.ID, await codeMailedTo(t, email));
    expect(res.body.message).toBe('Please enter correct OTP.');
    expect((await challengeRow(login.body.data.ID)).attempts).toBe(0);
  });

  it('treats a malformed challenge id or code as a wrong code, not an error', async () => {
    const email = await customer();
    for (const [ID, OTP, message] of [
      ['not-a-uuid', '123456', 'Please enter correct OTP.'],
      ['00000000-0000-4000-8000-000000000000', '123456', 'Please enter correct OTP.'],
      ['00000000-0000-4000-8000-000000000000', '12a456', 'Please enter correct OTP.'],
      ['00000000-0000-4000-8000-000000000000', '', 'Otp required'],
      ['00000000-0000-4000-8000-000000000000', '1234567', 'Please enter correct OTP.'],
    ]) {
      const res = await verify(email, ID!, OTP!);
      expect(res.http).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('keeps a company’s challenge useless on another company’s site', async () => {
    const email = await customer(acmeId);
    await createCustomer(t.database.db, zebraId, { email }, 'Secret@123');
    const login = await loginAt(email);
    const code = await codeMailedTo(t, email);
    const res = await verify(email, login.body.data.ID, code, ZEBRA);
    expect(res.body.message).toBe('Please enter correct OTP.');
    expect((await call(t, 'resendOtp', { emailID: email, ID: login.body.data.ID, websiteUrl: ZEBRA })).http).toBe(400);
    expect((await verify(email, login.body.data.ID, code, ACME)).http).toBe(200);
  });

  it('keeps one company’s password away from another company’s account of the same e-mail', async () => {
    const email = await customer(acmeId, 'Acme@1234');
    await createCustomer(t.database.db, zebraId, { email }, 'Zebra@1234');
    expect((await loginAt(email, 'Acme@1234', ZEBRA)).http).toBe(401);
    expect((await loginAt(email, 'Zebra@1234', ZEBRA)).http).toBe(200);
  });

  it('lets a customer who never entered the signup code log in, and the login code verifies the address', async () => {
    const email = `unverified${++n}@example.co.za`;
    await call(t, 'adduser', signupBody({ emailID: email }));
    const login = await loginAt(email);
    expect(login.http).toBe(200);
    const res = await verify(email, login.body.data.ID, await codeMailedTo(t, email));
    expect(res.body.message).toBe('OTP has been verified successfully!');
    const [row] = await t.database.db.select().from(customers).where(eq(customers.email, email));
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
  });
});
