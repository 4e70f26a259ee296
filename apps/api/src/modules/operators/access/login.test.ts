import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessMessages } from '@mawingu/contracts/admin/access';
import { adminMessages } from '@mawingu/contracts/admin/admin-messages';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { auditLog, operatorRecoveryCodes, operators, operatorSessions } from '../../../db/schema.ts';
import { completeCompany, upsertCompany } from '../../../db/seed/factories.ts';
import { createSecretBox } from '../../../integrations/secrets/secret-box.ts';
import { resolveAuthSecret } from '../../identity/auth/auth-secret.ts';
import { call, codeAt, logIn, makeOperator, PASSWORD, startOfAStep } from './access.test-helper.ts';

describe('console login (password, TOTP, recovery codes)', () => {
  let t: TestContext;
  let companyId: number;
  const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

  beforeAll(async () => {
    t = await createTestApp();
    companyId = (await upsertCompany(t.database.db, completeCompany('access-login', 'Access Login Co'), ['https://access-login.example']))
      .id;
  });
  afterAll(() => t.close());

  it('answers a wrong password, an unknown e-mail and a disabled operator with the same 401', async () => {
    const op = await makeOperator(t, { role: 'admin', companyId, totpSecret: SECRET });
    const disabled = await makeOperator(t, { role: 'admin', companyId, totpSecret: SECRET, disabled: true });
    const ip = '10.1.0.1';
    const wrong = await call(t, 'POST', '/auth/login', { email: op.email, password: 'Not-the-password1' }, {}, ip);
    const unknown = await call(t, 'POST', '/auth/login', { email: 'nobody@access.example', password: PASSWORD }, {}, ip);
    const off = await call(t, 'POST', '/auth/login', { email: disabled.email, password: PASSWORD }, {}, ip);
    for (const res of [wrong, unknown, off]) {
      expect(res.http).toBe(401);
      expect(res.body.message).toBe(accessMessages.invalidCredentials);
      expect(res.body.data?.challenge).toBeUndefined();
    }
  });

  it('names the fields of a malformed login (400)', async () => {
    const res = await call(t, 'POST', '/auth/login', { email: 'not-an-email' }, {}, '10.1.0.2');
    expect(res.http).toBe(400);
    expect(res.body.data.fieldErrors).toMatchObject({ email: accessMessages.emailInvalid, password: accessMessages.passwordRequired });
  });

  it('enrols at the first login: QR and key, code, then ten recovery codes once; the secret is sealed', async () => {
    const op = await makeOperator(t, { role: 'support', companyId });
    const first = await call(t, 'POST', '/auth/login', { email: op.email.toUpperCase(), password: PASSWORD }, {}, '10.1.0.3');
    expect(first.http).toBe(200);
    expect(first.body.data.step).toBe('enrol');
    const { secret, otpauthUrl, qrDataUrl } = first.body.data.enrolment;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    // The authenticator app lists it under the operator's brand, not the platform's name.
    expect(first.body.data.enrolment.issuer).toBe('Access Login Co console');
    expect(new URL(otpauthUrl).searchParams.get('issuer')).toBe('Access Login Co console');
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    // The challenge names operator and step only: nothing secret in it, 5 minutes of life.
    const claims = decodeJwt(first.body.data.challenge);
    expect(JSON.stringify(claims)).not.toContain(secret);
    expect(claims.sub).toBe(String(op.id));
    expect(claims.exp! - claims.iat!).toBe(300);
    const [stored] = await t.database.db.select().from(operators).where(eq(operators.id, op.id));
    expect(stored!.totpEnabledAt).toBeNull();
    expect(stored!.totpSecretSealed).not.toContain(secret);
    expect(createSecretBox(resolveAuthSecret(t.config)).open(stored!.totpSecretSealed!)).toBe(secret);
    // Not usable as a session token.
    expect((await call(t, 'GET', '/auth/me', undefined, { authorization: `Bearer ${first.body.data.challenge}` })).http).toBe(401);

    const wrong = await call(t, 'POST', '/auth/verify', { challenge: first.body.data.challenge, code: codeAt(secret, 5) });
    expect(wrong.http).toBe(401);
    expect(wrong.body.message).toBe(accessMessages.codeWrong);
    const recoveryInstead = await call(t, 'POST', '/auth/verify', { challenge: first.body.data.challenge, recoveryCode: 'abcd-efgh-jkmn' });
    expect(recoveryInstead.http).toBe(400);

    const done = await call(t, 'POST', '/auth/verify', { challenge: first.body.data.challenge, code: codeAt(secret) });
    expect(done.http).toBe(200);
    expect(done.body.message).toBe(accessMessages.enrolled);
    expect(done.body.data.operator).toEqual({ id: op.id, email: op.email, name: op.name, role: 'support', companyId });
    const codes: string[] = done.body.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const rows = await t.database.db.select().from(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, op.id));
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.codeHash)).not.toContain(codes[0]);
    const [enrolled] = await t.database.db.select().from(operators).where(eq(operators.id, op.id));
    expect(enrolled!.totpEnabledAt).not.toBeNull();
    expect(enrolled!.lastLoginAt).not.toBeNull();

    const me = await call(t, 'GET', '/auth/me', undefined, { authorization: `Bearer ${done.body.data.token}` });
    expect(me.http).toBe(200);
    expect(me.body.data).toMatchObject({ id: op.id, role: 'support', companyId, companyName: 'Access Login Co' });

    // The next login asks for a code (no new secret, no recovery codes).
    const again = await call(t, 'POST', '/auth/login', { email: op.email, password: PASSWORD }, {}, '10.1.0.3');
    expect(again.body.data).toEqual({ challenge: expect.any(String), step: 'totp' });
    // The code of the step just used is refused (replay); the next step's is accepted.
    const replay = await call(t, 'POST', '/auth/verify', { challenge: again.body.data.challenge, code: codeAt(secret) });
    expect(replay.http).toBe(401);
    expect(replay.body.message).toBe(accessMessages.codeWrong);
    const next = await call(t, 'POST', '/auth/verify', { challenge: again.body.data.challenge, code: codeAt(secret, 1) });
    expect(next.http).toBe(200);
    expect(next.body.data.recoveryCodes).toBeUndefined();

    // A recovery code instead of a code, each once (dashes and case do not matter).
    const third = await call(t, 'POST', '/auth/login', { email: op.email, password: PASSWORD }, {}, '10.1.0.3');
    const recovered = await call(t, 'POST', '/auth/verify', {
      challenge: third.body.data.challenge,
      recoveryCode: codes[3]!.toUpperCase().replace(/-/g, ' '),
    });
    expect(recovered.http).toBe(200);
    const reused = await call(t, 'POST', '/auth/verify', { challenge: third.body.data.challenge, recoveryCode: codes[3] });
    expect(reused.http).toBe(401);
    expect(reused.body.message).toBe(accessMessages.recoveryWrong);

    const logins = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(op.id)));
    expect(logins.map((l) => [l.action, (l.after as { method: string }).method])).toEqual([
      ['operator.login', 'enrol'],
      ['operator.login', 'totp'],
      ['operator.login', 'recovery'],
    ]);
    expect(logins.every((l) => l.companyId === companyId && l.actorEmail === op.email)).toBe(true);
    expect(JSON.stringify(logins)).not.toContain(secret);
  });

  it('starts a session that lasts the configured hours and ends at logout', async () => {
    const op = await makeOperator(t, { role: 'owner', totpSecret: SECRET });
    const { headers, token } = await logIn(t, op.email, SECRET);
    const [session] = await t.database.db.select().from(operatorSessions).where(eq(operatorSessions.operatorId, op.id));
    const hours = (session!.expiresAt.getTime() - session!.createdAt.getTime()) / 3600_000;
    expect(hours).toBeCloseTo(t.config.operatorSessionTtlSeconds / 3600, 1);
    expect(decodeJwt(token).aud).toBe('operator');
    expect((await call(t, 'GET', '/auth/me', undefined, headers)).http).toBe(200);
    const out = await call(t, 'POST', '/auth/logout', undefined, headers);
    expect(out.http).toBe(200);
    expect(out.body.message).toBe(accessMessages.loggedOut);
    const after = await call(t, 'GET', '/auth/me', undefined, headers);
    expect(after.http).toBe(401);
    expect(after.body.message).toBe(adminMessages.loginRequired);
  });

  it('refuses a made-up or altered challenge', async () => {
    const res = await call(t, 'POST', '/auth/verify', { challenge: 'eyJhbGciOiJIUzI1NiJ9.e30.x', code: '123456' });
    expect(res.http).toBe(401);
    expect(res.body.message).toBe(accessMessages.challengeExpired);
    const empty = await call(t, 'POST', '/auth/verify', { challenge: 'x' });
    expect(empty.http).toBe(400);
    expect(empty.body.data.fieldErrors.code).toBe(accessMessages.codeRequired);
  });

  it('locks an address out of an e-mail after five wrong passwords, while the operator logs in from another address with password and code', async () => {
    const op = await makeOperator(t, { role: 'admin', companyId, totpSecret: SECRET });
    const attacker = '10.2.0.66';
    for (let i = 0; i < 5; i++) {
      expect((await call(t, 'POST', '/auth/login', { email: op.email, password: `Wrong-${i}-pass` }, {}, attacker)).http).toBe(401);
    }
    const locked = await call(t, 'POST', '/auth/login', { email: op.email, password: PASSWORD }, {}, attacker);
    expect(locked.http).toBe(429);
    expect(locked.body.message).toBe(accessMessages.tooManyLogins);
    // The operator, elsewhere: the right password, then the right code, and the console opens.
    const first = await call(t, 'POST', '/auth/login', { email: op.email, password: PASSWORD }, {}, '10.2.0.1');
    expect(first.http).toBe(200);
    const second = await call(t, 'POST', '/auth/verify', { challenge: first.body.data.challenge, code: codeAt(SECRET) });
    expect(second.http).toBe(200);
    expect((await call(t, 'GET', '/auth/me', undefined, { authorization: `Bearer ${second.body.data.token}` })).body.data.email).toBe(
      op.email,
    );
  });

  it('slows guesses for one e-mail from many addresses down, never refuses them: the operator still gets in', async () => {
    const op = await makeOperator(t, { role: 'admin', companyId, totpSecret: SECRET });
    for (let i = 0; i < 10; i++) {
      expect((await call(t, 'POST', '/auth/login', { email: op.email, password: `Wrong-${i}-pass` }, {}, `10.2.1.${i}`)).http).toBe(401);
    }
    const started = performance.now();
    const first = await call(t, 'POST', '/auth/login', { email: op.email, password: PASSWORD }, {}, '10.2.1.99');
    expect(first.http).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect((await call(t, 'POST', '/auth/verify', { challenge: first.body.data.challenge, code: codeAt(SECRET) })).http).toBe(200);
  });

  it('limits failed logins per client address across e-mails', async () => {
    const op = await makeOperator(t, { role: 'admin', companyId, totpSecret: SECRET });
    const ip = '10.3.0.1';
    for (let i = 0; i < 20; i++) {
      expect((await call(t, 'POST', '/auth/login', { email: `guess-${i}@access.example`, password: 'Guess-1234' }, {}, ip)).http).toBe(401);
    }
    expect((await call(t, 'POST', '/auth/login', { email: op.email, password: PASSWORD }, {}, ip)).http).toBe(429);
    // Another address is not affected.
    expect((await call(t, 'POST', '/auth/login', { email: op.email, password: PASSWORD }, {}, '10.3.0.2')).http).toBe(200);
  });

  it("brakes login calls per address before any password is checked: 30 a minute, then 429 with the console's text", async () => {
    const ip = '10.3.1.1';
    // Malformed calls never reach the password counters: only the brake counts them.
    for (let i = 0; i < 30; i++) expect((await call(t, 'POST', '/auth/login', { email: 'not-an-email' }, {}, ip)).http).toBe(400);
    const over = await call(t, 'POST', '/auth/login', { email: 'not-an-email' }, {}, ip);
    expect(over.http).toBe(429);
    expect(over.body.message).toBe(accessMessages.tooManyLogins);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits wrong codes per operator: after five, even the right code waits', async () => {
    const op = await makeOperator(t, { role: 'admin', companyId, totpSecret: SECRET });
    const first = await call(t, 'POST', '/auth/login', { email: op.email, password: PASSWORD }, {}, '10.4.0.1');
    const challenge = first.body.data.challenge;
    for (let i = 0; i < 5; i++) expect((await call(t, 'POST', '/auth/verify', { challenge, code: codeAt(SECRET, 10 + i) })).http).toBe(401);
    const right = await call(t, 'POST', '/auth/verify', { challenge, code: codeAt(SECRET) });
    expect(right.http).toBe(429);
    expect(right.body.message).toBe(accessMessages.tooManyCodes);
  });

  it('does not count a replayed code as a guess (two logins in one step cannot lock the operator out)', async () => {
    const op = await makeOperator(t, { role: 'admin', companyId, totpSecret: SECRET });
    // The replays must send the very code logIn used: not across a step's end (a loaded run once did).
    await startOfAStep();
    await logIn(t, op.email, SECRET);
    const first = await call(t, 'POST', '/auth/login', { email: op.email, password: PASSWORD }, {}, '10.5.0.1');
    for (let i = 0; i < 6; i++) {
      const replay = await call(t, 'POST', '/auth/verify', { challenge: first.body.data.challenge, code: codeAt(SECRET) });
      expect(replay.http).toBe(401);
      expect(replay.body.message).toBe(accessMessages.codeWrong);
    }
    expect((await call(t, 'POST', '/auth/verify', { challenge: first.body.data.challenge, code: codeAt(SECRET, 1) })).http).toBe(200);
  });

  it('refuses the session of an operator disabled after logging in', async () => {
    const op = await makeOperator(t, { role: 'admin', companyId, totpSecret: SECRET });
    const { headers } = await logIn(t, op.email, SECRET);
    await t.database.db.update(operators).set({ disabledAt: new Date() }).where(eq(operators.id, op.id));
    expect((await call(t, 'GET', '/auth/me', undefined, headers)).http).toBe(401);
  });
});
