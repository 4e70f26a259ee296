import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { startFakeOpenNebula, type FakeOpenNebula } from '../../../../../../tools/fakes/opennebula.ts';
import { queuedMails } from '../../../../test/queued-mails.ts';
import { RAND_SPECS, specificationOf } from '../../../../test/purchase-fixtures.ts';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { cloudAccounts, vms } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { createProduct, createRegion, setPurchaseTerms } from '../../../db/seed/purchase-factories.ts';
import { ALICE_FINGERPRINT, ALICE_KEY } from './test-keys.ts';

const ACME = 'https://acme-vmaccess.example';

describe('a bought VM’s access: password once, keys, reset, cloud login (ADR 0100)', () => {
  let t: TestContext;
  let one: FakeOpenNebula;
  let thandi: SignedIn;
  let sipho: SignedIn;
  let region: number;
  let simProduct: number;
  let oneProduct: number;
  let firstPassword = '';
  const as = (who: SignedIn) => authHeaders(ACME, who);
  const view = (who: SignedIn, vm: { id: number; externalId: string | null }) =>
    post(t.app, 'vmAction/viewVM', { ID: vm.id, virDomainUUID: vm.externalId, provider: 'x' }, as(who));
  const rowOf = async (id: number) => (await t.database.db.select().from(vms).where(eq(vms.id, id)))[0]!;

  beforeAll(async () => {
    one = await startFakeOpenNebula({ transitionPolls: 0 });
    t = await createTestApp({
      SIMULATOR_BOOT_MS: '0',
      OPENNEBULA_URL: one.url,
      OPENNEBULA_USERNAME: 'oneadmin',
      OPENNEBULA_PASSWORD: 'opennebula',
    });
    const db = t.database.db;
    const acme = (await upsertCompany(db, completeCompany('acme-vmaccess', 'Acme Cloud'), [ACME])).id;
    region = (await createRegion(db, acme, { name: 'South Africa', iso2: 'ZA', currency: 'ZAR', taxPercent: '15.00' })).id;
    simProduct = (await createProduct(db, acme, { name: 'Ubuntu Test', specs: RAND_SPECS })).id;
    oneProduct = (await createProduct(db, acme, { name: 'One VM', serviceType: 'Open Nebula', template: '0', specs: RAND_SPECS })).id;
    await setPurchaseTerms(db, acme, {
      timePeriods: [{ days: 30 }],
      gateways: [{ regionId: region, gateways: ['payfast'] }],
      bypass: false,
    });
    thandi = await signIn(t, acme, (await createCustomer(db, acme, { email: 'thandi@example.co.za' })).id);
    sipho = await signIn(t, acme, (await createCustomer(db, acme, { email: 'sipho@example.co.za' })).id);
  });
  afterAll(async () => {
    await t.close();
    await one.close();
  });

  /** CreateOrder as the configurator sends it (2 vCPU, 4 GB, 50 GB, 30 days: R495 + 15 % VAT), then the paid order's provisioning. */
  async function buy(who: SignedIn, productID: number, sshKeyIDs: number[]) {
    const order = await post(
      t.app,
      'virtualMachine/CreateOrder',
      {
        productID,
        specification: specificationOf(4, 2, 50),
        region,
        timePeriod: 30,
        currency: 'ZAR',
        cost: '495.00',
        discountAmount: '0.00',
        taxAmount: '74.25',
        totalAmount: '569.25',
        paymentGateway: 'PayFast Payment',
        sshKeyIDs,
      },
      as(who),
    );
    return order;
  }
  async function provision(who: SignedIn, orderId: number, productId: number) {
    const req = {
      orderId,
      companyId: who.companyId,
      customerId: who.customerId,
      productId,
      cpu: 2,
      ramGb: 4,
      diskGb: 50,
      regionId: region,
      days: 30,
      name: `vm-${orderId}`,
    };
    return t.modules.machines.vms.provisionForOrder(req);
  }

  it('makes the machine with a sealed generated password and the picked keys; shows the password once, to its owner only', async () => {
    const key = await post(t.app, 'profileSetting/addSshKey', { name: 'Laptop', publicKey: ALICE_KEY }, as(thandi));
    const siphoKey = await post(t.app, 'profileSetting/addSshKey', { name: 'Sipho', publicKey: ALICE_KEY }, as(sipho));
    // Another customer's key id refuses the order, naming the field.
    const refused = await buy(thandi, simProduct, [siphoKey.body.data.ID]);
    expect(refused.http).toBe(400);
    expect(refused.body.data.fieldErrors).toEqual({ sshKeyIDs: messages.sshKeyNotFound });

    const order = await buy(thandi, simProduct, [key.body.data.ID]);
    expect(order.http).toBe(200);
    const vm = await provision(thandi, order.body.data.orderID, simProduct);
    expect(vm.state).toBe('running');
    expect(vm.loginUser).toBe('admin');
    expect(vm.address).toMatch(/^10\.20\.\d+\.\d+$/);

    const first = await view(thandi, vm);
    expect(first.http).toBe(200);
    const password = first.body.data.loginPassword as string;
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    firstPassword = password;
    expect(first.body.data).toMatchObject({
      address: vm.address,
      loginUser: 'admin',
      passwordShown: false,
      passwordResettable: true,
      sshKeys: [{ name: 'Laptop', fingerprint: ALICE_FINGERPRINT }],
      cloudLoginAvailable: false,
      user: null,
      password: null,
      cloudServiceUrl: null,
    });
    // Sealed at rest; the simulator (the guest) got the key and a SHA-512 crypt hash that the password opens.
    const row = await rowOf(vm.id);
    expect(row.passwordSealed).toMatch(/^v1\./);
    expect(row.passwordSealed).not.toContain(password);
    const sim = t.modules.machines.hypervisors.simulator;
    expect(await sim.accessOf(vm.externalId!)).toMatchObject({ user: 'admin', sshPublicKeys: [ALICE_KEY] });
    expect((await sim.accessOf(vm.externalId!))!.cryptedPassword).toMatch(/^\$6\$/);
    expect(await sim.checkLogin(vm.externalId!, 'admin', password)).toBe(true);
    expect(await sim.checkLogin(vm.externalId!, 'admin', 'wrong')).toBe(false);

    const again = await view(thandi, vm);
    expect(again.body.data).toMatchObject({ loginPassword: null, passwordShown: true, loginUser: 'admin' });
    const foreign = await view(sipho, vm);
    expect(foreign.http).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain(password);

    // The ready mail names the address and the user, never the password, and says where to see it.
    const [mail] = await queuedMails(t, 'thandi@example.co.za');
    expect(mail!.text).toContain(`Address: ${vm.address}. User: admin.`);
    expect(mail!.text).toContain('open the machine with View under Products');
    expect(mail!.text + mail!.html).not.toContain(password);

    // The list row shows address and user.
    const list = await t.app.inject({ method: 'GET', url: '/api/virtualMachine/getUserVMs', headers: as(thandi) });
    expect(list.json().data.find((v: { ID: number }) => v.ID === vm.id)).toMatchObject({ address: vm.address, loginUser: 'admin' });
  });

  it('the simulator console asks for the login, refuses a wrong password, accepts the VM’s and shows a shell prompt', async () => {
    const [vm] = await t.database.db.select().from(vms).where(eq(vms.customerId, thandi.customerId));
    const consoleUrl = (await view(thandi, vm!)).body.data.consoleUrl as string;
    const [path, query] = consoleUrl.split('?');
    const token = new URLSearchParams(query).get('token')!;
    const loginPage = await t.app.inject({ method: 'GET', url: consoleUrl });
    expect(loginPage.body).toContain(`${vm!.name} login:`);
    const form = (fields: Record<string, string>, url = path!) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });

    const wrong = await form({ token, login: 'admin', password: 'not-it' });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toContain('Login incorrect');
    expect((await form({ token: 'forged', login: 'admin', password: firstPassword })).statusCode).toBe(403);

    const shell = await form({ token, login: 'admin', password: firstPassword });
    expect(shell.body).toContain(`admin@${vm!.name}:~$`);
    expect(shell.body).not.toContain(firstPassword);
    const shellToken = /name="shell" value="([^"]+)"/.exec(shell.body)![1]!;
    const whoami = await form({ shell: shellToken, user: 'admin', transcript: '', command: 'whoami' }, `${path}/shell`);
    expect(whoami.body).toMatch(/admin@[^:]+:~\$ whoami\nadmin\n/);
    // The shell token is bound to the machine and the user.
    expect((await form({ shell: shellToken, user: 'root', command: 'whoami' }, `${path}/shell`)).statusCode).toBe(403);
  });

  it('resets the password: the new one works, the old one no longer; only the owner may', async () => {
    const [vm] = await t.database.db.select().from(vms).where(eq(vms.customerId, thandi.customerId));
    const foreign = await post(t.app, 'vmAction/resetVmPassword', { ID: vm!.id }, as(sipho));
    expect(foreign.http).toBe(404);
    const reset = await post(t.app, 'vmAction/resetVmPassword', { ID: vm!.id }, as(thandi));
    expect(reset.http).toBe(200);
    expect(reset.body.message).toBe(messages.vmPasswordReset);
    const { loginUser, loginPassword } = reset.body.data as { loginUser: string; loginPassword: string };
    const sim = t.modules.machines.hypervisors.simulator;
    expect(await sim.checkLogin(vm!.externalId!, loginUser, loginPassword)).toBe(true);
    expect(await sim.checkLogin(vm!.externalId!, loginUser, firstPassword)).toBe(false);
    expect((await view(thandi, vm!)).body.data).toMatchObject({ loginPassword: null, passwordShown: true });
    expect((await rowOf(vm!.id)).passwordSealed).not.toContain(loginPassword);
    expect((await post(t.app, 'vmAction/resetVmPassword', { ID: 'x' }, as(thandi))).body.data.fieldErrors).toEqual({
      ID: messages.vmNotFound,
    });
  });

  it('registerUserOpenNebula: one cloud user per customer, password sealed, the VM handed over, the login on the view to its owner only', async () => {
    const order = await buy(thandi, oneProduct, []);
    const vm = await provision(thandi, order.body.data.orderID, oneProduct);
    expect(vm.provider).toBe('openNebula');
    expect(one.vms.get(Number(vm.externalId))!.context).toMatchObject({ USERNAME: 'admin' });
    expect((await view(thandi, vm)).body.data).toMatchObject({ cloudLoginAvailable: true, user: null, address: `10.0.0.${vm.externalId}` });

    expect((await post(t.app, 'profileSetting/registerUserOpenNebula', { ID: vm.id }, as(sipho))).http).toBe(404);
    const res = await post(t.app, 'profileSetting/registerUserOpenNebula', { ID: vm.id }, as(thandi));
    expect(res.http).toBe(200);
    const login = res.body.data as { user: string; password: string; cloudServiceUrl: string };
    expect(login.user).toBe(`customer-${thandi.companyId}-${thandi.customerId}`);
    expect(login.cloudServiceUrl).toMatch(/:2616\/fireedge\/sunstone$/);
    const user = [...one.users.values()].find((u) => u.name === login.user)!;
    expect(user).toMatchObject({ password: login.password, driver: 'core' });
    expect(one.vms.get(Number(vm.externalId))!.uid).toBe(user.id);

    const [account] = await t.database.db.select().from(cloudAccounts).where(eq(cloudAccounts.customerId, thandi.customerId));
    expect(account!.passwordSealed).toMatch(/^v1\./);
    expect(account!.passwordSealed).not.toContain(login.password);
    // Asked again: the same user and password, no second cloud user.
    expect((await post(t.app, 'profileSetting/registerUserOpenNebula', { ID: vm.id }, as(thandi))).body.data).toEqual(login);
    expect([...one.users.values()].filter((u) => u.name === login.user)).toHaveLength(1);
    expect((await view(thandi, vm)).body.data).toMatchObject(login);
    expect((await view(sipho, vm)).http).toBe(404);

    // A machine on a cloud without a portal (the simulator) says so.
    const [simVm] = await t.database.db.select().from(vms).where(eq(vms.provider, 'simulator'));
    const unsupported = await post(t.app, 'profileSetting/registerUserOpenNebula', { ID: simVm!.id }, as(thandi));
    expect(unsupported.http).toBe(409);
    expect(unsupported.body.message).toBe(messages.cloudLoginUnsupported);
  });
});
