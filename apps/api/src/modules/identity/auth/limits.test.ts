import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptCounters, rateLimitCounters } from '../../../db/schema.ts';
import { createCustomer } from '../../../db/seed/factories.ts';
import { anotherInstance, createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { ACME, call, codeMailedTo, resetTokenMailedTo, setUpSites } from './auth.test-helper.ts';

const TOO_MANY = { status: 429, message: 'Too many attempts. Please wait a few minutes and try again.', data: null };

/**
 * Brute force against the rightful owner (docs/security.md, "Login limits"): an address that keeps
 * failing is locked out of the account, or of all accounts; guesses from many addresses are slowed
 * down, never refused, so nobody can lock the owner out.
 */
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
  /** A login from `address`, or from a new address each time. */
  const login = (emailID: string, password: string, address?: string) =>
    call(t, 'login', { emailID, password, websiteUrl: ACME }, {}, address);
  const verify = (emailID: string, ID: string, OTP: string) => call(t, 'twoFactorAuth', { emailID, ID, OTP, websiteUrl: ACME });
  const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  /**
   * A minute later for the per-address brake (10 logins a minute), which these tests look past: on
   * PostgreSQL its windows are shared by the instances and end here; on PGlite each instance has its own.
   */
  const brakeMinutePasses = async () => {
    if (t.database.kind === 'postgres') await t.database.db.update(rateLimitCounters).set({ windowEndsAt: sql`now()` });
  };

  it('locks an address out of an account after 5 wrong passwords, while the owner logs in from another address', async () => {
    const email = await customer();
    const attacker = '192.0.2.66';
    for (let i = 0; i < 5; i += 1) expect((await login(email, `Guess@${1000 + i}`, attacker)).http).toBe(401);
    // From the attacker's address even the right password waits.
    const right = await login(email, 'Secret@123', attacker);
    expect(right.http).toBe(429);
    expect(right.body).toEqual(TOO_MANY);
    // The owner, from their own address: password, then the mailed code, and the session starts.
    const owner = await login(email, 'Secret@123', '198.51.100.20');
    expect(owner.http).toBe(200);
    const session = await verify(email, owner.body.data.ID, await codeMailedTo(t, email));
    expect(session.http).toBe(200);
    expect(session.body.data[0].token).toEqual(expect.any(String));
    // Another account is not affected, even from the attacker's address.
    expect((await login(await customer(), 'Secret@123', attacker)).http).toBe(200);
  });

  it('limits an unknown e-mail the same way, so the limit tells nothing about registration', async () => {
    const from = '192.0.2.67';
    for (let i = 0; i < 5; i += 1) expect((await login('ghost@example.co.za', 'Guess@1234', from)).http).toBe(401);
    expect((await login('ghost@example.co.za', 'Guess@1234', from)).body).toEqual(TOO_MANY);
  });

  it('slows guessing from many addresses down instead of refusing it: the owner still gets in', async () => {
    const email = await customer();
    for (let i = 0; i < 10; i += 1) expect((await login(email, `Guess@${2000 + i}`)).http).toBe(401);
    // From the 10th failure on, each check of this account waits a second more, right or wrong.
    const timed = async (password: string) => {
      const started = performance.now();
      const reply = await login(email, password);
      return { http: reply.http, ms: performance.now() - started };
    };
    const eleventh = await timed('Guess@2010');
    expect(eleventh.http).toBe(401);
    expect(eleventh.ms).toBeGreaterThanOrEqual(950);
    const owner = await timed('Secret@123');
    expect(owner.http).toBe(200);
    expect(owner.ms).toBeGreaterThanOrEqual(1950);
  });

  it('locks an address that sprays one password across accounts, on every instance', async () => {
    // Three instances on one database, and a minute between each 10 attempts (the brake's limit):
    // the count of failures per address (20 in 15 minutes) is shared.
    const instances = [t.app, await anotherInstance(t), await anotherInstance(t)];
    const sprayer = '192.0.2.68';
    const victim = await customer();
    for (let i = 0; i < 20; i += 1) {
      if (i % 10 === 0) await brakeMinutePasses();
      const res = await post(
        instances[Math.floor(i / 10)]!,
        'login',
        { emailID: await customer(), password: 'Summer@2026', websiteUrl: ACME },
        {},
        sprayer,
      );
      expect(res.http, `attempt ${i + 1}`).toBe(401);
    }
    await brakeMinutePasses();
    const third = instances[2]!;
    const locked = await post(third, 'login', { emailID: victim, password: 'Secret@123', websiteUrl: ACME }, {}, sprayer);
    expect(locked.http).toBe(429);
    expect(locked.body).toEqual(TOO_MANY);
    expect((await post(third, 'login', { emailID: victim, password: 'Secret@123', websiteUrl: ACME }, {}, '198.51.100.21')).http).toBe(200);
    await Promise.all(instances.slice(1).map((app) => app.close()));
  });

  it('starts afresh after a correct password, and after the 15-minute window', async () => {
    const email = await customer();
    const from = '192.0.2.69';
    for (let i = 0; i < 4; i += 1) await login(email, 'Guess@1234', from);
    expect((await login(email, 'Secret@123', from)).http).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await login(email, 'Guess@1234', from)).http).toBe(401);
    // Another instance, a minute later: past the brake (10 a minute), the database's count still holds.
    await brakeMinutePasses();
    const other = await anotherInstance(t);
    const again = () => post(other, 'login', { emailID: email, password: 'Secret@123', websiteUrl: ACME }, {}, from);
    expect((await again()).http).toBe(429);

    await t.database.db
      .update(attemptCounters)
      .set({ windowStartedAt: sql`now() - interval '16 minutes'` })
      .where(and(eq(attemptCounters.scope, 'login-pair'), eq(attemptCounters.subject, `${email} from ${from}`)));
    expect((await again()).http).toBe(200);
    await other.close();
  });

  it('lets the owner back in at once after setting a new password from the mailed link', async () => {
    const email = await customer();
    const from = '192.0.2.70';
    for (let i = 0; i < 6; i += 1) await login(email, 'Guess@1234', from);
    expect((await login(email, 'Secret@123', from)).http).toBe(429);
    await call(t, 'forgotPassword', { emailID: email, websiteUrl: ACME });
    const token = await resetTokenMailedTo(t, email);
    await call(t, 'updatePassword', { password: 'Newpass@123', confirmPassword: 'Newpass@123', queryStringValue: token, websiteUrl: ACME });
    expect((await login(email, 'Newpass@123', from)).http).toBe(200);
  });

  it('counts parallel guesses exactly: of 10 simultaneous wrong passwords from one address only 5 are checked', async () => {
    const email = await customer();
    const replies = await Promise.all(Array.from({ length: 10 }, () => login(email, 'Guess@1234', '192.0.2.71')));
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
