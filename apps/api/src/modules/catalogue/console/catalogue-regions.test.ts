import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueMessages as m } from '@mawingu/contracts/admin/catalogue';
import { fill, messages } from '@mawingu/contracts/messages';
import { CLONE_DURATIONS } from '@mawingu/contracts/vm-changes';
import type { SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { authHeaders, type SignedIn } from '../../../../test/sign-in.ts';
import { post, type TestContext } from '../../../../test/test-app.ts';
import { regionGateways, regions } from '../../../db/schema.ts';
import { createSimulatedVm } from '../../../db/seed/vm-factories.ts';
import { openCatalogueSettingsWorld, SITE, type CatalogueSettingsWorld } from './catalogue-settings.test-helper.ts';

describe('console catalogue: regions, tax, time periods and clone durations', () => {
  let t: TestContext;
  let acme: number;
  let za: number;
  let admin: SignedInOperator;
  let otherAdmin: SignedInOperator;
  let buyer: SignedIn;
  let productId: number;
  let call: CatalogueSettingsWorld['call'];
  let lastAudit: CatalogueSettingsWorld['lastAudit'];
  let details: CatalogueSettingsWorld['details'];
  let productBody: CatalogueSettingsWorld['productBody'];

  beforeAll(async () => {
    ({ t, acme, za, admin, otherAdmin, buyer, productId, call, lastAudit, details, productBody } = await openCatalogueSettingsWorld());
  });
  afterAll(() => t.close());

  describe('regions and tax', () => {
    it('adds a region, changes its tax (the configurator shows it at once) and audits both', async () => {
      expect((await details()).country.map((c: { countryName: string }) => c.countryName)).toEqual(['South Africa']);
      const added = await call(admin, 'POST', '/regions', { name: 'Namibia', iso2: 'na', currency: 'zar', taxPercent: '15' });
      expect(added.http).toBe(200);
      expect(added.body.data).toMatchObject({ name: 'Namibia', iso2: 'NA', currency: 'ZAR', taxPercent: '15.00', inUse: false });
      expect(await lastAudit('catalogue.region.create')).toMatchObject({ targetId: String(added.body.data.id), companyId: acme });
      // Sold everywhere: the new region is offered at once.
      expect((await details()).country.map((c: { countryName: string }) => c.countryName)).toEqual(['Namibia', 'South Africa']);

      const changed = await call(admin, 'PUT', `/regions/${added.body.data.id}`, {
        name: 'Namibia',
        iso2: 'NA',
        currency: 'ZAR',
        taxPercent: '14.50',
      });
      expect(changed.http).toBe(200);
      expect((await details()).country.find((c: { countryName: string }) => c.countryName === 'Namibia').taxValue).toBe('14.50');
      expect(await lastAudit('catalogue.region.update')).toMatchObject({ before: { taxPercent: '15.00' }, after: { taxPercent: '14.50' } });

      expect((await call(admin, 'DELETE', `/regions/${added.body.data.id}`)).http).toBe(200);
      expect((await details()).country.map((c: { countryName: string }) => c.countryName)).toEqual(['South Africa']);
    });

    it('keeps a region’s currency one its gateways take: PayFast in a rand region cannot turn to shillings', async () => {
      const lesotho = (await call(admin, 'POST', '/regions', { name: 'Lesotho', iso2: 'LS', currency: 'ZAR', taxPercent: '15' })).body.data
        .id as number;
      await t.database.db.insert(regionGateways).values({ companyId: acme, regionId: lesotho, gateway: 'payfast', sortOrder: 0 });
      const refused = await call(admin, 'PUT', `/regions/${lesotho}`, { name: 'Lesotho', iso2: 'LS', currency: 'KES', taxPercent: '15' });
      expect(refused.http).toBe(400);
      expect(refused.body.data.fieldErrors).toEqual({ currency: fill(m.regionCurrencyGateway, { gateway: 'PayFast', currency: 'KES' }) });
      expect((await t.database.db.select().from(regions).where(eq(regions.id, lesotho)))[0]!.currency).toBe('ZAR');
      expect((await call(admin, 'DELETE', `/regions/${lesotho}`)).http).toBe(200);
    });

    it('refuses bad regions with 400 naming the field', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ taxPercent: '100.5' }, 'taxPercent', m.percentFormat],
        [{ taxPercent: '-1' }, 'taxPercent', m.percentFormat],
        [{ taxPercent: '15.123' }, 'taxPercent', m.percentFormat],
        [{ iso2: 'ZAF' }, 'iso2', m.iso2Format],
        [{ currency: 'RAND' }, 'currency', m.currencyFormat],
        [{ name: '' }, 'name', m.required],
        [{ name: 'south africa' }, 'name', m.regionNameTaken],
      ];
      for (const [overrides, field, message] of cases) {
        const res = await call(admin, 'POST', '/regions', {
          name: 'Botswana',
          iso2: 'BW',
          currency: 'BWP',
          taxPercent: '14',
          ...overrides,
        });
        expect(res.http, field).toBe(400);
        expect(res.body.data.fieldErrors[field], field).toBe(message);
      }
      expect((await t.database.db.select().from(regions).where(eq(regions.companyId, acme))).map((r) => r.name)).toEqual(['South Africa']);
    });

    it('keeps a region that orders, VMs or products use, and a currency its products are priced in', async () => {
      const kenya = (await call(admin, 'POST', '/regions', { name: 'Kenya', iso2: 'KE', currency: 'KES', taxPercent: '16' })).body.data
        .id as number;
      const shillings = await call(admin, 'POST', '/products', productBody({ name: 'Shilling VM', currency: 'KES', regionIds: [kenya] }));
      expect(shillings.http).toBe(200);
      const refused = await call(admin, 'DELETE', `/regions/${kenya}`);
      expect(refused.http).toBe(409);
      expect(refused.body.message).toBe(m.regionHasProducts);
      const currency = await call(admin, 'PUT', `/regions/${kenya}`, { name: 'Kenya', iso2: 'KE', currency: 'USD', taxPercent: '16' });
      expect(currency.body.data.fieldErrors.currency).toBe(m.regionCurrencyInUse);

      await createSimulatedVm(t.database.db, {
        companyId: acme,
        customerId: buyer.customerId,
        productId,
        name: 'vm-in-za',
        os: 'ubuntu',
        cpu: 2,
        ramGb: 4,
        diskGb: 40,
        regionId: za,
      });
      const used = await call(admin, 'DELETE', `/regions/${za}`);
      expect(used.http).toBe(409);
      expect(used.body.message).toBe(m.regionInUse);
      // Each region is judged by its own use: with one in use, an unused one is still deleted.
      const unused = (await call(admin, 'POST', '/regions', { name: 'Botswana', iso2: 'BW', currency: 'BWP', taxPercent: '14' })).body.data
        .id as number;
      const regionsNow = (await call(admin, 'GET', '/regions')).body.data as Array<{ id: number; inUse: boolean }>;
      expect(regionsNow.filter((r) => r.id === za || r.id === unused).map((r) => [r.id, r.inUse])).toEqual(
        expect.arrayContaining([
          [za, true],
          [unused, false],
        ]),
      );
      expect((await call(admin, 'DELETE', `/regions/${unused}`)).http).toBe(200);
      expect(await lastAudit('catalogue.region.delete')).toMatchObject({ targetId: String(unused) });
    });
  });

  describe('time periods and clone durations', () => {
    it('adds, changes and removes time periods the configurator offers', async () => {
      const added = await call(admin, 'POST', '/time-periods', { days: 90, label: 'Quarter', sortOrder: 1 });
      expect(added.http).toBe(200);
      expect((await details()).timePeriod).toEqual([
        { TimePeriod: 30, label: '30 Days' },
        { TimePeriod: 90, label: 'Quarter' },
      ]);
      expect(await lastAudit('catalogue.time_period.create')).toMatchObject({ after: { days: 90, label: 'Quarter' } });
      expect((await call(admin, 'PUT', `/time-periods/${added.body.data.id}`, { days: 180, label: 'Half year', sortOrder: 1 })).http).toBe(
        200,
      );
      expect((await details()).timePeriod.map((p: { TimePeriod: number }) => p.TimePeriod)).toEqual([30, 180]);

      const taken = await call(admin, 'POST', '/time-periods', { days: 30, label: 'Again' });
      expect(taken.http).toBe(400);
      expect(taken.body.data.fieldErrors.days).toBe(m.periodTaken);
      expect((await call(admin, 'POST', '/time-periods', { days: 0, label: 'None' })).body.data.fieldErrors.days).toBe(m.daysRange);
      expect((await call(admin, 'POST', '/time-periods', { days: 10, label: '' })).body.data.fieldErrors.label).toBe(m.required);

      expect((await call(admin, 'DELETE', `/time-periods/${added.body.data.id}`)).http).toBe(200);
      expect((await details()).timePeriod.map((p: { TimePeriod: number }) => p.TimePeriod)).toEqual([30]);
      expect((await call(otherAdmin, 'DELETE', `/time-periods/${added.body.data.id}`)).http).toBe(404);
    });

    it('replaces the clone durations the clone page offers and only accepts those in clone orders', async () => {
      const vm = await createSimulatedVm(t.database.db, {
        companyId: acme,
        customerId: buyer.customerId,
        productId,
        name: 'vm-clone-src',
        os: 'ubuntu',
        cpu: 2,
        ramGb: 4,
        diskGb: 40,
        regionId: za,
      });
      const cloneDetails = async () =>
        (await post(t.app, 'virtualMachine/getVMDetailForCloneVm', { productID: vm.id }, authHeaders(SITE, buyer))).body.data;
      const initial = await call(admin, 'GET', '/clone-durations');
      expect(initial.body.data).toEqual({ counts: [...CLONE_DURATIONS], usesDefault: true, defaults: [...CLONE_DURATIONS] });
      expect((await cloneDetails()).cloneDuration).toEqual([...CLONE_DURATIONS]);

      const set = await call(admin, 'PUT', '/clone-durations', { counts: [3, 9] });
      expect(set.http).toBe(200);
      expect(set.body.data).toMatchObject({ counts: [3, 9], usesDefault: false });
      expect((await cloneDetails()).cloneDuration).toEqual([3, 9]);
      expect(await lastAudit('catalogue.clone_durations.update')).toMatchObject({ after: { counts: [3, 9] } });

      // Daily × 3 = 72 h of 720: 2 × 100 × 0.1 = 20.00, 4 × 50 × 0.1 = 20.00, 40 × 2 × 0.1 = 8.00.
      const clone = (cloneDuration: number) =>
        post(
          t.app,
          'virtualMachine/createOrderForcloneVM',
          {
            clientVMID: vm.id,
            ramCount: 4,
            ramUnit: 'GB',
            processorCount: 2,
            processorUnit: 'cores',
            diskCount: 40,
            diskUnit: 'GB',
            cost: '48.00',
            taxAmount: '7.20',
            totalAmount: '55.20',
            currency: 'ZAR',
            timePeriod: 30,
            byPassflag: 1,
            cloneDuration,
            cloneDurationType: 'daily',
          },
          authHeaders(SITE, buyer),
        );
      const notOffered = await clone(7);
      expect(notOffered.http).toBe(400);
      expect(notOffered.body.data.fieldErrors.cloneDuration).toBe(messages.selectDurationDays);
      const offered = await clone(3);
      expect(offered.http, offered.body.message).toBe(200);
      expect(offered.body.data).toMatchObject({ cost: '48.00', amount: '55.20' });

      expect((await call(admin, 'PUT', '/clone-durations', { counts: [3, 3] })).body.data.fieldErrors.counts).toBe(m.cloneCountsDistinct);
      expect((await call(admin, 'PUT', '/clone-durations', { counts: [0] })).body.data.fieldErrors['counts.0']).toBe(m.cloneCountRange);
      const reset = await call(admin, 'PUT', '/clone-durations', { counts: [] });
      expect(reset.body.data).toMatchObject({ usesDefault: true, counts: [...CLONE_DURATIONS] });
    });
  });
});
