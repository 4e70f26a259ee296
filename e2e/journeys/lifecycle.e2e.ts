import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expectAccessible } from '../accessibility.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot } from '../browser.ts';
import { LIFECYCLE_CUSTOMER, LIFECYCLE_VMS as VM, lifecycleOrigin, type ListedVm } from '../fixtures/lifecycle.ts';
import { logIn } from '../log-in.ts';

const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);

const DAY = 86_400_000;

/**
 * What a customer does with VMs after buying them, on the simulator hypervisor and the bypass
 * payment: renew one and two at once, update RAM and CPU, add a disk, clone weekly, snapshot,
 * delete (refused while running), restore a clone and an archived VM, alias, public IP, and the
 * limits of a VM the admin blocked. Each purchase goes through /purchasedetails/{kind} and the
 * result page, as a person would.
 */
describe('living with VMs', () => {
  const port = inject('port');
  const site = lifecycleOrigin(port);
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const api = (path: string) => `http://localhost:${port}/api/${path}`;

  async function token(p: Page): Promise<string> {
    return p.evaluate(() => (JSON.parse(localStorage.getItem('userData') ?? 'null') as { token: string }).token);
  }

  async function call<T>(p: Page, path: string, body?: unknown): Promise<{ status: number; message: string; data: T }> {
    const reply = await fetch(api(path), {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: await token(p), origin: site, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await reply.json()) as { status: number; message: string; data: T };
  }

  const listed = async (name: string) => (await call<ListedVm[]>(page, 'virtualMachine/getUserVMs')).data.find((v) => v.vmName === name);

  async function openProducts() {
    await page.goto(`${site}/customerprofile/2`);
    await visible(page.getByRole('group', { name: `Actions for ${VM.renewOne}` }));
  }

  const actions = (name: string) => page.getByRole('group', { name: `Actions for ${name}` });
  const action = (name: string, label: string | RegExp) =>
    actions(name).getByRole('button', { name: label, exact: typeof label === 'string' });
  const dialog = () => page.getByRole('dialog');

  /** On /purchasedetails/{kind}: Pay (bypass) → result page → success → back to the VMs. */
  async function payWithBypass(kind: number) {
    await page.waitForURL(new RegExp(`/purchasedetails/${kind}$`));
    const pay = page.getByRole('button', { name: /^Pay / });
    await visible(pay);
    await pay.click();
    await page.waitForURL(/\/PurchaseSuccessful/i, { timeout: 30_000 });
    await visible(page.getByText('Your Purchase is successful !!', { exact: true }));
    // What happens next, for this kind (not "your VM is being prepared" after a renewal).
    const next: Record<number, RegExp> = {
      2: /^Your (clone is being made|snapshot is being taken)/,
      3: /^Your renewal is being applied/,
      4: /^Your virtual machine is being resized/,
      5: /^Your virtual machines are being renewed/,
    };
    if (next[kind]) await visible(page.getByText(next[kind]));
    // View Purchase opens the account at its tabs, past the profile form.
    await page.getByRole('link', { name: 'View Purchase' }).click();
    await page.waitForURL(/\/customerprofile\/2#tabs$/i);
    await expect.poll(() => page.evaluate(() => document.getElementById('tabs')!.getBoundingClientRect().top < 200)).toBe(true);
  }

  /** Waits until the fulfilment job has done its work on a VM. */
  async function until(name: string, done: (vm: ListedVm) => boolean, timeout = 30_000) {
    await expect
      .poll(
        async () => {
          const vm = await listed(name);
          return vm !== undefined && done(vm);
        },
        { timeout, interval: 500 },
      )
      .toBe(true);
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, DESKTOP));
    await logIn(page, site, LIFECYCLE_CUSTOMER.email, LIFECYCLE_CUSTOMER.password);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('lists only the customer’s own VMs and shows a blocked VM’s limits, refused by the server too', async () => {
    await openProducts();
    await visible(page.getByText(VM.archived).first().or(page.getByText(VM.blocked).first()));
    expect(await page.getByText('zola-private-01').count()).toBe(0);
    await screenshot(page, 'lifecycle-products-desktop');
    await expectAccessible(page);

    // Every action of the blocked VM is unavailable, each saying why.
    for (const label of ['View', 'Renew', 'Update', 'Clone', 'Snapshot', 'Assign IP']) {
      expect(await action(VM.blocked, label).getAttribute('aria-disabled')).toBe('true');
    }
    await action(VM.blocked, 'Update').hover();
    await visible(page.getByText(/blocked by the admin/i));
    await page.getByRole('button', { name: `${VM.blocked} is blocked by the admin: how to unblock it` }).click();
    await visible(dialog().getByText(/raise a ticket/i));
    await screenshot(page, 'lifecycle-unblock-modal-desktop');
    await dialog().getByRole('button', { name: 'Close' }).last().click();

    // The server refuses it as well: a renewal, an update and a public IP.
    const blocked = (await listed(VM.blocked))!;
    expect((await call(page, 'virtualMachine/getVMDetailForRenew', { productID: blocked.ID })).status).toBe(403);
    expect((await call(page, 'virtualMachine/getVMDetailForUpdateVM', { productID: blocked.ID })).status).toBe(403);
    const ip = await call(page, 'allowIP/assignPublicIP', {
      lanIP: '10.0.0.9',
      hostName: 'mail',
      tcpPort: '25',
      udpPort: '',
      productID: blocked.ID,
    });
    expect(ip.status).toBe(403);
    expect(ip.message).toBe('This virtual machine has been blocked by the admin.');
  }, 120_000);

  it('renews one VM: the bill with arrears, the bypass payment, the end date moved and "Renewed"', async () => {
    await openProducts();
    const before = (await listed(VM.renewOne))!;
    await action(VM.renewOne, 'Renew').click();
    await dialog().getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL(new RegExp(`/renewvm/${before.ID}$`));
    await page
      .getByRole('combobox', { name: 'Time period' })
      .selectOption({ label: '30 Days' })
      .catch(async () => {
        await page.getByRole('textbox', { name: 'Time period' }).click();
        await page.getByRole('option', { name: '30 Days' }).click();
      });
    await visible(page.getByText('Total Payable Amount'));
    await visible(page.getByText(/^Tax\(15(\.00)?%\)$/));
    await screenshot(page, 'lifecycle-renew-desktop');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await payWithBypass(3);
    await until(VM.renewOne, (vm) => vm.isRenewed === 1);
    const after = (await listed(VM.renewOne))!;
    expect(Date.parse(after.endDate!) - Date.parse(before.endDate!)).toBe(30 * DAY);
    await openProducts();
    await visible(page.getByText('Renewed', { exact: true }));
    // A renewed VM cannot be picked for another renewal.
    await expect.poll(() => page.getByRole('checkbox', { name: `Select ${VM.renewOne} to renew` }).isDisabled()).toBe(true);
    expect(await action(VM.renewOne, 'Renew').getAttribute('aria-disabled')).toBe('true');
  }, 120_000);

  it('renews two VMs at once, one of them expired: the table, the summed arrears, both end dates moved', async () => {
    await openProducts();
    const a = (await listed(VM.renewTwoA))!;
    const b = (await listed(VM.renewTwoB))!;
    expect(b.vmStatus).toBe('expired');
    await page.getByRole('checkbox', { name: `Select ${VM.renewTwoA} to renew` }).check();
    await page.getByRole('checkbox', { name: `Select ${VM.renewTwoB} to renew` }).check();
    await page.getByRole('button', { name: 'Renew selected' }).click();
    const confirm = dialog().getByRole('button', { name: 'Yes' });
    if (await confirm.isVisible({ timeout: 2_000 }).catch(() => false)) await confirm.click();
    await page.waitForURL(/\/renewMultipleVM\/[A-Za-z0-9_-]+$/);
    const table = page.getByRole('table', { name: 'Virtual machines to renew' });
    await visible(table.getByText(VM.renewTwoA));
    await visible(table.getByText(VM.renewTwoB));
    for (const heading of ['VM Name', 'VM OS', 'Processor', 'Memory', 'Disk', 'Days Extended', 'Amount']) {
      await visible(table.getByRole('columnheader', { name: heading }));
    }
    // The expired one is two days past its end: its arrears are on the bill.
    await visible(page.getByText(/^Arrears for 2 Days$/));
    await screenshot(page, 'lifecycle-multi-renew-desktop');
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await payWithBypass(5);
    await until(VM.renewTwoB, (vm) => vm.vmStatus === 'running' && Date.parse(vm.endDate!) > Date.parse(b.endDate!));
    await until(VM.renewTwoA, (vm) => Date.parse(vm.endDate!) > Date.parse(a.endDate!));
  }, 120_000);

  it('updates RAM and CPU of a stopped VM: only the changed lines are billed, the machine is resized', async () => {
    await openProducts();
    const before = (await listed(VM.update))!;
    await action(VM.update, 'Update').click();
    await visible(dialog().getByText('*Please Power-Off Virtual Machine to update Configuration.'));
    await screenshot(page, 'lifecycle-update-confirm-desktop');
    await dialog().getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL(new RegExp(`/updatevm/${before.ID}$`));
    const memory = page.getByRole('slider', { name: /Memory|RAM/ }).first();
    await visible(memory);
    await memory.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const processor = page.getByRole('slider', { name: /Processor|vCPU|CPU/ }).first();
    await processor.focus();
    await page.keyboard.press('ArrowRight');
    await visible(page.getByRole('button', { name: 'Buy Now' }));
    await screenshot(page, 'lifecycle-update-desktop');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await payWithBypass(4);
    await until(
      VM.update,
      (vm) => vm.ram_Count === before.ram_Count + 2 && vm.cpu_Count === before.cpu_Count + 1 && vm.pendingAction === null,
      45_000,
    );
  }, 120_000);

  it('adds a disk to the same VM', async () => {
    await openProducts();
    const before = (await listed(VM.update))!;
    await action(VM.update, 'Update').click();
    await dialog().getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL(new RegExp(`/updatevm/${before.ID}$`));
    await page.getByRole('radio', { name: 'Add Disk' }).check();
    await visible(page.getByText('A maximum of two disks can be added to a new VM.'));
    const disk = page.getByRole('slider').first();
    await disk.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await screenshot(page, 'lifecycle-add-disk-desktop');
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await payWithBypass(4);
    await until(VM.update, (vm) => vm.disk_Count > before.disk_Count && vm.pendingAction === null, 45_000);
  }, 120_000);

  it('buys a weekly clone, then restores it as a new VM', async () => {
    await openProducts();
    const vm = (await listed(VM.backup))!;
    await action(VM.backup, 'Clone').click();
    await visible(dialog().getByText('Do you want to proceed further?'));
    await dialog().getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL(new RegExp(`/buyclonevm/${vm.ID}$`));
    // Proceeding without a duration and type says what is missing.
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await visible(page.getByText('Please select duration days'));
    await visible(page.getByText('Please select clone vm type'));
    // The type first: the duration then counts its periods (weeks) and the card shows the days.
    await chooseOption('Clone type', 'Weekly');
    await chooseOption('Keep the clone for', /^\d+ weeks?$/);
    await visible(page.getByTestId('configuration').getByText(/^\d+ days$/));
    await visible(page.getByText('Total Payable Amount'));
    await screenshot(page, 'lifecycle-clone-desktop');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await payWithBypass(2);
    await until(VM.backup, (v) => v.isClone === 1);

    await page.getByRole('tab', { name: 'Backup' }).click();
    const backup = page.getByRole('tabpanel');
    await visible(backup.getByText('Ready'), 30_000);
    await screenshot(page, 'lifecycle-backup-desktop');
    await backup.getByRole('button', { name: 'Restore' }).first().click();
    await dialog().getByRole('button', { name: 'Yes' }).click();
    await visible(page.getByText('Clone Virtual Machine restored successfully.'));
    // After the 3 s refresh the machine made from the clone is on Products, running.
    await expect.poll(async () => (await listed(`${VM.backup}-clone`))?.vmStatus, { timeout: 45_000 }).toBe('running');
    await page.getByRole('tab', { name: 'Products' }).click();
    await visible(page.getByRole('group', { name: `Actions for ${VM.backup}-clone` }), 20_000);
  }, 120_000);

  it('takes a snapshot of another VM', async () => {
    await openProducts();
    const vm = (await listed(VM.renewTwoA))!;
    await action(VM.renewTwoA, 'Snapshot').click();
    await visible(dialog().getByText('Do you want to proceed further?'));
    await dialog().getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL(new RegExp(`/buysnapshotvm/${vm.ID}$`));
    await visible(page.getByText('Total Payable Amount'));
    // A snapshot has no period: not "0 days".
    await visible(page.getByTestId('configuration').getByText('Kept until you delete it'));
    await screenshot(page, 'lifecycle-snapshot-desktop');
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await payWithBypass(2);
    await until(VM.renewTwoA, (v) => v.isClone === 1);
    await page.getByRole('tab', { name: 'Backup' }).click();
    await visible(page.getByRole('tabpanel').getByText('Snapshot'));
  }, 120_000);

  it('refuses to delete a running VM, then deletes it once shut down', async () => {
    await openProducts();
    await action(VM.remove, 'Delete').click();
    await dialog().getByRole('button', { name: 'Delete' }).click();
    await visible(page.getByText('Virtual machine must be shut off to perform this operation.'));
    await screenshot(page, 'lifecycle-delete-refused-desktop');
    await page.keyboard.press('Escape');

    await action(VM.remove, 'Shut down').click();
    await dialog()
      .getByRole('button', { name: /^(Yes|Shut down)$/ })
      .click();
    await until(VM.remove, (vm) => vm.vmStatus === 'stopped' && vm.pendingAction === null);
    await openProducts();
    await action(VM.remove, 'Delete').click();
    await dialog().getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await listed(VM.remove)) === undefined, { timeout: 30_000 }).toBe(true);
  }, 120_000);

  it('restores an archived VM to Products', async () => {
    await openProducts();
    await page.getByRole('tab', { name: 'Archived' }).click();
    const archived = page.getByRole('tabpanel');
    await visible(archived.getByText(VM.archived));
    await screenshot(page, 'lifecycle-archived-desktop');
    await archived.getByRole('button', { name: 'Restore' }).first().click();
    await dialog().getByRole('button', { name: 'Yes' }).click();
    await visible(page.getByText('Archive Virtual Machine restored successfully.'));
    await expect.poll(async () => (await listed(VM.archived))?.vmStatus, { timeout: 30_000 }).toBe('expired');
  }, 120_000);

  it('sets an alias and assigns a public IP, which shows in green', async () => {
    await openProducts();
    await action(VM.ip, 'Alias').click();
    await dialog().getByLabel('Alias name').fill('Payments API');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Payments API'));

    await action(VM.ip, 'Assign IP').click();
    const form = dialog();
    await form.getByRole('button', { name: 'Assign IP' }).click();
    await visible(form.getByText('LAN IP Address required'));
    await visible(form.getByText('Host Name required'));
    await visible(form.getByText('TCP Ports required'));
    await form.getByLabel('LAN IP').fill('10.0.300.4');
    await form.getByLabel('Host Name').fill('payments');
    await form.getByLabel(/^TCP Ports/).fill('443,8443');
    await form.getByRole('button', { name: 'Assign IP' }).click();
    await visible(form.getByText('Enter Valid LAN IP Address'));
    await screenshot(page, 'lifecycle-assign-ip-desktop');
    await form.getByLabel('LAN IP').fill('10.0.30.4');
    await form.getByRole('button', { name: 'Assign IP' }).click();
    await visible(page.getByText('Successfull', { exact: true }));
    await until(VM.ip, (vm) => vm.ciscoMerakiIP !== null);
    const { ciscoMerakiIP } = (await listed(VM.ip))!;
    await openProducts();
    const shown = page.getByText(ciscoMerakiIP!, { exact: true }).first();
    await visible(shown);
    // Green as the spec says: the green channel leads.
    const [r, g, b] = (await shown.evaluate((el) => getComputedStyle(el).color)).match(/\d+/g)!.map(Number);
    expect(g).toBeGreaterThan(r! + 40);
    expect(g).toBeGreaterThan(b! + 40);
  }, 120_000);

  it('opens the console of a VM in a new window', async () => {
    await openProducts();
    // View opens the VM's access (address, user, console); the console opens in a new window.
    await action(VM.ip, 'View').click();
    // Named by the alias the test before gave it.
    const dialog = page.getByRole('dialog', { name: 'Access to Payments API' });
    await visible(dialog);
    await screenshot(page, 'lifecycle-vm-access-desktop');
    const [consolePage] = await Promise.all([
      page.context().waitForEvent('page'),
      dialog.getByRole('link', { name: 'Open console' }).click(),
    ]);
    await consolePage.waitForLoadState();
    await visible(consolePage.getByText(VM.ip).first());
    await visible(consolePage.getByText(/running/i));
    // A terminal: the guest's login prompt.
    await visible(consolePage.getByLabel('login'));
    await page.keyboard.press('Escape');
    await screenshot(consolePage, 'lifecycle-console-desktop');
    await consolePage.close();
  }, 60_000);

  it('works on a phone: every action in a menu', async () => {
    const phone = await newPage(browser, PHONE);
    await logIn(phone.page, site, LIFECYCLE_CUSTOMER.email, LIFECYCLE_CUSTOMER.password);
    await phone.page.goto(`${site}/customerprofile/2`);
    const menu = phone.page.getByRole('button', { name: `Actions for ${VM.ip}` });
    await visible(menu);
    await screenshot(phone.page, 'lifecycle-products-phone');
    await menu.click();
    await visible(phone.page.getByRole('menuitem', { name: /Renew/ }));
    await screenshot(phone.page, 'lifecycle-actions-menu-phone');
    await expectAccessible(phone.page);
    await phone.context.close();
  }, 120_000);

  /** Picks an option of a labelled select, native or Mantine. */
  async function chooseOption(label: string, option: string | RegExp) {
    const native = page.getByRole('combobox', { name: label });
    const tag = await native.evaluate((el) => el.tagName).catch(() => '');
    if (tag === 'SELECT') {
      const options = await native.locator('option').allTextContents();
      const wanted = options.find((o) => (typeof option === 'string' ? o === option : option.test(o)));
      await native.selectOption({ label: wanted! });
      return;
    }
    await native.click();
    await page.getByRole('option', { name: option }).first().click();
  }
});
