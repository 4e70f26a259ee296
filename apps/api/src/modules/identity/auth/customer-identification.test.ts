import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REUSE_GRACE_SECONDS } from './session-store.ts';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { authHeaders, signIn } from '../../../../test/sign-in.ts';
import { eq, sql } from 'drizzle-orm';
import { regions, sessions as sessionRows } from '../../../db/schema.ts';
import { seedDemoCatalogue } from '../../../db/seed/demo-catalogue-seed.ts';
import { demoRegions } from '../../../db/seed/demo-catalogue.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';

const ACME = 'https://acme-ident.example';
const ZEBRA = 'https://zebra-ident.example';

type Card = { vm_Cost: string | null };
const costs = (data: { VMProducts: Card[] }) => data.VMProducts.map((c) => c.vm_Cost);

/** Who a request acts for, seen through the one public call that differs for customers: prices. */
describe('customer identification', () => {
  let t: TestContext;
  let acmeId: number;
  let zebraId: number;
  let thandi: number;
  let zebraCustomer: number;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    acmeId = (await upsertCompany(db, completeCompany('acme-ident', 'Acme Cloud'), [ACME])).id;
    zebraId = (await upsertCompany(db, completeCompany('zebra-ident', 'Zebra Hosting'), [ZEBRA])).id;
    await db.insert(regions).values(demoRegions.map((r) => ({ ...r, companyId: acmeId })));
    await seedDemoCatalogue(db, acmeId);
    thandi = (await createCustomer(db, acmeId, { email: 'thandi@example.co.za' })).id;
    zebraCustomer = (await createCustomer(db, zebraId, { email: 'thandi@example.co.za' })).id;
  });
  afterAll(() => t.close());

  const products = (headers: Record<string, string>) =>
    post(t.app, 'marketPlace/getProducts', { serviceName: 'virtualmachine', websiteUrl: ACME }, headers);

  it('shows prices to a customer with a live session of this site', async () => {
    const session = await signIn(t, acmeId, thandi);
    const res = await products(authHeaders(ACME, session));
    expect(res.http).toBe(200);
    expect(costs(res.body.data).every((c) => typeof c === 'string' && /^\d+\.\d{2}$/.test(c))).toBe(true);
  });

  it('hides prices from visitors, forged tokens and another company’s customer', async () => {
    const zebraSession = await signIn(t, zebraId, zebraCustomer);
    const acmeSession = await signIn(t, acmeId, thandi);
    const forged = `${acmeSession.token.slice(0, -4)}AAAA`;
    for (const headers of [{ origin: ACME }, authHeaders(ACME, zebraSession), { origin: ACME, authorization: forged }]) {
      const res = await products(headers);
      expect(res.http).toBe(200);
      expect(costs(res.body.data).every((c) => c === null)).toBe(true);
    }
  });

  it('stops honouring an access token as soon as its session is revoked', async () => {
    const session = await signIn(t, acmeId, thandi);
    await t.modules.identity.sessions.revoke(session.sessionId);
    const res = await products(authHeaders(ACME, session));
    expect(costs(res.body.data).every((c) => c === null)).toBe(true);
  });

  it('rotates refresh tokens and revokes the family when a used one comes back after the grace', async () => {
    const { sessions } = t.modules.identity;
    const first = await signIn(t, acmeId, thandi);
    const second = await sessions.rotate(acmeId, first.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    await t.database.db
      .update(sessionRows)
      .set({ rotatedAt: sql`now() - (${REUSE_GRACE_SECONDS + 1}::int * interval '1 second')` })
      .where(eq(sessionRows.id, first.sessionId));
    await expect(sessions.rotate(acmeId, first.refreshToken)).rejects.toMatchObject({ status: 401 });
    // The replay ended the family: the newest token is dead too.
    await expect(sessions.rotate(acmeId, second.refreshToken)).rejects.toMatchObject({ status: 401 });
    expect(await sessions.isActive(second.sessionId)).toBe(false);
  });

  it('refuses a refresh token on another company’s site', async () => {
    const session = await signIn(t, acmeId, thandi);
    await expect(t.modules.identity.sessions.rotate(zebraId, session.refreshToken)).rejects.toMatchObject({ status: 401 });
  });
});
