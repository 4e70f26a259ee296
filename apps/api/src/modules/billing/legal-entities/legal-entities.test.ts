import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalEntityMessages as texts } from '@mawingu/contracts/admin/legal-entities';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { createRegion } from '../../../db/seed/purchase-factories.ts';
import { completeCompany, upsertCompany } from '../../../db/seed/factories.ts';

/** The console's legal entities: form errors name the field, series prefixes stay apart, one company never sees another's. */
describe('legal entities in the console', () => {
  let t: TestContext;
  let acmeId: number;
  let zebraId: number;
  let admin: SignedInOperator;
  let support: SignedInOperator;
  let zebraAdmin: SignedInOperator;
  let kenyaId: number;

  const KENYA = {
    name: 'Acme Kenya Limited',
    address: 'Westlands, Nairobi',
    taxCountry: 'KE',
    taxNumber: 'P051234567X',
    seriesPrefix: 'KE-',
    timeZone: 'Africa/Nairobi',
    currency: 'KES',
  };
  const url = (companyId = acmeId) => `/companies/${companyId}/legal-entities`;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    acmeId = (await upsertCompany(db, completeCompany('acme-entities', 'Acme Cloud'), ['https://acme-entities.example'])).id;
    zebraId = (await upsertCompany(db, completeCompany('zebra-entities', 'Zebra Hosting'), ['https://zebra-entities.example'])).id;
    kenyaId = (await createRegion(db, acmeId, { name: 'Kenya', iso2: 'KE', currency: 'KES', taxPercent: '16.00' })).id;
    await createRegion(db, acmeId, { name: 'South Africa', iso2: 'ZA', currency: 'ZAR', taxPercent: '15.00' });
    admin = await signInOperator(t, 'admin', acmeId);
    support = await signInOperator(t, 'support', acmeId);
    zebraAdmin = await signInOperator(t, 'admin', zebraId);
  });
  afterAll(() => t.close());

  it('lists none at first: every region sells as the company itself', async () => {
    const res = await adminCall(t, admin, 'GET', url());
    expect(res.http).toBe(200);
    expect(res.body.data.entities).toEqual([]);
    expect(res.body.data.regions.map((r: { name: string; legalEntityId: null }) => [r.name, r.legalEntityId])).toEqual([
      ['Kenya', null],
      ['South Africa', null],
    ]);
  });

  it('refuses a bad form with a message on each wrong field, and stores nothing', async () => {
    const res = await adminCall(t, admin, 'POST', url(), {
      ...KENYA,
      name: ' ',
      taxNumber: '4123456789',
      seriesPrefix: 'ke 1',
      timeZone: 'Africa/Atlantis',
      currency: 'shilling',
    });
    expect(res.http).toBe(400);
    const fields = res.body.data.fieldErrors;
    expect(fields).toMatchObject({
      name: texts.nameRequired,
      taxNumber: texts.kraPinInvalid,
      seriesPrefix: texts.prefixInvalid,
      timeZone: texts.timeZoneInvalid,
      currency: texts.currencyInvalid,
    });
    const za = await adminCall(t, admin, 'POST', url(), { ...KENYA, taxCountry: 'ZA', taxNumber: 'P051234567X' });
    expect(za.body.data.fieldErrors).toEqual({ taxNumber: texts.vatNumberInvalid });
    expect((await adminCall(t, admin, 'GET', url())).body.data.entities).toEqual([]);
  });

  it('adds an entity, names it as a region’s seller, and refuses a second entity with the same prefix on its field', async () => {
    const created = await adminCall(t, admin, 'POST', url(), KENYA);
    expect(created.http, created.body.message).toBe(200);
    expect(created.body.message).toBe(texts.saved);
    const entity = created.body.data.entities[0];
    expect(entity).toMatchObject({ ...KENYA, invoiceCount: 0 });
    const twin = await adminCall(t, admin, 'POST', url(), { ...KENYA, name: 'Another' });
    expect(twin.http).toBe(400);
    expect(twin.body.data.fieldErrors).toEqual({ seriesPrefix: texts.prefixTaken });

    const sellers = await adminCall(t, admin, 'PUT', `/companies/${acmeId}/region-sellers`, {
      regions: [{ regionId: kenyaId, legalEntityId: entity.id }],
    });
    expect(sellers.http).toBe(200);
    expect(sellers.body.data.regions.find((r: { id: number }) => r.id === kenyaId).legalEntityId).toBe(entity.id);

    // In use: it cannot be removed.
    const removed = await adminCall(t, admin, 'DELETE', `${url()}/${entity.id}`);
    expect(removed.http).toBe(409);
    expect(removed.body.message).toBe(texts.inUse);
  });

  it("keeps companies apart: another company's entity and region are refused, its admin sees none of them", async () => {
    const zebraEntity = await adminCall(t, zebraAdmin, 'POST', url(zebraId), { ...KENYA, name: 'Zebra Kenya' });
    expect(zebraEntity.http).toBe(200);
    const foreignId = zebraEntity.body.data.entities[0].id as number;
    const wrong = await adminCall(t, admin, 'PUT', `/companies/${acmeId}/region-sellers`, {
      regions: [{ regionId: kenyaId, legalEntityId: foreignId }],
    });
    expect(wrong.http).toBe(400);
    expect(wrong.body.data.fieldErrors).toEqual({
      'regions.0.legalEntityId': texts.entityNotFound,
    });
    expect((await adminCall(t, admin, 'PUT', `${url()}/${foreignId}`, KENYA)).http).toBe(404);
    expect((await adminCall(t, admin, 'DELETE', `${url()}/${foreignId}`)).http).toBe(404);
    expect((await adminCall(t, zebraAdmin, 'GET', url())).http).toBe(404);
    expect((await adminCall(t, support, 'GET', url())).http).toBe(403);
  });
});
