import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, signInOperator, type SignedInOperator } from '../../test/operator-sign-in.ts';
import { RAND_SPECS } from '../../test/purchase-fixtures.ts';
import { anotherInstance, createTestApp, post, type TestContext } from '../../test/test-app.ts';
import { completeCompany, upsertCompany } from '../db/seed/factories.ts';
import { createProduct, createRegion } from '../db/seed/purchase-factories.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const SITE = 'https://acme-everywhere.example';
const NEW_SITE = 'https://acme-everywhere-new.example';
/** The promise: a change through one instance shows on the others within this. */
const WITHIN_MS = 2000;

/**
 * Polls `read` on the other instance until `shows` holds, and returns how long that took after the
 * change was answered; fails after the cache TTL would have let it through anyway.
 */
async function millisUntil<T>(read: () => Promise<T>, shows: (value: T) => boolean, since: number): Promise<number> {
  for (;;) {
    if (shows(await read())) return Date.now() - since;
    if (Date.now() - since > 10_000) throw new Error('the other instance still shows the old data after 10 s');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Two instances on one PostgreSQL (as behind a load balancer), each with its caches warm: a
 * console change made through the first shows on the second within 2 s, long before the
 * 30-second cache TTL. PGlite is one process's database: the PostgreSQL pass runs this.
 */
describe.skipIf(!onPostgres)('a change through one instance shows on the others (needs DATABASE_URL)', () => {
  let t: TestContext;
  let other: FastifyInstance;
  let acme: number;
  let product: number;
  let admin: SignedInOperator;

  const configurationOn = async (app: FastifyInstance, origin = SITE) =>
    (await post(app, 'getCompanyConfiguration', { customerUrl: origin })).body;
  const productsOn = async (app: FastifyInstance) =>
    (
      (await post(app, 'marketPlace/getProducts', { serviceName: 'virtualmachine', websiteUrl: SITE }, { origin: SITE })).body.data
        .VMProducts as { productID: number }[]
    ).map((p) => p.productID);

  beforeAll(async () => {
    t = await createTestApp({ CACHE_TTL_SECONDS: '30' });
    other = await anotherInstance(t);
    acme = (await upsertCompany(t.database.db, completeCompany('acme-everywhere', 'Acme Everywhere'), [SITE])).id;
    const za = await createRegion(t.database.db, acme, { name: 'South Africa', iso2: 'ZA', currency: 'ZAR', taxPercent: '15.00' });
    product = (await createProduct(t.database.db, acme, { name: 'Everywhere VM', specs: RAND_SPECS, regionIds: [za.id] })).id;
    admin = await signInOperator(t, 'admin', acme);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('a new brand name and colour saved in the console', async () => {
    // The other instance has the configuration cached.
    expect((await configurationOn(other)).data).toMatchObject({ companyName: 'Acme Everywhere' });

    const saved = await adminCall(t, admin, 'PUT', `/companies/${acme}/settings`, {
      brand: { name: 'Acme Anywhere', brandColor: '#E8590C' },
    });
    expect(saved.http).toBe(200);
    const took = await millisUntil(
      () => configurationOn(other),
      (c) => c.data.companyName === 'Acme Anywhere' && c.data.brandColor === '#e8590c',
      Date.now(),
    );
    expect(took).toBeLessThan(WITHIN_MS);
  });

  it('a site address added in the console (the other instance had it cached as unknown)', async () => {
    expect((await configurationOn(other, NEW_SITE)).status).toBe(404);

    const saved = await adminCall(t, admin, 'PUT', `/companies/${acme}/settings`, { origins: [SITE, NEW_SITE] });
    expect(saved.http).toBe(200);
    const took = await millisUntil(
      () => configurationOn(other, NEW_SITE),
      (c) => c.status === 200,
      Date.now(),
    );
    expect(took).toBeLessThan(WITHIN_MS);
  });

  it('a product disabled in the console catalogue leaves the other instance’s marketplace', async () => {
    expect(await productsOn(other)).toContain(product);

    const saved = await adminCall(t, admin, 'PATCH', `/companies/${acme}/catalogue/products/${product}/status`, { active: false });
    expect(saved.http).toBe(200);
    const took = await millisUntil(
      () => productsOn(other),
      (ids) => !ids.includes(product),
      Date.now(),
    );
    expect(took).toBeLessThan(WITHIN_MS);
  });
});
