import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '@mawingu/contracts/admin/admin-messages';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { signInOperator, type SignedInOperator } from '../../../test/operator-sign-in.ts';
import { signIn } from '../../../test/sign-in.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../db/seed/factories.ts';
import type { AdminRouteInfo } from '../../console/operator-guard.ts';

/** The two calls anyone may make: they are how an operator gets a token. */
/** Reached before any console session: the sign-in steps and an invited operator's first password (its token is the key). */
const PUBLIC = new Set(['POST /api/admin/auth/login', 'POST /api/admin/auth/verify', 'POST /api/admin/auth/invitation']);

/**
 * Walks EVERY route registered under /api/admin (read from the app at run time, so routes added
 * later are covered without touching this file) with callers who must be refused: nobody, a
 * customer, another company's operators, and roles the route's guard does not list. Guards run
 * onRequest, before the body is read or validated, so an empty body never hides a refusal.
 */
describe('operator console: every route refuses whom it must', () => {
  let t: TestContext;
  let acme: number;
  let routes: AdminRouteInfo[];
  let customerToken: string;
  let acmeAdmin: SignedInOperator;
  let acmeSupport: SignedInOperator;
  let zebraAdmin: SignedInOperator;
  let zebraSupport: SignedInOperator;

  const urlOf = (route: AdminRouteInfo, companyId: number) =>
    route.url
      .replace(':companyId', String(companyId))
      .replace(/:[A-Za-z0-9_]+/g, '1')
      .replace(/\*$/, 'x');
  const callAs = async (route: AdminRouteInfo, headers: Record<string, string>) => {
    const res = await t.app.inject({ method: route.method as 'GET', url: urlOf(route, acme), headers });
    return { status: res.statusCode, message: (res.json() as { message?: string }).message };
  };
  const name = (route: AdminRouteInfo) => `${route.method} ${route.url}`;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    acme = (await upsertCompany(db, completeCompany('walk-acme', 'Acme Walk'), ['https://walk-acme.example'])).id;
    const zebra = (await upsertCompany(db, completeCompany('walk-zebra', 'Zebra Walk'), ['https://walk-zebra.example'])).id;
    const customer = await createCustomer(db, acme, { email: 'walker@walk-acme.example' });
    customerToken = (await signIn(t, acme, customer.id)).token;
    acmeAdmin = await signInOperator(t, 'admin', acme);
    acmeSupport = await signInOperator(t, 'support', acme);
    zebraAdmin = await signInOperator(t, 'admin', zebra);
    zebraSupport = await signInOperator(t, 'support', zebra);
    routes = t.app.adminRouteTable.filter((r) => !PUBLIC.has(name(r)));
  });
  afterAll(() => t.close());

  it('finds the console’s routes, each with an operator guard', () => {
    expect(routes.length).toBeGreaterThanOrEqual(8);
    expect(routes.map(name)).toEqual(
      expect.arrayContaining([
        'GET /api/admin/operators',
        'GET /api/admin/companies/:companyId/audit',
        'POST /api/admin/auth/password',
        'POST /api/admin/operators/:id/password',
        'PUT /api/admin/companies/:companyId/legal-entities/:entityId/etims',
        'POST /api/admin/companies/:companyId/legal-entities/:entityId/etims/initialise',
        'GET /api/admin/companies/:companyId/etims/documents',
        'POST /api/admin/companies/:companyId/etims/documents/:documentId/resubmit',
      ]),
    );
    // Changing one's own password is for every operator; setting another's is for managers only.
    expect(routes.find((r) => name(r) === 'POST /api/admin/auth/password')?.roles).toEqual(['owner', 'admin', 'support']);
    expect(routes.find((r) => name(r) === 'POST /api/admin/operators/:id/password')?.roles).toEqual(['owner', 'admin']);
    expect(routes.filter((r) => r.roles === null).map(name)).toEqual([]);
  });

  it('without a token: 401 on every route', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const res = await callAs(route, {});
      if (res.status !== 401 || res.message !== adminMessages.loginRequired) wrong.push(`${name(route)} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('with a customer’s token (as the site sends it, and as a bearer): 401 on every route', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      for (const authorization of [customerToken, `Bearer ${customerToken}`]) {
        const res = await callAs(route, { authorization });
        if (res.status !== 401) wrong.push(`${name(route)} → ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('another company’s admin and support: 404 on every company-scoped route', async () => {
    const scoped = routes.filter((r) => r.url.includes(':companyId'));
    expect(scoped.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const route of scoped) {
      for (const who of [zebraAdmin, zebraSupport]) {
        const res = await callAs(route, who.headers);
        if (res.status !== 404 || res.message !== adminMessages.companyNotFound) wrong.push(`${name(route)} → ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('support on manager-only routes and an admin on owner-only routes: 403', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const route of routes) {
      for (const [who, role] of [
        [acmeSupport, 'support'],
        [acmeAdmin, 'admin'],
      ] as const) {
        if (route.roles!.includes(role)) continue;
        checked++;
        const res = await callAs(route, who.headers);
        if (res.status !== 403 || res.message !== adminMessages.forbidden) wrong.push(`${role}: ${name(route)} → ${res.status}`);
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });
});
