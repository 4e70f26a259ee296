import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessMessages, AUDIT_PAGE_SIZE } from '@mawingu/contracts/admin/access';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { auditLog } from '../../../db/schema.ts';
import { completeCompany, upsertCompany } from '../../../db/seed/factories.ts';
import { recordAudit } from '../../../console/audit.ts';

describe('audit log search', () => {
  let t: TestContext;
  let acme: number;
  let zebra: number;
  let owner: SignedInOperator;
  let acmeAdmin: SignedInOperator;
  let acmeSupport: SignedInOperator;
  let zebraAdmin: SignedInOperator;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    acme = (await upsertCompany(db, completeCompany('audit-acme', 'Acme Audit'), ['https://audit-acme.example'])).id;
    zebra = (await upsertCompany(db, completeCompany('audit-zebra', 'Zebra Audit'), ['https://audit-zebra.example'])).id;
    owner = await signInOperator(t, 'owner');
    acmeAdmin = await signInOperator(t, 'admin', acme);
    acmeSupport = await signInOperator(t, 'support', acme);
    zebraAdmin = await signInOperator(t, 'admin', zebra);
    // 30 product changes in Acme, one a day back from 2026-03-30; a VM block; a Zebra entry; a platform entry.
    for (let i = 0; i < 30; i++) {
      await recordAudit(db, {
        actor: acmeAdmin,
        companyId: acme,
        action: 'product.update',
        targetType: 'product',
        targetId: 100 + i,
        before: { price: i },
        after: { price: i + 1 },
      });
      await db.execute(
        sql`update audit_log set at = ${new Date(Date.UTC(2026, 2, 30 - i, 12)).toISOString()}::timestamptz where id = (select max(id) from audit_log)`,
      );
    }
    await recordAudit(db, { actor: owner, companyId: acme, action: 'vm.block', targetType: 'vm', targetId: 'vm-777', reason: 'Unpaid' });
    await recordAudit(db, { actor: zebraAdmin, companyId: zebra, action: 'company.update', targetType: 'company', targetId: zebra });
    await recordAudit(db, { actor: owner, companyId: null, action: 'company.create', targetType: 'company', targetId: 99 });
  });
  afterAll(() => t.close());

  it('lists a company’s entries newest first, a page at a time', async () => {
    const first = await adminCall(t, acmeAdmin, 'GET', `/companies/${acme}/audit`);
    expect(first.http).toBe(200);
    expect(first.body.data).toMatchObject({ total: 31, page: 1, pageSize: AUDIT_PAGE_SIZE });
    expect(first.body.data.items).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.body.data.items[0]).toMatchObject({ action: 'vm.block', targetId: 'vm-777', reason: 'Unpaid', actorEmail: owner.email });
    expect(first.body.data.items[1]).toMatchObject({
      action: 'product.update',
      targetId: '100',
      before: { price: 0 },
      after: { price: 1 },
    });
    const ats = first.body.data.items.map((e: { at: string }) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    const second = await adminCall(t, acmeAdmin, 'GET', `/companies/${acme}/audit?page=2`);
    expect(second.body.data.items).toHaveLength(6);
    expect(second.body.data.items.at(-1).targetId).toBe('129');
    expect(first.body.data.items.some((e: { companyId: number }) => e.companyId !== acme)).toBe(false);
  });

  it('filters by action prefix, operator (id or part of the e-mail), text and days', async () => {
    const get = async (query: string) => (await adminCall(t, owner, 'GET', `/companies/${acme}/audit?${query}`)).body.data;
    expect((await get('action=vm.')).items.map((e: { action: string }) => e.action)).toEqual(['vm.block']);
    expect((await get(`operator=${owner.operatorId}`)).total).toBe(1);
    expect((await get(`operator=${encodeURIComponent(acmeAdmin.email.slice(0, 8))}`)).total).toBe(30);
    expect((await get('q=vm-777')).total).toBe(1);
    expect((await get('q=PRODUCT')).total).toBe(30);
    expect((await get(`q=${encodeURIComponent(owner.email)}`)).total).toBe(1);
    const march = await get('from=2026-03-01&to=2026-03-10&action=product');
    expect(march.total).toBe(10);
    expect(march.items.map((e: { targetId: string }) => e.targetId)).toEqual([
      '120',
      '121',
      '122',
      '123',
      '124',
      '125',
      '126',
      '127',
      '128',
      '129',
    ]);
    expect((await get('q=%25')).total).toBe(0);
  });

  it('names a malformed day (400)', async () => {
    const res = await adminCall(t, owner, 'GET', `/companies/${acme}/audit?from=yesterday`);
    expect(res.http).toBe(400);
    expect(res.body.data.fieldErrors.from).toBe(accessMessages.dateInvalid);
  });

  it('refuses support (403), another company’s admin (404) and no token (401)', async () => {
    expect((await adminCall(t, acmeSupport, 'GET', `/companies/${acme}/audit`)).http).toBe(403);
    expect((await adminCall(t, zebraAdmin, 'GET', `/companies/${acme}/audit`)).http).toBe(404);
    expect((await adminCall(t, null, 'GET', `/companies/${acme}/audit`)).http).toBe(401);
  });

  it('the platform-wide log is the owner’s alone and holds every company’s entries', async () => {
    const all = await adminCall(t, owner, 'GET', '/audit?page=1');
    expect(all.http).toBe(200);
    expect(all.body.data.total).toBe(33);
    expect(all.body.data.items.slice(0, 3).map((e: { action: string }) => e.action)).toEqual([
      'company.create',
      'company.update',
      'vm.block',
    ]);
    expect((await adminCall(t, acmeAdmin, 'GET', '/audit')).http).toBe(403);
    expect((await adminCall(t, acmeSupport, 'GET', '/audit')).http).toBe(403);
    const count = await t.database.db.$count(auditLog);
    expect(count).toBe(33);
  });

  it('exports the entries the filters select as CSV, oldest first, with the changes as JSON; the export is audited', async () => {
    const res = await adminCall(t, acmeAdmin, 'GET', `/companies/${acme}/audit.csv?action=product.&from=2026-03-29`);
    expect(res.http, res.raw.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-audit-acme-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = res.raw.body.slice(1).trimEnd().split('\r\n');
    expect(lines).toEqual([
      '"at","actor","operator_id","company_id","action","target_type","target_id","reason","before","after"',
      `"2026-03-29T12:00:00.000Z","${acmeAdmin.email}","${acmeAdmin.operatorId}","${acme}","product.update","product","101","","{""price"":1}","{""price"":2}"`,
      `"2026-03-30T12:00:00.000Z","${acmeAdmin.email}","${acmeAdmin.operatorId}","${acme}","product.update","product","100","","{""price"":0}","{""price"":1}"`,
    ]);
    const [entry] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      action: 'audit.export',
      companyId: acme,
      operatorId: acmeAdmin.operatorId,
      after: { rows: 2, action: 'product.' },
    });

    // Another company's entries never; the platform's whole log is the owner's.
    expect(res.raw.body).not.toContain('company.update');
    expect((await adminCall(t, acmeSupport, 'GET', `/companies/${acme}/audit.csv`)).http).toBe(403);
    expect((await adminCall(t, zebraAdmin, 'GET', `/companies/${acme}/audit.csv`)).http).toBe(404);
    expect((await adminCall(t, acmeAdmin, 'GET', '/audit.csv')).http).toBe(403);
    const all = await adminCall(t, owner, 'GET', '/audit.csv?q=company.');
    expect(all.raw.body).toContain('"company.update"');
    expect(all.raw.body).toContain('"company.create"');
    expect(all.headers['content-disposition']).toMatch(/filename="audit-log-all-/);
    for (const from of ['yesterday', '2026-02-31']) {
      const bad = await adminCall(t, acmeAdmin, 'GET', `/companies/${acme}/audit.csv?from=${from}`);
      expect(bad.http).toBe(400);
      expect(bad.body.data.fieldErrors).toEqual({ from: accessMessages.dateInvalid });
    }
  });
});
