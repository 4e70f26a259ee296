import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptCounters } from '../../db/schema.ts';
import { createCustomer } from '../../db/seed/factories.ts';
import { createTestApp, post, type TestContext } from '../../../test/test-app.ts';
import { ACME, call, codeMailedTo, resetTokenMailedTo, setUpSites } from './auth-test-kit.ts';

const TOO_MANY = { status: 429, message: 'Too many attempts. Please wait a few minutes and try again.', data: null };

/** Brute force: the limits per account hold however many addresses an attacker uses; those per address hold too. */
describe('limits on login and one-time codes', () => {
  let t: TestContext;
  let acmeId: number;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    ({ acmeId } = await setUpSites(t, 'limits'));
  });
  afterAll(() => t.close());

  async function customer() {
    const email = `limit${++n}@example.co.za`;
    await createCustomer(t.database.db, acmeId, { email }, 'Secret@123');
    return email;
  }
  const login = (emailID: string, password: string) => call(t, 'login', { emailID, password, websiteUrl: ACME });
  const verify = (emailID: string, ID: string, OTP: string) => call(t, 'twoFactorAuth', { emailID, ID, OTP, websiteUrl: ACME });
  const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('stops password guessing for one account after 5 failures, even from a new address each time', async () => {
    const email = await customer();
    for (let i = 0; i < 5; i += 1) expect((await login(email, `Guess@${1000 + i}`)).http).toBe(401);
    const right = await login(email, 'Secret@123');
    expect(right.http).toBe(429);
    expect(right.body).toEqual(TOO_MANY);
    // Another account is not affected.
    expect((await login(await customer(), 'Secret@123')).http).toBe(200);
  });

  it('limits an unknown e-mail the same way, so the limit tells nothing about registration', async () => {
    for (let i = 0; i < 5; i += 1) expect((await login('ghost@example.co.za', 'Guess@1234')).http).toBe(401);
    expect((await login('ghost@example.co.za', 'Guess@1234')).body).toEqual(TOO_MANY);
  });

  it('starts afresh after a correct password, and after the 15-minute window', async () => {
    const email = await customer();
    for (let i = 0; i < 4; i += 1) await login(email, 'Guess@1234');
    expect((await login(email, 'Secret@123')).http).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await login(email, 'Guess@1234')).http).toBe(401);
    expect((await login(email, 'Secret@123')).http).toBe(429);

    await t.database.db
      .update(attemptCounters)
      .set({ windowStartedAt: sql`now() - interval '16 minutes'` })
      .where(and(eq(attemptCounters.scope, 'login'), eq(attemptCounters.subject, email)));
    expect((await login(email, 'Secret@123')).http).toBe(200);
  });

  it('lets the owner back in at once after setting a new password from the mailed link', async () => {
    const email = await customer();
    for (let i = 0; i < 6; i += 1) await login(email, 'Guess@1234');
    expect((await login(email, 'Secret@123')).http).toBe(429);
    await call(t, 'forgotPassword', { emailID: email, websiteUrl: ACME });
    const token = await resetTokenMailedTo(t, email);
    await call(t, 'updatePassword', { password: 'Newpass@123', confirmPassword: 'Newpass@123', queryStringValue: token, websiteUrl: ACME });
    expect((await login(email, 'Newpass@123')).http).toBe(200);
  });

  it('counts parallel guesses exactly: of 10 simultaneous wrong passwords only 5 are checked', async () => {
    const email = await customer();
    const replies = await Promise.all(Array.from({ length: 10 }, () => login(email, 'Guess@1234')));
    expect(replies.filter((r) => r.http === 401)).toHaveLength(5);
    expect(replies.filter((r) => r.http === 429)).toHaveLength(5);
  });

  it('bounds code guessing across resends: 10 wrong codes per account, then even the right one waits', async () => {
    const email = await customer();
    const { ID } = (await login(email, 'Secret@123')).body.data;
    for (let round = 0; round < 2; round += 1) {
      const code = await codeMailedTo(t, email);
      for (let i = 0; i < 5; i += 1) expect((await verify(email, ID, wrongCodeFor(code))).body.message).toBe('Please enter correct OTP.');
      expect((await call(t, 'resendOtp', { emailID: email, ID, websiteUrl: ACME })).http).toBe(200);
    }
    const right = await verify(email, ID, await codeMailedTo(t, email));
    expect(right.http).toBe(429);
    expect(right.body).toEqual(TOO_MANY);
  });

  it('does not let a stranger lock the owner out with made-up challenge ids', async () => {
    const email = await customer();
    for (let i = 0; i < 15; i += 1) {
      expect((await verify(email, '00000000-0000-4000-8000-000000000000', '123456')).body.message).toBe('Please enter correct OTP.');
    }
    const { ID } = (await login(email, 'Secret@123')).body.data;
    expect((await verify(email, ID, await codeMailedTo(t, email))).http).toBe(200);
  });

  it('mails at most 5 new codes for one challenge an hour', async () => {
    const email = await customer();
    const { ID } = (await login(email, 'Secret@123')).body.data;
    for (let i = 0; i < 5; i += 1) expect((await call(t, 'resendOtp', { emailID: email, ID, websiteUrl: ACME })).http).toBe(200);
    expect((await call(t, 'resendOtp', { emailID: email, ID, websiteUrl: ACME })).body).toEqual(TOO_MANY);
  });

  it('limits each client address on every call that checks a secret or sends a mail', async () => {
    // A different e-mail each time, so only the per-address limit can apply.
    const someone = () => `address-limit${++n}@example.co.za`;
    const cases: [call: string, body: () => Record<string, unknown>, allowed: number][] = [
      ['login', () => ({ emailID: someone(), password: 'Guess@1234' }), 10],
      ['twoFactorAuth', () => ({ emailID: someone(), ID: '00000000-0000-4000-8000-000000000000', OTP: '123456' }), 10],
      ['resendOtp', () => ({ emailID: someone(), ID: '00000000-0000-4000-8000-000000000000' }), 5],
      ['adduser', () => ({}), 5],
      ['forgotPassword', () => ({ emailID: someone() }), 5],
      ['forgotUserName', () => ({ emailID: someone() }), 5],
      ['updatePassword', () => ({ password: 'Newpass@123', confirmPassword: 'Newpass@123', queryStringValue: 'x' }), 10],
      ['refreshToken', () => ({}), 30],
    ];
    let address = 0;
    for (const [name, body, allowed] of cases) {
      const from = `192.0.2.${++address}`;
      for (let i = 0; i < allowed; i += 1) {
        expect((await post(t.app, name, { ...body(), websiteUrl: ACME }, {}, from)).http, `${name} #${i + 1}`).not.toBe(429);
      }
      const over = await post(t.app, name, { ...body(), websiteUrl: ACME }, {}, from);
      expect(over.http, name).toBe(429);
      expect(over.body).toEqual(TOO_MANY);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});
