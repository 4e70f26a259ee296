import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessMessages } from '@mawingu/contracts/admin/access';
import { adminMessages } from '@mawingu/contracts/admin/admin-messages';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { auditLog, operatorRecoveryCodes, operators, operatorSessions } from '../../../db/schema.ts';
import { completeCompany, upsertCompany } from '../../../db/seed/factories.ts';
import { verifyPassword } from '../../identity/auth/passwords.ts';
import { call, codeAt } from './access.test-helper.ts';

describe('console operators: who may manage whom', () => {
  let t: TestContext;
  let acme: number;
  let zebra: number;
  let owner: SignedInOperator;
  let acmeAdmin: SignedInOperator;
  let acmeSupport: SignedInOperator;
  let zebraAdmin: SignedInOperator;
  let seq = 0;
  const newOperator = (role: string, companyId: number | null | undefined, extra: object = {}) => ({
    email: `new-${++seq}@ops.example`,
    name: `New ${seq}`,
    role,
    companyId,
    password: 'Strong-pass-2026',
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    acme = (await upsertCompany(t.database.db, completeCompany('ops-acme', 'Acme Ops'), ['https://ops-acme.example'])).id;
    zebra = (await upsertCompany(t.database.db, completeCompany('ops-zebra', 'Zebra Ops'), ['https://ops-zebra.example'])).id;
    owner = await signInOperator(t, 'owner');
    acmeAdmin = await signInOperator(t, 'admin', acme);
    acmeSupport = await signInOperator(t, 'support', acme);
    zebraAdmin = await signInOperator(t, 'admin', zebra);
  });
  afterAll(() => t.close());

  it('owner creates an operator of any company, and owners; the password is hashed and nothing secret is audited', async () => {
    const input = newOperator('admin', zebra);
    const res = await adminCall(t, owner, 'POST', '/operators', input);
    expect(res.http).toBe(200);
    expect(res.body.message).toBe(accessMessages.operatorCreated);
    expect(res.body.data).toMatchObject({
      email: input.email,
      role: 'admin',
      companyId: zebra,
      companyName: 'Zebra Ops',
      totpEnrolled: false,
      disabled: false,
    });
    const [row] = await t.database.db.select().from(operators).where(eq(operators.id, res.body.data.id));
    expect(await verifyPassword(row!.passwordHash, input.password)).toBe(true);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'operator.create'));
    expect(entry).toMatchObject({
      operatorId: owner.operatorId,
      actorEmail: owner.email,
      companyId: zebra,
      targetId: String(res.body.data.id),
    });
    expect(JSON.stringify(entry)).not.toContain(input.password);
    expect(JSON.stringify(entry)).not.toContain(row!.passwordHash);

    const anotherOwner = await adminCall(t, owner, 'POST', '/operators', newOperator('owner', null));
    expect(anotherOwner.http).toBe(200);
    expect(anotherOwner.body.data.companyId).toBeNull();
  });

  it('checks the fields: e-mail, weak password, missing company, owner with a company, taken e-mail', async () => {
    const bad = await adminCall(t, owner, 'POST', '/operators', { email: 'x', name: '', role: 'boss', password: 'short' });
    expect(bad.http).toBe(400);
    expect(bad.body.data.fieldErrors).toMatchObject({
      email: accessMessages.emailInvalid,
      name: accessMessages.nameRequired,
      role: accessMessages.roleInvalid,
      password: accessMessages.passwordWeak,
    });
    const noDigits = await adminCall(t, owner, 'POST', '/operators', newOperator('admin', acme, { password: 'onlyletters-here' }));
    expect(noDigits.body.data.fieldErrors.password).toBe(accessMessages.passwordWeak);
    const noCompany = await adminCall(t, owner, 'POST', '/operators', newOperator('support', null));
    expect(noCompany.http).toBe(400);
    expect(noCompany.body.data.fieldErrors.companyId).toBe(accessMessages.companyRequired);
    const ownerWithCompany = await adminCall(t, owner, 'POST', '/operators', newOperator('owner', acme));
    expect(ownerWithCompany.body.data.fieldErrors.companyId).toBe(accessMessages.companyNotAllowed);
    const taken = await adminCall(t, owner, 'POST', '/operators', newOperator('admin', acme, { email: acmeAdmin.email.toUpperCase() }));
    expect(taken.http).toBe(409);
    expect(taken.body.data.fieldErrors.email).toBe(accessMessages.emailTaken);
  });

  it('admin creates only admin and support of their own company', async () => {
    const support = await adminCall(t, acmeAdmin, 'POST', '/operators', newOperator('support', undefined));
    expect(support.http).toBe(200);
    expect(support.body.data.companyId).toBe(acme);
    const asOwner = await adminCall(t, acmeAdmin, 'POST', '/operators', newOperator('owner', null));
    expect(asOwner.http).toBe(403);
    expect(asOwner.body.message).toBe(accessMessages.ownerOnlyRole);
    const elsewhere = await adminCall(t, acmeAdmin, 'POST', '/operators', newOperator('admin', zebra));
    expect(elsewhere.http).toBe(404);
    expect(elsewhere.body.message).toBe(adminMessages.companyNotFound);
  });

  it('support may not list or manage operators; no token is 401', async () => {
    expect((await adminCall(t, acmeSupport, 'GET', '/operators')).http).toBe(403);
    expect((await adminCall(t, acmeSupport, 'POST', '/operators', newOperator('support', acme))).http).toBe(403);
    expect((await adminCall(t, acmeSupport, 'POST', `/operators/${acmeAdmin.operatorId}/reset-totp`)).http).toBe(403);
    expect((await adminCall(t, null, 'GET', '/operators')).http).toBe(401);
  });

  it('lists: the owner every operator (or one company), an admin only their company and no owners', async () => {
    const all = await adminCall(t, owner, 'GET', '/operators');
    const emails = all.body.data.items.map((o: { email: string }) => o.email);
    expect(emails).toEqual(expect.arrayContaining([owner.email, acmeAdmin.email, zebraAdmin.email]));
    const zebraOnly = await adminCall(t, owner, 'GET', `/operators?companyId=${zebra}`);
    expect(zebraOnly.body.data.items.every((o: { companyId: number }) => o.companyId === zebra)).toBe(true);
    const mine = await adminCall(t, acmeAdmin, 'GET', '/operators');
    expect(mine.body.data.items.length).toBeGreaterThan(0);
    expect(mine.body.data.items.every((o: { companyId: number }) => o.companyId === acme)).toBe(true);
    expect((await adminCall(t, acmeAdmin, 'GET', `/operators?companyId=${zebra}`)).http).toBe(404);
    const searched = await adminCall(t, owner, 'GET', `/operators?q=${encodeURIComponent(zebraAdmin.email.slice(0, 12))}`);
    expect(searched.body.data.items.map((o: { id: number }) => o.id)).toContain(zebraAdmin.operatorId);
  });

  it('admin edits their company’s operators but not owners or other companies’ (404), nor gives the owner role', async () => {
    const target = (await adminCall(t, acmeAdmin, 'POST', '/operators', newOperator('support', acme))).body.data;
    const renamed = await adminCall(t, acmeAdmin, 'PATCH', `/operators/${target.id}`, { name: 'Thandi Support', role: 'admin' });
    expect(renamed.http).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Thandi Support', role: 'admin', companyId: acme });
    expect((await adminCall(t, acmeAdmin, 'PATCH', `/operators/${target.id}`, { role: 'owner' })).http).toBe(403);
    expect((await adminCall(t, acmeAdmin, 'PATCH', `/operators/${zebraAdmin.operatorId}`, { name: 'x' })).http).toBe(404);
    expect((await adminCall(t, acmeAdmin, 'PATCH', `/operators/${owner.operatorId}`, { disabled: true })).http).toBe(404);
    expect((await adminCall(t, acmeAdmin, 'POST', `/operators/${owner.operatorId}/reset-totp`)).http).toBe(404);
    expect((await adminCall(t, zebraAdmin, 'POST', `/operators/${target.id}/reset-totp`)).http).toBe(404);
    expect((await adminCall(t, acmeAdmin, 'PATCH', '/operators/999999', { name: 'x' })).http).toBe(404);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'operator.update'));
    expect(entry).toMatchObject({
      companyId: acme,
      before: { role: 'support', name: target.name },
      after: { role: 'admin', name: 'Thandi Support' },
    });
  });

  it('no one disables themselves or changes their own role', async () => {
    const self = await adminCall(t, acmeAdmin, 'PATCH', `/operators/${acmeAdmin.operatorId}`, { disabled: true });
    expect(self.http).toBe(400);
    expect(self.body.message).toBe(accessMessages.notYourself);
    expect((await adminCall(t, owner, 'PATCH', `/operators/${owner.operatorId}`, { role: 'admin', companyId: acme })).http).toBe(400);
  });

  it('disabling ends the operator’s sessions at once and refuses their login; enabling lets them in again', async () => {
    const victim = await signInOperator(t, 'support', acme);
    expect((await adminCall(t, victim, 'GET', '/auth/me')).http).toBe(200);
    const off = await adminCall(t, acmeAdmin, 'PATCH', `/operators/${victim.operatorId}`, { disabled: true });
    expect(off.http).toBe(200);
    expect(off.body.data.disabled).toBe(true);
    expect((await adminCall(t, victim, 'GET', '/auth/me')).http).toBe(401);
    const sessions = await t.database.db.select().from(operatorSessions).where(eq(operatorSessions.operatorId, victim.operatorId));
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
    const on = await adminCall(t, acmeAdmin, 'PATCH', `/operators/${victim.operatorId}`, { disabled: false });
    expect(on.body.data.disabled).toBe(false);
  });

  it('owner moves an admin up to owner (company cleared) and back down naming a company', async () => {
    const admin = (await adminCall(t, owner, 'POST', '/operators', newOperator('admin', acme))).body.data;
    const up = await adminCall(t, owner, 'PATCH', `/operators/${admin.id}`, { role: 'owner' });
    expect(up.body.data).toMatchObject({ role: 'owner', companyId: null });
    const downWithout = await adminCall(t, owner, 'PATCH', `/operators/${admin.id}`, { role: 'admin' });
    expect(downWithout.http).toBe(400);
    expect(downWithout.body.data.fieldErrors.companyId).toBe(accessMessages.companyRequired);
    const down = await adminCall(t, owner, 'PATCH', `/operators/${admin.id}`, { role: 'support', companyId: zebra });
    expect(down.body.data).toMatchObject({ role: 'support', companyId: zebra });
  });

  it('reset TOTP: secret and recovery codes gone, sessions ended, the next login enrols again; audited', async () => {
    const input = newOperator('support', acme);
    const created = (await adminCall(t, acmeAdmin, 'POST', '/operators', input)).body.data;
    const login = await call(t, 'POST', '/auth/login', { email: input.email, password: input.password });
    const secret = login.body.data.enrolment.secret;
    const verified = await call(t, 'POST', '/auth/verify', { challenge: login.body.data.challenge, code: codeAt(secret) });
    const headers = { authorization: `Bearer ${verified.body.data.token}` };
    expect(
      (await adminCall(t, acmeAdmin, 'GET', '/operators')).body.data.items.find((o: { id: number }) => o.id === created.id).totpEnrolled,
    ).toBe(true);

    const reset = await adminCall(t, acmeAdmin, 'POST', `/operators/${created.id}/reset-totp`);
    expect(reset.http).toBe(200);
    expect(reset.body.data.totpEnrolled).toBe(false);
    expect((await adminCall(t, { headers }, 'GET', '/auth/me')).http).toBe(401);
    expect(await t.database.db.select().from(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, created.id))).toHaveLength(
      0,
    );
    const again = await call(t, 'POST', '/auth/login', { email: input.email, password: input.password });
    expect(again.body.data.step).toBe('enrol');
    expect(again.body.data.enrolment.secret).not.toBe(secret);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'operator.totp_reset'));
    expect(entry).toMatchObject({
      operatorId: acmeAdmin.operatorId,
      companyId: acme,
      targetId: String(created.id),
      after: { totpEnrolled: false },
    });
  });
});
