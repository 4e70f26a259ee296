import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessMessages } from '@mawingu/contracts/admin/access';
import { adminMessages } from '@mawingu/contracts/admin/admin-messages';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { auditLog, operators, operatorSessions } from '../../../db/schema.ts';
import { completeCompany, upsertCompany } from '../../../db/seed/factories.ts';
import { verifyPassword } from '../../identity/auth/passwords.ts';
import { call, logIn, makeOperator, PASSWORD } from './access.test-helper.ts';

const SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';
const NEW_PASSWORD = 'Fresh-pass-2027';

describe('console passwords: an operator changes their own, a manager sets another’s', () => {
  let t: TestContext;
  let acme: number;
  let zebra: number;
  let owner: SignedInOperator;
  let acmeAdmin: SignedInOperator;
  let acmeSupport: SignedInOperator;
  let zebraAdmin: SignedInOperator;

  const hashOf = async (id: number) => (await t.database.db.select().from(operators).where(eq(operators.id, id)))[0]!.passwordHash;
  const loginStep = (email: string, password: string, ip: string) => call(t, 'POST', '/auth/login', { email, password }, {}, ip);
  const auditOf = (action: string, targetId: number) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))));

  beforeAll(async () => {
    t = await createTestApp();
    acme = (await upsertCompany(t.database.db, completeCompany('pw-acme', 'Acme Passwords'), ['https://pw-acme.example'])).id;
    zebra = (await upsertCompany(t.database.db, completeCompany('pw-zebra', 'Zebra Passwords'), ['https://pw-zebra.example'])).id;
    owner = await signInOperator(t, 'owner');
    acmeAdmin = await signInOperator(t, 'admin', acme);
    acmeSupport = await signInOperator(t, 'support', acme);
    zebraAdmin = await signInOperator(t, 'admin', zebra);
  });
  afterAll(() => t.close());

  describe('POST /auth/password (one’s own)', () => {
    it('changes the password, ends every other session (this one stays) and audits without secrets', async () => {
      const op = await makeOperator(t, { role: 'support', companyId: acme, totpSecret: SECRET });
      const here = await logIn(t, op.email, SECRET, 0);
      const elsewhere = await logIn(t, op.email, SECRET, 1);
      const res = await call(t, 'POST', '/auth/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, here.headers);
      expect(res.http).toBe(200);
      expect(res.body).toEqual({ status: 200, message: accessMessages.passwordChanged, data: null });

      expect((await call(t, 'GET', '/auth/me', undefined, here.headers)).http).toBe(200);
      const ended = await call(t, 'GET', '/auth/me', undefined, elsewhere.headers);
      expect(ended.http).toBe(401);
      expect(ended.body.message).toBe(adminMessages.loginRequired);
      const sessions = await t.database.db.select().from(operatorSessions).where(eq(operatorSessions.operatorId, op.id));
      expect(sessions.filter((s) => s.revokedAt === null)).toHaveLength(1);

      const hash = await hashOf(op.id);
      expect(await verifyPassword(hash, NEW_PASSWORD)).toBe(true);
      expect((await loginStep(op.email, PASSWORD, '10.7.0.1')).http).toBe(401);
      const next = await loginStep(op.email, NEW_PASSWORD, '10.7.0.1');
      expect(next.http).toBe(200);
      expect(next.body.data.step).toBe('totp');

      const entries = await auditOf('operator.password.change', op.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        operatorId: op.id,
        actorEmail: op.email,
        companyId: acme,
        targetType: 'operator',
        after: { email: op.email, otherSessionsEnded: 1 },
      });
      expect(entries[0]!.reason).toBeNull();
      const written = JSON.stringify(entries[0]);
      for (const secret of [PASSWORD, NEW_PASSWORD, hash]) expect(written).not.toContain(secret);
    });

    it('names the fields: both missing, a weak new password (the creation rule), a wrong current one, the same one again', async () => {
      const me = await signInOperator(t, 'admin', acme);
      const before = await hashOf(me.operatorId);
      const empty = await adminCall(t, me, 'POST', '/auth/password', {});
      expect(empty.http).toBe(400);
      expect(empty.body.data.fieldErrors).toMatchObject({
        currentPassword: accessMessages.currentPasswordRequired,
        newPassword: accessMessages.passwordWeak,
      });
      const weak = await adminCall(t, me, 'POST', '/auth/password', { currentPassword: 'Console@2026', newPassword: 'onlyletters-here' });
      expect(weak.http).toBe(400);
      expect(weak.body.data.fieldErrors).toEqual({ newPassword: accessMessages.passwordWeak });

      const wrong = await adminCall(t, me, 'POST', '/auth/password', { currentPassword: 'Not-mine-2026', newPassword: NEW_PASSWORD });
      expect(wrong.http).toBe(400);
      expect(wrong.body.message).toBe(accessMessages.currentPasswordWrong);
      expect(wrong.body.data.fieldErrors).toEqual({ currentPassword: accessMessages.currentPasswordWrong });

      const same = await adminCall(t, me, 'POST', '/auth/password', { currentPassword: 'Console@2026', newPassword: 'Console@2026' });
      expect(same.http).toBe(400);
      expect(same.body.message).toBe(accessMessages.passwordUnchanged);
      expect(same.body.data.fieldErrors).toEqual({ newPassword: accessMessages.passwordUnchanged });

      expect(await hashOf(me.operatorId)).toBe(before);
      expect(await auditOf('operator.password.change', me.operatorId)).toHaveLength(0);
      expect((await adminCall(t, null, 'POST', '/auth/password', { currentPassword: 'x', newPassword: NEW_PASSWORD })).http).toBe(401);
    });

    it('counts wrong current passwords as wrong logins from this address: after five, 429 here and at login from here', async () => {
      const op = await makeOperator(t, { role: 'admin', companyId: acme, totpSecret: SECRET });
      const { headers } = await logIn(t, op.email, SECRET);
      const here = '10.7.1.1';
      const change = (currentPassword: string) =>
        call(t, 'POST', '/auth/password', { currentPassword, newPassword: NEW_PASSWORD }, headers, here);
      for (let i = 0; i < 5; i++) expect((await change(`Guess-${i}-2026`)).http).toBe(400);
      const right = await change(PASSWORD);
      expect(right.http).toBe(429);
      expect(right.body.message).toBe(accessMessages.tooManyLogins);
      expect((await loginStep(op.email, PASSWORD, here)).http).toBe(429);
      expect(await verifyPassword(await hashOf(op.id), PASSWORD)).toBe(true);
      // The operator's own login from elsewhere is not locked out.
      expect((await loginStep(op.email, PASSWORD, '10.7.1.2')).http).toBe(200);
    });

    it('shares the count with wrong logins from the same address, and the right current password starts it afresh', async () => {
      const op = await makeOperator(t, { role: 'admin', companyId: acme, totpSecret: SECRET });
      const { headers } = await logIn(t, op.email, SECRET);
      const here = '10.7.2.1';
      for (let i = 0; i < 4; i++) expect((await loginStep(op.email, `Wrong-${i}-pass`, here)).http).toBe(401);
      // The fifth failure of the window, then the limit.
      expect(
        (await call(t, 'POST', '/auth/password', { currentPassword: 'Guess-2026', newPassword: NEW_PASSWORD }, headers, here)).http,
      ).toBe(400);
      expect((await call(t, 'POST', '/auth/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, headers, here)).http).toBe(
        429,
      );

      const other = await makeOperator(t, { role: 'admin', companyId: acme, totpSecret: SECRET });
      const signedIn = await logIn(t, other.email, SECRET);
      const there = '10.7.3.1';
      for (let i = 0; i < 4; i++) expect((await loginStep(other.email, `Wrong-${i}-pass`, there)).http).toBe(401);
      expect(
        (await call(t, 'POST', '/auth/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, signedIn.headers, there)).http,
      ).toBe(200);
      // Cleared: five more misses are possible before the limit.
      for (let i = 0; i < 5; i++) expect((await loginStep(other.email, `Wrong-${i}-again`, there)).http).toBe(401);
      expect((await loginStep(other.email, NEW_PASSWORD, there)).http).toBe(429);
    });
  });

  describe('POST /operators/:id/password (a manager sets another’s)', () => {
    it('an admin sets a support operator’s password: all their sessions end, the new one logs in; audited without it', async () => {
      const target = await makeOperator(t, { role: 'support', companyId: acme, totpSecret: SECRET });
      const first = await logIn(t, target.email, SECRET, 0);
      const second = await logIn(t, target.email, SECRET, 1);
      const res = await adminCall(t, acmeAdmin, 'POST', `/operators/${target.id}/password`, { password: NEW_PASSWORD });
      expect(res.http).toBe(200);
      expect(res.body.message).toBe(accessMessages.passwordSet);
      expect(res.body.data).toMatchObject({
        id: target.id,
        email: target.email,
        role: 'support',
        companyId: acme,
        disabled: false,
        totpEnrolled: true,
      });

      for (const session of [first, second]) expect((await call(t, 'GET', '/auth/me', undefined, session.headers)).http).toBe(401);
      const live = await t.database.db.select().from(operatorSessions).where(eq(operatorSessions.operatorId, target.id));
      expect(live.every((s) => s.revokedAt !== null)).toBe(true);
      expect((await loginStep(target.email, PASSWORD, '10.7.5.1')).http).toBe(401);
      expect((await loginStep(target.email, NEW_PASSWORD, '10.7.5.1')).http).toBe(200);

      const entries = await auditOf('operator.password.reset', target.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        operatorId: acmeAdmin.operatorId,
        actorEmail: acmeAdmin.email,
        companyId: acme,
        before: null,
        reason: null,
        after: { email: target.email, role: 'support', companyId: acme, disabled: false, passwordSet: true, sessionsEnded: 2 },
      });
      const written = JSON.stringify(entries[0]);
      for (const secret of [PASSWORD, NEW_PASSWORD, await hashOf(target.id)]) expect(written).not.toContain(secret);
    });

    it('lets a locked-out operator in at once: the e-mail’s count of wrong passwords starts afresh', async () => {
      const target = await makeOperator(t, { role: 'support', companyId: acme, totpSecret: SECRET });
      for (let i = 0; i < 5; i++) expect((await loginStep(target.email, `Forgot-${i}-pass`, '10.7.6.9')).http).toBe(401);
      expect((await loginStep(target.email, PASSWORD, '10.7.6.9')).http).toBe(429);
      expect((await adminCall(t, acmeAdmin, 'POST', `/operators/${target.id}/password`, { password: NEW_PASSWORD })).http).toBe(200);
      expect((await loginStep(target.email, NEW_PASSWORD, '10.7.6.9')).http).toBe(200);
    });

    it('has the scope of the other manager calls: another company’s admin 404, an admin on an owner 404, support 403; the owner any', async () => {
      const target = await makeOperator(t, { role: 'admin', companyId: acme });
      const before = await hashOf(target.id);
      const body = { password: NEW_PASSWORD };
      const elsewhere = await adminCall(t, zebraAdmin, 'POST', `/operators/${target.id}/password`, body);
      expect(elsewhere.http).toBe(404);
      expect(elsewhere.body.message).toBe(accessMessages.operatorNotFound);
      expect((await adminCall(t, acmeAdmin, 'POST', `/operators/${owner.operatorId}/password`, body)).http).toBe(404);
      expect((await adminCall(t, acmeAdmin, 'POST', '/operators/999999/password', body)).http).toBe(404);
      const support = await adminCall(t, acmeSupport, 'POST', `/operators/${target.id}/password`, body);
      expect(support.http).toBe(403);
      expect(support.body.message).toBe(adminMessages.forbidden);
      expect((await adminCall(t, null, 'POST', `/operators/${target.id}/password`, body)).http).toBe(401);
      expect(await hashOf(target.id)).toBe(before);

      expect((await adminCall(t, owner, 'POST', `/operators/${zebraAdmin.operatorId}/password`, body)).http).toBe(200);
      expect(await verifyPassword(await hashOf(zebraAdmin.operatorId), NEW_PASSWORD)).toBe(true);
      const [entry] = await auditOf('operator.password.reset', zebraAdmin.operatorId);
      expect(entry).toMatchObject({ operatorId: owner.operatorId, companyId: zebra });
    });

    it('refuses one’s own (the self-service call asks for the current password) and a weak password', async () => {
      for (const me of [acmeAdmin, owner]) {
        const self = await adminCall(t, me, 'POST', `/operators/${me.operatorId}/password`, { password: NEW_PASSWORD });
        expect(self.http).toBe(400);
        expect(self.body.message).toBe(accessMessages.ownPasswordHere);
      }
      expect((await adminCall(t, acmeAdmin, 'GET', '/auth/me')).http).toBe(200);
      const target = await makeOperator(t, { role: 'support', companyId: acme });
      const weak = await adminCall(t, acmeAdmin, 'POST', `/operators/${target.id}/password`, { password: 'short1' });
      expect(weak.http).toBe(400);
      expect(weak.body.data.fieldErrors).toEqual({ password: accessMessages.passwordWeak });
      const missing = await adminCall(t, acmeAdmin, 'POST', `/operators/${target.id}/password`, {});
      expect(missing.body.data.fieldErrors).toEqual({ password: accessMessages.passwordWeak });
    });
  });
});
