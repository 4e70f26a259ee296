import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getUserVMsResponse } from '@mawingu/contracts/vms';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { authHeaders, signIn } from '../../../../test/sign-in.ts';
import { products } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';

const ACME = 'https://acme-vmlist.example';
const ZEBRA = 'https://zebra-vmlist.example';

describe('GET /api/virtualMachine/getUserVMs', () => {
  let t: TestContext;
  let acme: number;
  let zebra: number;
  let thandi: number;
  let sipho: number;
  let zebraThandi: number;

  async function productOf(companyId: number, isGoldCopy = false) {
    const [row] = await t.database.db
      .insert(products)
      .values({
        companyId,
        name: 'Windows Server',
        serviceName: 'virtualmachine',
        serviceType: 'simulator',
        osType: 'Windows Server 2022',
        isGoldCopy,
      })
      .returning({ id: products.id });
    return row!.id;
  }

  const list = (site: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/virtualMachine/getUserVMs', headers: { origin: site, ...headers } });

  beforeAll(async () => {
    t = await createTestApp({ SIMULATOR_BOOT_MS: '0' });
    const db = t.database.db;
    acme = (await upsertCompany(db, completeCompany('acme-vmlist', 'Acme Cloud'), [ACME])).id;
    zebra = (await upsertCompany(db, completeCompany('zebra-vmlist', 'Zebra Hosting'), [ZEBRA])).id;
    thandi = (await createCustomer(db, acme, { email: 'thandi@example.co.za' })).id;
    sipho = (await createCustomer(db, acme, { email: 'sipho@example.co.za' })).id;
    // The same mailbox registered with another brand is another customer.
    zebraThandi = (await createCustomer(db, zebra, { email: 'thandi@example.co.za' })).id;
    const acmeProduct = await productOf(acme, true);
    const zebraProduct = await productOf(zebra);
    const base = { cpu: 4, ramGb: 8, diskGb: 120, regionId: null, days: 90 };
    const vms = t.modules.machines.vms;
    await vms.provisionForOrder({ ...base, orderId: 1, companyId: acme, customerId: thandi, productId: acmeProduct, name: 'thandi-db' });
    await vms.provisionForOrder({ ...base, orderId: 2, companyId: acme, customerId: sipho, productId: acmeProduct, name: 'sipho-web' });
    await vms.provisionForOrder({
      ...base,
      orderId: 3,
      companyId: zebra,
      customerId: zebraThandi,
      productId: zebraProduct,
      name: 'zebra-app',
    });
  });
  afterAll(() => t.close());

  it('lists the customer’s own VMs with the spec’s Active VM fields', async () => {
    const res = await list(ACME, authHeaders(ACME, await signIn(t, acme, thandi)));
    expect(res.statusCode).toBe(200);
    const body = getUserVMsResponse.parse(res.json());
    expect(body.data).toHaveLength(1);
    const vm = body.data[0]!;
    expect(vm).toMatchObject({
      vmName: 'thandi-db',
      aliasName: null,
      operatingSystem: 'Windows Server 2022',
      cpu_Count: 4,
      ram_Count: 8,
      disk_Count: 120,
      ciscoMerakiIP: null,
      isBlocked: 0,
      isClone: 0,
      isGoldCopy: 1,
      isRenewed: 0,
      serviceCategory: 'simulator',
      vmStatus: 'running',
      pendingAction: null,
      publicIpState: null,
    });
    expect(vm.createdUUID).toMatch(/^sim-/);
    expect(Date.parse(vm.endDate!) - Date.parse(vm.startDate!)).toBe(90 * 24 * 3600 * 1000);
  });

  it('shows nothing of anyone else: another customer, or the same mailbox at another brand', async () => {
    const siphoRes = await list(ACME, authHeaders(ACME, await signIn(t, acme, sipho)));
    expect(siphoRes.json().data.map((v: { vmName: string }) => v.vmName)).toEqual(['sipho-web']);
    const zebraRes = await list(ZEBRA, authHeaders(ZEBRA, await signIn(t, zebra, zebraThandi)));
    expect(zebraRes.json().data.map((v: { vmName: string }) => v.vmName)).toEqual(['zebra-app']);
    const newcomer = (await createCustomer(t.database.db, acme, { email: 'lerato@example.co.za' })).id;
    const empty = await list(ACME, authHeaders(ACME, await signIn(t, acme, newcomer)));
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual([]);
  });

  it('refuses a visitor and a token of another brand with 401', async () => {
    const visitor = await list(ACME, {});
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ status: 401, data: null });
    const foreign = await list(ACME, authHeaders(ACME, await signIn(t, zebra, zebraThandi)));
    expect(foreign.statusCode).toBe(401);
  });
});
