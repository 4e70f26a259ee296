import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { partnerClouds, productSpecs, products, regions } from '../../../db/schema.ts';
import { seedDemoCatalogue } from '../../../db/seed/demo-catalogue-seed.ts';
import { demoRegions } from '../../../db/seed/demo-catalogue.ts';
import { completeCompany, upsertCompany } from '../../../db/seed/factories.ts';

const ACME = 'https://portal.acme-cloud.example';
const ZEBRA = 'https://zebra-hosting.example';
const EMPTY = 'https://empty-cloud.example';

type Card = { productID: number; productName: string; osType: string; vm_Cost: string | null };
const names = (cards: Card[]) => cards.map((c) => c.productName);
const noFilter = { operatingSystem: 0, virtualMachine: 0, processor: 0, memory: 0, disk: 0, region: 0, IPType: 0 };

describe('the marketplace catalogue', () => {
  let t: TestContext;
  let zebraProductId: number;
  let acmeRegions: Record<string, number>;
  let zebraRegionId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const acme = await upsertCompany(db, completeCompany('acme', 'Acme Cloud'), [ACME]);
    await db.insert(regions).values(demoRegions.map((r) => ({ ...r, companyId: acme.id })));
    await seedDemoCatalogue(db, acme.id);
    acmeRegions = Object.fromEntries((await db.select().from(regions).where(eq(regions.companyId, acme.id))).map((r) => [r.name, r.id]));

    const zebra = await upsertCompany(db, completeCompany('zebra', 'Zebra Hosting'), [ZEBRA]);
    const [zr] = await db
      .insert(regions)
      .values({ companyId: zebra.id, name: 'Kenya', iso2: 'KE', currency: 'KES', taxPercent: '16.00' })
      .returning();
    zebraRegionId = zr!.id;
    const [zp] = await db
      .insert(products)
      .values({
        companyId: zebra.id,
        name: 'Zebra Secret VM',
        serviceName: 'virtualmachine',
        serviceType: 'simulator',
        osType: 'ubuntu',
        currency: 'KES',
      })
      .returning();
    zebraProductId = zp!.id;
    await db
      .insert(productSpecs)
      .values({ productId: zp!.id, name: 'Memory', unit: 'GB', defaultCount: 2, minValue: 1, maxValue: 4, costPerUnit: '10' });
    await db
      .insert(partnerClouds)
      .values({ companyId: zebra.id, cloudTitle: 'Zebra Partner', websiteUrl: 'https://zebra-partner.example' });

    await upsertCompany(db, completeCompany('empty', 'Empty Cloud'), [EMPTY]);
  });
  afterAll(() => t.close());

  describe('marketPlace/getProducts', () => {
    it('lists a section’s VMs and custom VMs with partner clouds and filter choices, prices hidden', async () => {
      const res = await post(t.app, 'marketPlace/getProducts', { serviceName: 'virtualmachine', websiteUrl: ACME });
      expect(res.http).toBe(200);
      const data = res.body.data;
      expect(data.serviceName).toBe('virtualmachine');
      expect(names(data.VMProducts)).toEqual([
        'Ubuntu Server 24.04 LTS',
        'Windows Server 2022',
        'CentOS Stream 9',
        'Red Hat Enterprise Linux 9',
        'Kubernetes Worker Node',
        'Edge Gateway',
      ]);
      expect(names(data.GoldVMData)).toEqual(['Ubuntu GPU-ready Build Box', 'Windows Remote Desktop Host']);
      expect([...data.VMProducts, ...data.GoldVMData].every((c: Card) => c.vm_Cost === null)).toBe(true);
      expect(data.VMProducts[0]).toMatchObject({
        vm_CPU_Count: 2,
        vm_RAM_Count: 4,
        vm_RAM_Unit: 'GB',
        vm_Driver_Count: 50,
        vm_Currency: 'ZAR',
      });
      expect(data.cloudData.map((c: { cloudTitle: string }) => c.cloudTitle)).toEqual([
        'Microsoft Azure',
        'Amazon Web Services',
        'Google Cloud',
      ]);
      expect(data.filterData.operatingSystem).toEqual(['centos', 'edge', 'kubernetes', 'red hat', 'ubuntu', 'windows']);
      expect(data.filterData.ipType).toEqual(['Private IP', 'Public IP']);
      expect(data.filterData.country.map((c: { regionName: string }) => c.regionName)).toEqual(['Kenya', 'South Africa']);
      expect(data.filterData.specs.memory).toEqual({ max: 128, step: 1, unit: 'GB' });
      expect(data.filterData.products).toHaveLength(8);
    });

    it('answers "all" with every section and an unknown section with empty lists', async () => {
      const all = await post(t.app, 'marketPlace/getProducts', { serviceName: 'all', websiteUrl: ACME });
      expect(names(all.body.data.VMProducts)).toContain('Kubernetes Control Plane');
      const none = await post(t.app, 'marketPlace/getProducts', { serviceName: 'no-such-section', websiteUrl: ACME });
      expect(none.http).toBe(200);
      expect(none.body.data).toMatchObject({ VMProducts: [], GoldVMData: [], serviceName: 'no-such-section' });
      expect(none.body.data.filterData.operatingSystem).toEqual([]);
    });

    it('shows each company only its own products and partner clouds', async () => {
      const zebra = await post(t.app, 'marketPlace/getProducts', { serviceName: 'all', websiteUrl: ZEBRA });
      expect(names(zebra.body.data.VMProducts)).toEqual(['Zebra Secret VM']);
      expect(zebra.body.data.cloudData.map((c: { cloudTitle: string }) => c.cloudTitle)).toEqual(['Zebra Partner']);
      const acme = await post(t.app, 'marketPlace/getProducts', { serviceName: 'all', websiteUrl: ACME });
      expect(JSON.stringify(acme.body)).not.toContain('Zebra');
    });

    it('gives a company without products empty lists', async () => {
      const res = await post(t.app, 'marketPlace/getProducts', { serviceName: 'all', websiteUrl: EMPTY });
      expect(res.http).toBe(200);
      expect(res.body.data).toMatchObject({ VMProducts: [], GoldVMData: [], cloudData: [] });
      expect(res.body.data.filterData.specs.processor).toEqual({ max: 0, step: 1, unit: 'vCPU' });
    });

    it('answers an unknown site with 404 "Company not registered yet"', async () => {
      const res = await post(t.app, 'marketPlace/getProducts', { serviceName: 'all', websiteUrl: 'https://stranger.example' });
      expect(res.http).toBe(404);
      expect(res.body).toEqual({ status: 404, message: 'Company not registered yet', data: null });
    });

    it('serves a changed catalogue once the change is announced on the cache bus', async () => {
      const before = await post(t.app, 'marketPlace/getProducts', { serviceName: 'all', websiteUrl: ZEBRA });
      await t.database.db.update(products).set({ name: 'Zebra Renamed VM' }).where(eq(products.id, zebraProductId));
      const cached = await post(t.app, 'marketPlace/getProducts', { serviceName: 'all', websiteUrl: ZEBRA });
      expect(cached.body.data.VMProducts[0].productName).toBe(before.body.data.VMProducts[0].productName);
      await t.modules.platform.caches.invalidate('catalogue');
      const fresh = await post(t.app, 'marketPlace/getProducts', { serviceName: 'all', websiteUrl: ZEBRA });
      expect(fresh.body.data.VMProducts[0].productName).toBe('Zebra Renamed VM');
    });
  });

  describe('marketPlace/getFilteredProducts', () => {
    const filter = (body: Record<string, unknown>, site = ACME) =>
      post(t.app, 'marketPlace/getFilteredProducts', { ...noFilter, serviceName: 'all', websiteUrl: site, ...body });

    it('with nothing selected returns the whole section as the first element of a list', async () => {
      const res = await filter({ serviceName: 'virtualmachine' });
      expect(res.http).toBe(200);
      expect(res.body.data).toHaveLength(1);
      expect(res.body.data[0].VMProducts).toHaveLength(6);
      expect(res.body.data[0].GoldVMData).toHaveLength(2);
    });

    it('filters by operating system and by one product', async () => {
      const os = await filter({ operatingSystem: 'Ubuntu' });
      expect(names(os.body.data[0].VMProducts)).toEqual(['Ubuntu Server 24.04 LTS']);
      expect(names(os.body.data[0].GoldVMData)).toEqual(['Ubuntu GPU-ready Build Box']);
      const all = await post(t.app, 'marketPlace/getProducts', { serviceName: 'all', websiteUrl: ACME });
      const windows = all.body.data.VMProducts.find((c: Card) => c.osType === 'windows');
      const one = await filter({ operatingSystem: 'windows', virtualMachine: windows.productID });
      expect(names(one.body.data[0].VMProducts)).toEqual(['Windows Server 2022']);
      expect(one.body.data[0].GoldVMData).toEqual([]);
    });

    it('treats processor, memory and disk as minimums the product can be configured to', async () => {
      const res = await filter({ processor: 20, memory: 100 });
      expect(names(res.body.data[0].VMProducts)).toEqual(['Kubernetes Worker Node', 'Kubernetes Compute Pool']);
      const disk = await filter({ disk: 1500 });
      expect(names(disk.body.data[0].VMProducts)).toEqual(['Kubernetes Compute Pool']);
    });

    it('filters by region (products without regions are sold everywhere) and by IP type', async () => {
      const kenya = await filter({ region: acmeRegions['Kenya'] });
      expect(names(kenya.body.data[0].VMProducts)).not.toContain('Red Hat Enterprise Linux 9');
      expect(names(kenya.body.data[0].VMProducts)).toContain('Ubuntu Server 24.04 LTS');
      const sa = await filter({ region: acmeRegions['South Africa'] });
      expect(names(sa.body.data[0].VMProducts)).toContain('Red Hat Enterprise Linux 9');
      const privateIp = await filter({ IPType: 'Private IP' });
      expect(names(privateIp.body.data[0].VMProducts)).toEqual(['CentOS Stream 9', 'Kubernetes Worker Node', 'Kubernetes Compute Pool']);
    });

    it('matches nothing for another company’s region or product, and nothing when no product fits', async () => {
      expect((await filter({ region: zebraRegionId })).body.data[0]).toEqual({ VMProducts: [], GoldVMData: [] });
      expect((await filter({ virtualMachine: zebraProductId })).body.data[0]).toEqual({ VMProducts: [], GoldVMData: [] });
      expect((await filter({ memory: 999_999 })).body.data[0]).toEqual({ VMProducts: [], GoldVMData: [] });
      expect((await filter({}, EMPTY)).body.data).toEqual([{ VMProducts: [], GoldVMData: [] }]);
    });

    it('names a field with a wrong type', async () => {
      const res = await filter({ memory: 'lots', region: -1 });
      expect(res.http).toBe(400);
      expect(Object.keys(res.body.data.fieldErrors).sort()).toEqual(['memory', 'region']);
    });
  });

  describe('marketPlace/getSpecification', () => {
    it('lists a product’s specification rows in order, costs hidden from visitors', async () => {
      const all = await post(t.app, 'marketPlace/getProducts', { serviceName: 'all', websiteUrl: ACME });
      const res = await post(t.app, 'marketPlace/getSpecification', { productID: all.body.data.VMProducts[0].productID }, { origin: ACME });
      expect(res.http).toBe(200);
      expect(res.body.data.map((r: { specificationName: string }) => r.specificationName)).toEqual(['Processor', 'Memory', 'Disk']);
      expect(res.body.data[1]).toEqual({
        specificationName: 'Memory',
        specificationUnit: 'GB',
        specificationCount: 4,
        minValue: 1,
        maxValue: 16,
        size: 1,
        costPerUnit: null,
        totalCost: null,
        sequence: 1,
        tax: '16.00',
      });
    });

    it('answers another company’s product and an unknown one with 404', async () => {
      const foreign = await post(t.app, 'marketPlace/getSpecification', { productID: zebraProductId, websiteUrl: ACME });
      expect(foreign.http).toBe(404);
      expect(foreign.body).toEqual({ status: 404, message: 'Data Not Found', data: null });
      const own = await post(t.app, 'marketPlace/getSpecification', { productID: zebraProductId, websiteUrl: ZEBRA });
      expect(own.http).toBe(200);
      expect((await post(t.app, 'marketPlace/getSpecification', { productID: 987654, websiteUrl: ACME })).http).toBe(404);
    });

    it('names productID when it is missing or not a positive whole number', async () => {
      for (const productID of [undefined, 'abc', 0, 1.5]) {
        const res = await post(t.app, 'marketPlace/getSpecification', { productID, websiteUrl: ACME });
        expect(res.http).toBe(400);
        expect(res.body.data.fieldErrors).toEqual({ productID: 'Product ID must be a positive whole number' });
      }
    });
  });

  describe('marketplace/getExternalCloud', () => {
    it('lists the company’s partner clouds, and an empty list for a company with none', async () => {
      const zebra = await post(t.app, 'marketplace/getExternalCloud', { websiteUrl: ZEBRA });
      expect(zebra.http).toBe(200);
      expect(zebra.body.data).toEqual([
        {
          ID: expect.any(Number),
          cloudTitle: 'Zebra Partner',
          description: '',
          imagePath: null,
          websiteUrl: 'https://zebra-partner.example',
        },
      ]);
      const empty = await post(t.app, 'marketplace/getExternalCloud', { websiteUrl: EMPTY });
      expect(empty.body).toMatchObject({ status: 200, data: [] });
    });

    it('needs a website URL', async () => {
      const res = await post(t.app, 'marketplace/getExternalCloud', {});
      expect(res.http).toBe(400);
      expect(Object.keys(res.body.data.fieldErrors)).toEqual(['websiteUrl']);
    });
  });
});
