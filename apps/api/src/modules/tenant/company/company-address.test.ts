import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyAddresses } from '../../../db/schema.ts';
import { completeCompany, upsertCompany } from '../../../db/seed/factories.ts';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';

const ACME = 'https://acme-offices.example';
const ZEBRA = 'https://zebra-offices.example';

describe('home/getCompanyAddress', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestApp();
    const acme = await upsertCompany(t.database.db, { ...completeCompany('acme-offices', 'Acme Cloud'), bannerMessage: 'Now in Kenya' }, [
      ACME,
    ]);
    const zebra = await upsertCompany(t.database.db, completeCompany('zebra-offices', 'Zebra Hosting'), [ZEBRA]);
    await t.database.db.insert(companyAddresses).values([
      { companyId: acme.id, address: '2 Second Street', city: 'Nairobi', country: 'Kenya', sortOrder: 1 },
      { companyId: acme.id, address: '1 First Street', city: 'NA', country: 'South Africa', sortOrder: 0 },
      { companyId: zebra.id, address: 'Zebra House', city: 'Kampala', country: 'Uganda', sortOrder: 0 },
    ]);
  });
  afterAll(() => t.close());

  it('lists the calling company’s offices in their order, "NA" as stored', async () => {
    const res = await post(t.app, 'home/getCompanyAddress', { websiteUrl: ACME });
    expect(res.body).toEqual({
      status: 200,
      message: 'Success',
      data: [
        { address: '1 First Street', city: 'NA', country: 'South Africa' },
        { address: '2 Second Street', city: 'Nairobi', country: 'Kenya' },
      ],
    });
  });

  it('answers an unknown site with "Company not registered yet"', async () => {
    const res = await post(t.app, 'home/getCompanyAddress', { websiteUrl: 'https://stranger.example' });
    expect(res.http).toBe(404);
    expect(res.body.data).toBeNull();
  });

  it('puts the banner message into the configuration', async () => {
    const res = await post(t.app, 'getCompanyConfiguration', { customerUrl: ACME });
    expect(res.body.data.bannerMessage).toBe('Now in Kenya');
    expect((await post(t.app, 'getCompanyConfiguration', { customerUrl: ZEBRA })).body.data.bannerMessage).toBe('');
  });
});
