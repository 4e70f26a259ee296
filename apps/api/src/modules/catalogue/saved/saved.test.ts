import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { expiredToken } from '../../../../test/expired-token.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { products, regions, savedConfigurations } from '../../../db/schema.ts';
import { seedDemoCatalogue } from '../../../db/seed/demo-catalogue-seed.ts';
import { demoRegions } from '../../../db/seed/demo-catalogue.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';

const ACME = 'https://acme-saved.example';
const ZEBRA = 'https://zebra-saved.example';

describe('saved items', () => {
  let t: TestContext;
  let thandi: SignedIn;
  let sipho: SignedIn;
  let zebraCustomer: SignedIn;
  let ubuntu: number;
  let goldBox: number;
  let zebraProduct: number;
  let acmeRegion: number;
  let zebraRegion: number;

  const productId = async (companyId: number, name: string) =>
    (
      await t.database.db
        .select()
        .from(products)
        .where(and(eq(products.companyId, companyId), eq(products.name, name)))
    )[0]!.id;
  const regionId = async (companyId: number) => (await t.database.db.select().from(regions).where(eq(regions.companyId, companyId)))[0]!.id;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const acmeId = (await upsertCompany(db, completeCompany('acme-saved', 'Acme Cloud'), [ACME])).id;
    const zebraId = (await upsertCompany(db, completeCompany('zebra-saved', 'Zebra Hosting'), [ZEBRA])).id;
    for (const companyId of [acmeId, zebraId]) {
      await db.insert(regions).values(demoRegions.map((r) => ({ ...r, companyId })));
      await seedDemoCatalogue(db, companyId);
    }
    ubuntu = await productId(acmeId, 'Ubuntu Server 24.04 LTS');
    goldBox = await productId(acmeId, 'Ubuntu GPU-ready Build Box');
    zebraProduct = await productId(zebraId, 'Ubuntu Server 24.04 LTS');
    acmeRegion = await regionId(acmeId);
    zebraRegion = await regionId(zebraId);
    thandi = await signIn(t, acmeId, (await createCustomer(db, acmeId, { email: 'thandi@example.co.za' })).id);
    sipho = await signIn(t, acmeId, (await createCustomer(db, acmeId, { email: 'sipho@example.co.za' })).id);
    zebraCustomer = await signIn(t, zebraId, (await createCustomer(db, zebraId, { email: 'thandi@example.co.za' })).id);
  });
  afterAll(() => t.close());

  // The product page's payload (purchasing spec): Ubuntu Server allows 1–8 cores, 1–16 GB, 20–250 GB.
  const payload = (overrides: Record<string, unknown> = {}) => ({
    productID: ubuntu,
    processorCount: 4,
    processorUnit: 'cores',
    memoryCount: 8,
    memoryUnit: 'GB',
    driveCount: 100,
    driveUnit: 'GB',
    region: acmeRegion,
    totalAmount: 1234.5,
    timePeriod: 30,
    ...overrides,
  });
  const save = (body: unknown, session: SignedIn = thandi, site = ACME) =>
    post(t.app, 'virtualMachine/saveVMForLater', body, authHeaders(site, session));
  const show = async (session: SignedIn = thandi, site = ACME) =>
    (await t.app.inject({ method: 'GET', url: '/api/virtualMachine/showSavedVM', headers: authHeaders(site, session) })).json();
  const remove = (savedProductID: unknown, session: SignedIn = thandi, site = ACME) =>
    post(t.app, 'virtualMachine/deletedSavedVM', { savedProductID }, authHeaders(site, session));
  const rowCount = async () => (await t.database.db.select().from(savedConfigurations)).length;

  it('saves a configuration and lists it as a card with the product’s name, OS and image, newest first', async () => {
    const first = await save(payload());
    expect(first.http).toBe(200);
    expect(first.body.message).toBe('Your product has been successfully saved');
    const second = await save(
      payload({ productID: goldBox, processorCount: 8, memoryCount: 32, driveCount: 500, region: 0, timePeriod: 0, totalAmount: '99.90' }),
    );
    expect(second.http).toBe(200);

    const list = await show();
    expect(list.status).toBe(200);
    expect(list.data).toEqual([
      {
        ID: second.body.data.ID,
        productID: goldBox,
        vmName: 'Ubuntu GPU-ready Build Box',
        ram_Count: 32,
        disk_Count: 500,
        cpu_Count: 8,
        osType: 'ubuntu',
        imagePath: null,
      },
      {
        ID: first.body.data.ID,
        productID: ubuntu,
        vmName: 'Ubuntu Server 24.04 LTS',
        ram_Count: 8,
        disk_Count: 100,
        cpu_Count: 4,
        osType: 'ubuntu',
        imagePath: null,
      },
    ]);
    const [row] = await t.database.db.select().from(savedConfigurations).where(eq(savedConfigurations.id, second.body.data.ID));
    // "0 if empty": stored as not chosen.
    expect(row).toMatchObject({ regionId: null, timePeriod: null, totalAmount: '99.90', memoryUnit: 'GB', driveUnit: 'GB' });
  });

  it('takes empty strings for region and time period as "not chosen", like the product page sends them', async () => {
    const res = await save(payload({ region: '', timePeriod: '' }));
    expect(res.http).toBe(200);
  });

  it('refuses counts off the product’s sliders, wrong units, unknown regions and bad amounts, naming each field', async () => {
    const before = await rowCount();
    const offSliders = await save(payload({ processorCount: 9, memoryCount: 17, driveCount: 10 }));
    expect(offSliders.http).toBe(400);
    expect(offSliders.body.data.fieldErrors).toEqual({
      processorCount: 'Processor count must be a whole number from 1 to 8',
      memoryCount: 'Memory count must be a whole number from 1 to 16',
      driveCount: 'Drive count must be a whole number from 20 to 250',
    });

    const cases: [Record<string, unknown>, string, string][] = [
      [{ processorCount: 0 }, 'processorCount', 'Processor count must be a whole number from 1 to 100000'],
      [{ memoryCount: 2.5 }, 'memoryCount', 'Memory count must be a whole number from 1 to 100000'],
      [{ driveCount: 'lots' }, 'driveCount', 'Drive count must be a whole number from 1 to 100000'],
      [{ processorUnit: 'sockets' }, 'processorUnit', 'Processor unit must be cores'],
      [{ memoryUnit: 'TB' }, 'memoryUnit', 'Memory unit must be GB'],
      [{ region: zebraRegion }, 'region', 'Choose a region from the list'],
      [{ region: -1 }, 'region', 'Choose a region from the list'],
      [{ timePeriod: 5000 }, 'timePeriod', 'Time period must be a whole number of days from 0 to 3650'],
      [{ totalAmount: '12.345' }, 'totalAmount', 'Total amount must be an amount of at most 2 decimals'],
      [{ totalAmount: -5 }, 'totalAmount', 'Total amount must be an amount of at most 2 decimals'],
      [{ productID: 'abc' }, 'productID', 'Product ID must be a positive whole number'],
    ];
    for (const [change, field, message] of cases) {
      const res = await save(payload(change));
      expect(res.http, field).toBe(400);
      expect(res.body.data.fieldErrors[field], field).toBe(message);
    }
    const { memoryCount: _, ...withoutMemory } = payload();
    expect((await save(withoutMemory)).body.data.fieldErrors.memoryCount).toBe('Memory count must be a whole number from 1 to 100000');
    expect(await rowCount()).toBe(before);
  });

  it('answers 404 for another company’s product and saves nothing', async () => {
    const before = await rowCount();
    const res = await save(payload({ productID: zebraProduct }));
    expect(res.http).toBe(404);
    expect(res.body.message).toBe('Data Not Found');
    expect(await rowCount()).toBe(before);
  });

  it('shows each customer only their own saved items', async () => {
    const mine = await save(payload(), sipho);
    const siphoList = await show(sipho);
    expect(siphoList.data.map((s: { ID: number }) => s.ID)).toEqual([mine.body.data.ID]);
    expect((await show(zebraCustomer, ZEBRA)).data).toEqual([]);
  });

  it('deletes the customer’s own saved item; another customer’s or company’s is a 404 and stays', async () => {
    const target = (await save(payload())).body.data.ID as number;
    for (const [session, site] of [
      [sipho, ACME],
      [zebraCustomer, ZEBRA],
    ] as const) {
      const res = await remove(target, session, site);
      expect(res.http).toBe(404);
      expect(res.body).toEqual({ status: 404, message: 'Saved item not found', data: null });
    }
    expect((await show()).data.some((s: { ID: number }) => s.ID === target)).toBe(true);

    const res = await remove(target);
    expect(res.http).toBe(200);
    expect(res.body.message).toBe('Saved item removed');
    expect((await show()).data.some((s: { ID: number }) => s.ID === target)).toBe(false);
    expect((await remove(target)).http).toBe(404);
    expect((await remove('x')).http).toBe(400);
  });

  it('refuses every saved-items call without a live session (none, expired) with 401 and no data', async () => {
    for (const headers of [{ origin: ACME }, { ...authHeaders(ACME, thandi), authorization: await expiredToken(t, thandi) }]) {
      const replies = [
        await t.app.inject({ method: 'GET', url: '/api/virtualMachine/showSavedVM', headers }),
        await t.app.inject({ method: 'POST', url: '/api/virtualMachine/saveVMForLater', payload: payload(), headers }),
        await t.app.inject({ method: 'POST', url: '/api/virtualMachine/deletedSavedVM', payload: { savedProductID: 1 }, headers }),
      ];
      for (const reply of replies) {
        expect(reply.statusCode).toBe(401);
        expect(reply.json()).toMatchObject({ status: 401, data: null });
      }
    }
  });
});
