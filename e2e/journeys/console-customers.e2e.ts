import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expectAccessible } from '../accessibility.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot } from '../browser.ts';
import { signInToConsole } from '../console-login.ts';
import { CONSOLE } from '../fixtures/console.ts';
import { CONSOLE_CUSTOMERS_VMS as MINE, FAILED_PROVISIONING_ERROR } from '../fixtures/console-customers.ts';
import { LIFECYCLE_CUSTOMER, LIFECYCLE_VMS, lifecycleOrigin, OTHER_LIFECYCLE_CUSTOMER } from '../fixtures/lifecycle.ts';
import { logIn } from '../log-in.ts';
import { sentTo, waitForMail } from '../mailbox.ts';

const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);

type Reply<T> = { status: number; message: string; data: T };

/**
 * The console's customers and VMs (issue 7, point 5; issue 17, points 2 and 3) in the lifecycle
 * company: the admin finds Amani and reads the profile and VMs, suspends a VM — it is powered off,
 * Amani sees the reason and every action on it is refused, by the page and by the server — and
 * unsuspends it; the failed provisioning of Zola's VM is retried and runs on the simulator, then is
 * extended as a goodwill gesture; support sees the VMs without controls; last, Zola's account is
 * suspended (open session ended, login refused with its message) and reactivated (Zola logs in).
 */
describe('console: customers and VMs', () => {
  const port = inject('port');
  const consoleUrl = (path: string) => `http://localhost:${port}/admin/${path}`;
  const site = lifecycleOrigin(port);
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };
  let customer: { context: BrowserContext; page: Page };
  let companyId: number;

  /** The company of the signed-in operator, from the session the console keeps in the tab. */
  async function companyOf(page: Page): Promise<number> {
    await page.goto(consoleUrl('c/0/vms'));
    return page.evaluate(
      () => (JSON.parse(sessionStorage.getItem('mawingu.console') ?? 'null') as { operator: { companyId: number } }).operator.companyId,
    );
  }

  /** A customer API call with the page's session, as the SPA makes it. */
  async function customerCall<T>(path: string, body?: unknown): Promise<Reply<T>> {
    const token = await customer.page.evaluate(() => (JSON.parse(localStorage.getItem('userData') ?? 'null') as { token: string }).token);
    const res = await fetch(`http://localhost:${port}/api/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: token, origin: site, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Reply<T>;
  }

  const listedVm = async (name: string) =>
    (
      await customerCall<
        { ID: number; vmName: string; isBlocked: 0 | 1; blockedReason: string | null; vmStatus: string; createdUUID: string }[]
      >('virtualMachine/getUserVMs')
    ).data.find((v) => v.vmName === name)!;

  async function openProducts() {
    await customer.page.goto(`${site}/customerprofile/2`);
    await visible(customer.page.getByRole('group', { name: `Actions for ${MINE.blockable}` }));
  }
  const customerAction = (label: string) =>
    customer.page.getByRole('group', { name: `Actions for ${MINE.blockable}` }).getByRole('button', { name: label, exact: true });

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await newPage(browser, DESKTOP);
    await signInToConsole(admin.page, port, CONSOLE.lifecycleAdmin);
    companyId = await companyOf(admin.page);
    customer = await newPage(browser, DESKTOP);
    await logIn(customer.page, site, LIFECYCLE_CUSTOMER.email, LIFECYCLE_CUSTOMER.password);
  });
  afterAll(async () => {
    await admin?.context.close();
    await customer?.context.close();
    await browser?.close();
  });

  it('the admin searches for Amani, opens the profile and sees the VMs', async () => {
    const { page } = admin;
    await page.goto(consoleUrl(`c/${companyId}/customers`));
    await visible(page.getByRole('table', { name: 'Customers' }));
    await screenshot(page, 'console-customers-list-desktop');
    await page.getByRole('searchbox', { name: 'Search customers' }).fill('amani');
    await expect.poll(() => page.url()).toContain('q=amani');
    await visible(page.getByRole('link', { name: 'Amani Njoroge' }));
    // The list before the search had Zola too; the search's result has only Amani.
    await expect.poll(() => page.getByRole('link', { name: 'Zola Dlamini' }).count()).toBe(0);
    await screenshot(page, 'console-customers-search-desktop');
    await expectAccessible(page);
    // Export CSV saves the customers the search found: Amani alone, never Zola.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain('"Amani","Njoroge"');
    expect(csv).not.toContain('Zola');

    await page.getByRole('link', { name: 'Amani Njoroge' }).click();
    await visible(page.getByRole('heading', { name: 'Amani Njoroge' }));
    await visible(page.getByText(LIFECYCLE_CUSTOMER.email).first());
    await screenshot(page, 'console-customer-profile-desktop');
    await expectAccessible(page);
    expect(await page.content()).not.toMatch(/argon2|passwordHash/);

    await page.getByRole('tab', { name: /^VMs/ }).click();
    const vms = page.getByRole('table', { name: 'Virtual machines' });
    await visible(vms.getByText(MINE.blockable, { exact: true }));
    await visible(vms.getByText(LIFECYCLE_VMS.blocked, { exact: true }));
    // Zola's VMs are not Amani's.
    expect(await vms.getByText(MINE.failed).count()).toBe(0);
    await screenshot(page, 'console-customer-vms-desktop');
    await expectAccessible(page);
    await page.getByRole('tab', { name: /^Orders/ }).click();
    await expect.poll(() => page.url()).toContain('tab=orders');
  }, 120_000);

  it('keeps an internal note on Amani and mails Amani in the brand’s frame', async () => {
    const { page } = admin;
    const note = 'Called 27 Nov: wants invoices in the company name.';
    await page.getByRole('tab', { name: 'Notes' }).click();
    await page.getByRole('textbox', { name: 'Add an internal note' }).fill(note);
    await page.getByRole('button', { name: 'Add note' }).click();
    await visible(page.getByRole('list', { name: 'Internal notes' }).getByText(note));
    await screenshot(page, 'console-customer-notes-desktop');
    await expectAccessible(page);
    await page.setViewportSize(PHONE);
    await screenshot(page, 'console-customer-notes-phone');
    await page.getByRole('button', { name: 'E-mail customer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Subject' }).fill('Your invoices');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Hello Amani,\n\nWe will issue them in your company name.');
    await screenshot(page, 'console-customer-mail-phone');
    await page.setViewportSize(DESKTOP);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Send mail' }).click();
    await visible(page.getByText(`Mail sent to ${LIFECYCLE_CUSTOMER.email}.`));
    const mail = await waitForMail((m) => sentTo(LIFECYCLE_CUSTOMER.email)(m) && m.subject === 'Your invoices');
    expect(mail.text).toContain('We will issue them in your company name.');
    // The note stays with the operators: the customer's pages never carry it.
    await customer.page.goto(`${site}/customerprofile/1`);
    expect(await customer.page.content()).not.toContain('wants invoices in the company name');
  }, 120_000);

  it('suspends a VM: powered off, the customer sees it suspended with the reason and its actions are refused; unsuspended, the customer can act again', async () => {
    const { page } = admin;
    const reason = 'Abuse report #42: outgoing spam';
    await page.goto(consoleUrl(`c/${companyId}/vms?q=${MINE.blockable}`));
    await visible(page.getByRole('button', { name: `Suspend ${MINE.blockable}` }));
    await screenshot(page, 'console-vms-desktop');
    await expectAccessible(page);

    await page.getByRole('button', { name: `Suspend ${MINE.blockable}` }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText(/sees it suspended with your reason/));
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await screenshot(page, 'console-vm-suspend-dialog-desktop');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Suspend VM' }).click();
    await visible(page.getByText(`${MINE.blockable} is suspended.`));
    await visible(page.getByRole('button', { name: `Unsuspend ${MINE.blockable}` }));
    await visible(page.getByText(`Suspended: ${reason}`));
    await screenshot(page, 'console-vms-suspended-desktop');

    // Amani's Products tab: the reason on the card, the VM powered off, its actions unavailable…
    await openProducts();
    await visible(customer.page.getByTestId('vm-blocked-reason').getByText(`Reason given by the admin: ${reason}`));
    for (const label of ['View', 'Renew', 'Update', 'Clone', 'Snapshot', 'Assign IP']) {
      expect(await customerAction(label).getAttribute('aria-disabled'), label).toBe('true');
    }
    await visible(customer.page.getByRole('button', { name: `${MINE.blockable} is blocked by the admin: how to unblock it` }));
    await screenshot(customer.page, 'console-customers-customer-sees-suspended-desktop');
    await customer.page.setViewportSize({ width: 390, height: 844 });
    await visible(customer.page.getByTestId('vm-blocked-reason'));
    await screenshot(customer.page, 'console-customers-customer-sees-suspended-phone');
    await customer.page.setViewportSize({ width: 1280, height: 800 });
    // …and the server refuses them as well; the customer's own shutdown job powered it off.
    await expect.poll(async () => (await listedVm(MINE.blockable)).vmStatus, { timeout: 30_000 }).toBe('stopped');
    const vm = await listedVm(MINE.blockable);
    expect(vm).toMatchObject({ isBlocked: 1, blockedReason: reason });
    const renew = await customerCall('virtualMachine/getVMDetailForRenew', { productID: vm.ID });
    expect(renew.status).toBe(403);
    expect(renew.message).toBe('This virtual machine has been blocked by the admin.');
    expect((await customerCall('vmAction/startVirtualMachine', { provider: 'simulator', virDomainUUID: vm.createdUUID })).status).toBe(403);

    // The admin unsuspends it.
    await page.getByRole('button', { name: `Unsuspend ${MINE.blockable}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unsuspend VM' }).click();
    await visible(page.getByText(`${MINE.blockable} is no longer suspended.`));
    await visible(page.getByRole('button', { name: `Suspend ${MINE.blockable}` }));

    // Amani may use it again.
    await openProducts();
    await expect.poll(async () => customerAction('Update').getAttribute('aria-disabled')).not.toBe('true');
    expect(await customer.page.getByTestId('vm-blocked-reason').count()).toBe(0);
    expect((await listedVm(MINE.blockable)).isBlocked).toBe(0);
    const renewAgain = await customerCall('virtualMachine/getVMDetailForRenew', { productID: vm.ID });
    expect(renewAgain.status).toBe(200);
  }, 120_000);

  it('shows the failed provisioning and why; Retry makes the VM run on the simulator', async () => {
    const { page } = admin;
    await page.goto(consoleUrl(`c/${companyId}/jobs`));
    const jobs = page.getByRole('table', { name: 'Failed jobs' });
    await visible(jobs.getByText(FAILED_PROVISIONING_ERROR));
    await visible(jobs.getByText('Provisioning', { exact: true }));
    await screenshot(page, 'console-jobs-desktop');
    await expectAccessible(page);

    await jobs.getByRole('button', { name: `Retry provisioning of ${MINE.failed}` }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText(FAILED_PROVISIONING_ERROR));
    await screenshot(page, 'console-jobs-retry-dialog-desktop');
    await dialog.getByRole('button', { name: 'Retry provisioning' }).click();
    await visible(page.getByText(`Provisioning of ${MINE.failed} is queued again.`));

    await page.goto(consoleUrl(`c/${companyId}/vms?q=${MINE.failed}`));
    const row = page.getByRole('table', { name: 'Virtual machines' }).getByRole('row', { name: new RegExp(MINE.failed) });
    await expect
      .poll(
        async () => {
          await page.reload();
          await visible(row);
          return row.getByText('Running', { exact: true }).isVisible();
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(true);
    expect(await page.getByRole('button', { name: `Retry provisioning of ${MINE.failed}` }).count()).toBe(0);
    await screenshot(page, 'console-vms-retried-desktop');

    // A goodwill extension of the running VM: 14 days, no charge, the reason told to Zola.
    // The row's end date moves (the toast alone would not prove it).
    const endCell = () => row.getByRole('cell').nth(4).innerText();
    const endBefore = await endCell();
    await page.getByRole('button', { name: `Extend the end date of ${MINE.failed}` }).click();
    const extend = page.getByRole('dialog');
    await extend.getByRole('textbox', { name: /Days/ }).fill('14');
    await extend.getByRole('textbox', { name: /Reason/ }).fill('Sorry for the failed first provisioning');
    await screenshot(page, 'console-vm-extend-dialog-desktop');
    await expectAccessible(page);
    await extend.getByRole('button', { name: 'Extend end date' }).click();
    await visible(page.getByText(`The end date of ${MINE.failed} is 14 days later.`));
    await expect.poll(endCell).not.toBe(endBefore);
  }, 120_000);

  it('a customer’s orders, invoices (the PDF opens) and tickets', async () => {
    const { page } = admin;
    await page.goto(consoleUrl(`c/${companyId}/vms?q=${MINE.failed}`));
    await page.getByRole('link', { name: 'Zola Dlamini' }).first().click();
    await visible(page.getByRole('heading', { name: 'Zola Dlamini' }));

    await page.getByRole('tab', { name: /^Orders/ }).click();
    const orders = page.getByRole('table', { name: 'Orders of Zola Dlamini' });
    await visible(orders.getByText('R621.00'));
    await visible(orders.getByText('New VM'));
    await screenshot(page, 'console-customer-orders-desktop');
    await expectAccessible(page);

    await page.getByRole('tab', { name: /^Invoices/ }).click();
    const invoices = page.getByRole('table', { name: 'Invoices of Zola Dlamini' });
    await visible(invoices.getByText('Bypass'));
    await screenshot(page, 'console-customer-invoices-desktop');
    await expectAccessible(page);
    const [pdf] = await Promise.all([
      page.context().waitForEvent('page'),
      invoices.getByRole('button', { name: /^Open invoice \d+ as PDF$/ }).click(),
    ]);
    await expect.poll(() => pdf.url()).toMatch(/^blob:/);
    await pdf.close();

    await page.getByRole('tab', { name: /^Tickets/ }).click();
    const tickets = page.getByRole('table', { name: 'Tickets of Zola Dlamini' });
    await visible(tickets.getByText('Resolved'));
    await visible(tickets.getByText(/Was I charged for it\?/));
    await screenshot(page, 'console-customer-tickets-desktop');
    await expectAccessible(page);
  }, 120_000);

  it('support sees the VM list and a customer’s VMs without Suspend, Extend, Terminate or Retry', async () => {
    const support = await newPage(browser, DESKTOP);
    try {
      await signInToConsole(support.page, port, CONSOLE.lifecycleSupport);
      await support.page.goto(consoleUrl(`c/${companyId}/vms`));
      const table = support.page.getByRole('table', { name: 'Virtual machines' });
      await visible(table.getByText(MINE.blockable, { exact: true }));
      await visible(table.getByText(LIFECYCLE_VMS.blocked, { exact: true }));
      expect(await support.page.getByRole('button', { name: /^(Suspend|Unsuspend|Terminate|Extend|Retry provisioning of) / }).count()).toBe(
        0,
      );
      await screenshot(support.page, 'console-vms-support-desktop');
      await expectAccessible(support.page);
      await support.page.getByRole('link', { name: 'Amani Njoroge' }).first().click();
      await support.page.getByRole('tab', { name: /^VMs/ }).click();
      await visible(support.page.getByRole('table', { name: 'Virtual machines' }).getByText(MINE.blockable, { exact: true }));
      expect(await support.page.getByRole('button', { name: /^(Suspend|Unsuspend) / }).count()).toBe(0);
      expect(await support.page.getByRole('button', { name: 'Suspend account' }).count()).toBe(0);
    } finally {
      await support.context.close();
    }
  }, 120_000);

  it('every page on a phone (390 px): cards instead of tables, the actions reachable', async () => {
    const phone = await newPage(browser, PHONE);
    try {
      await signInToConsole(phone.page, port, CONSOLE.lifecycleAdmin);
      const { page } = phone;
      await page.goto(consoleUrl(`c/${companyId}/customers?q=amani`));
      await visible(page.getByRole('link', { name: 'Amani Njoroge' }));
      await screenshot(page, 'console-customers-search-phone');
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Amani Njoroge' }).click();
      await visible(page.getByRole('heading', { name: 'Amani Njoroge' }));
      await screenshot(page, 'console-customer-profile-phone');
      await page.getByRole('tab', { name: /^VMs/ }).click();
      await visible(page.getByRole('list', { name: 'Virtual machines' }).getByRole('heading', { name: MINE.blockable }));
      await visible(page.getByRole('button', { name: `Suspend ${MINE.blockable}` }));
      await screenshot(page, 'console-customer-vms-phone');
      await expectAccessible(page);
      await page.goto(consoleUrl(`c/${companyId}/customers?q=zola`));
      await page.getByRole('link', { name: 'Zola Dlamini' }).click();
      for (const [tab, row] of [
        ['Orders', 'R621.00'],
        ['Invoices', 'Bypass'],
        ['Tickets', 'Resolved'],
      ] as const) {
        await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
        await visible(page.getByRole('list', { name: `${tab} of Zola Dlamini` }).getByText(row));
        await screenshot(page, `console-customer-${tab.toLowerCase()}-phone`);
      }
      await expectAccessible(page);
      await page.goto(consoleUrl(`c/${companyId}/vms`));
      await visible(page.getByRole('list', { name: 'Virtual machines' }));
      await screenshot(page, 'console-vms-phone');
      await expectAccessible(page);
      await page.getByRole('button', { name: `Terminate ${MINE.blockable}` }).click();
      await visible(page.getByRole('dialog').getByRole('textbox', { name: /Type .* to confirm/ }));
      await screenshot(page, 'console-vm-terminate-dialog-phone');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.goto(consoleUrl(`c/${companyId}/jobs`));
      await visible(page.getByRole('list', { name: 'Failed jobs' }));
      await screenshot(page, 'console-jobs-phone');
      await expectAccessible(page);
    } finally {
      await phone.context.close();
    }
  }, 120_000);
  // Zola's, not Amani's: a suspension powers off the customer's running VMs, and the lifecycle
  // journey (whichever order the files run in) needs Amani's running.
  it('suspends Zola’s account: the login is refused and the open session ends; reactivated, Zola logs in again', async () => {
    const { page } = admin;
    const zola = await newPage(browser, DESKTOP);
    try {
      await logIn(zola.page, site, OTHER_LIFECYCLE_CUSTOMER.email, OTHER_LIFECYCLE_CUSTOMER.password);
      await suspendAndReactivate(page, zola.page);
    } finally {
      await zola.context.close();
    }
  }, 120_000);

  async function suspendAndReactivate(page: Page, customerPage: Page) {
    await page.goto(consoleUrl(`c/${companyId}/customers?q=zola`));
    await page.getByRole('link', { name: 'Zola Dlamini' }).click();
    await page.getByRole('button', { name: 'Suspend account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Chargeback on invoice 1042');
    await screenshot(page, 'console-customer-suspend-dialog-desktop');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Suspend account' }).click();
    await visible(page.getByTestId('account-suspended').getByText(/Reason: Chargeback on invoice 1042/));
    await screenshot(page, 'console-customer-suspended-desktop');

    // The open session no longer works, and the login says why.
    await customerPage.goto(`${site}/customerprofile/2`);
    await visible(customerPage.getByLabel('Email'), 30_000);
    await customerPage.goto(`${site}/customerlogin`);
    await customerPage.getByLabel('Email').fill(OTHER_LIFECYCLE_CUSTOMER.email);
    await customerPage.getByRole('textbox', { name: 'Password', exact: true }).fill(OTHER_LIFECYCLE_CUSTOMER.password);
    await customerPage.getByRole('button', { name: 'Log In' }).click();
    await visible(customerPage.getByText('Your account has been suspended. Please contact support.'));
    await screenshot(customerPage, 'console-customers-login-refused-desktop');

    await page.getByRole('button', { name: 'Reactivate account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reactivate account' }).click();
    await visible(page.getByText('The account of Zola Dlamini is active again.'));
    // A fresh browser (the refused tab would return to where it was sent from, not /home).
    const again = await newPage(browser, DESKTOP);
    try {
      await logIn(again.page, site, OTHER_LIFECYCLE_CUSTOMER.email, OTHER_LIFECYCLE_CUSTOMER.password);
    } finally {
      await again.context.close();
    }
  }
});
