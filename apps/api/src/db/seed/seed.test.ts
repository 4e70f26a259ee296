import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCompanyConfigurationComplete } from '@mawingu/contracts/company-rules';
import { createTestApp, post, type TestContext } from '../../../test/test-app.ts';
import { createFileService } from '../../modules/tenant/files/service.ts';
import { createLocalFileStore } from '../../integrations/storage/local-file-store.ts';
import { companies, companyAddresses, countries, menuItems, news, products, regions } from '../schema.ts';
import { DEMO_SLUG, seedDemo } from './demo-company.ts';

const ORIGIN = 'http://localhost:3999';

describe('the demo seed', () => {
  let t: TestContext;
  const count = async (
    table:
      typeof companies | typeof companyAddresses | typeof menuItems | typeof regions | typeof products | typeof news | typeof countries,
  ) => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    const files = createFileService(t.database.db, createLocalFileStore(`${t.config.dataDir}/files`));
    await seedDemo(t.database.db, files, ORIGIN);
    await seedDemo(t.database.db, files, ORIGIN);
  });
  afterAll(() => t.close());

  it('is idempotent: a second run adds nothing', async () => {
    expect(await count(companies)).toBe(1);
    expect(await count(companyAddresses)).toBe(3);
    expect(await count(menuItems)).toBe(3);
    expect(await count(regions)).toBe(2);
    expect(await count(products)).toBeGreaterThanOrEqual(6);
    expect(await count(news)).toBeGreaterThanOrEqual(3);
    expect(await count(countries)).toBeGreaterThanOrEqual(10);
  });

  it('serves a complete configuration on the local origin and its 127.0.0.1 twin', async () => {
    for (const origin of [ORIGIN, 'http://127.0.0.1:3999']) {
      const res = await post(t.app, 'getCompanyConfiguration', { customerUrl: origin });
      expect(res.http).toBe(200);
      expect(isCompanyConfigurationComplete(res.body.data)).toBe(true);
      expect(res.body.data).toMatchObject({ companyName: 'Mawingu Cloud', websiteUrl: origin, youtube: '' });
      expect(res.body.data.wwwUrl).not.toBe('');
    }
  });

  it('has offices in Midrand, Nairobi and Cape Town and regions priced in ZAR at 15 % and KES at 16 %', async () => {
    const offices = await t.database.db.select().from(companyAddresses).orderBy(companyAddresses.sortOrder);
    expect(offices.map((o) => o.city)).toEqual(['Midrand', 'Nairobi', 'Cape Town']);
    const rows = await t.database.db.select().from(regions).orderBy(regions.name);
    expect(rows.map((r) => [r.name, r.currency, r.taxPercent])).toEqual([
      ['Kenya', 'KES', '16.00'],
      ['South Africa', 'ZAR', '15.00'],
    ]);
  });

  it('serves its logo, video and terms PDF as files', async () => {
    const [company] = await t.database.db.select().from(companies).where(eq(companies.slug, DEMO_SLUG));
    const logo = await t.app.inject({ method: 'GET', url: company!.logoPath! });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    const terms = await t.app.inject({ method: 'GET', url: company!.termsPath! });
    expect(terms.headers['content-type']).toBe('application/pdf');
    expect(terms.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const video = await t.app.inject({ method: 'GET', url: company!.videoPath! });
    expect(video.headers['content-type']).toBe('video/webm');
    expect(video.rawPayload.length).toBeGreaterThan(10_000);
  });

  it('answers an unknown file id with a 404 envelope and a malformed one with a 400', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/files/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().status).toBe(404);
    const malformed = await t.app.inject({ method: 'GET', url: '/api/files/..%2F..%2Fetc%2Fpasswd' });
    expect(malformed.statusCode).toBe(400);
  });

  it('lists products with prices hidden from visitors', async () => {
    const res = await post(t.app, 'marketPlace/getProducts', { serviceName: 'all', websiteUrl: ORIGIN });
    expect(res.body.data.VMProducts.length).toBeGreaterThan(3);
    expect(res.body.data.GoldVMData.length).toBeGreaterThan(0);
    expect(res.body.data.VMProducts.every((p: { vm_Cost: unknown }) => p.vm_Cost === null)).toBe(true);
    expect(res.body.data.VMProducts[0]).toMatchObject({
      productName: 'Ubuntu Server 24.04 LTS',
      vm_CPU_Count: 2,
      vm_RAM_Count: 4,
      vm_Currency: 'ZAR',
    });
  });
});
