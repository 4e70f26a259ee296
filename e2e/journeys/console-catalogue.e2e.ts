import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expectAccessible } from '../accessibility.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot } from '../browser.ts';
import { signInToConsole } from '../console-login.ts';
import { CONSOLE } from '../fixtures/console.ts';
import { LIFECYCLE_CUSTOMER, lifecycleOrigin } from '../fixtures/lifecycle.ts';
import { logIn } from '../log-in.ts';

const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);

/** The catalogue's sub-pages as the console links them (path under /admin/c/:id/catalogue, link name). */
const PAGES = [
  ['', 'Products', 'products'],
  ['regions', 'Regions and tax', 'regions'],
  ['periods', 'Periods and clones', 'periods'],
  ['discounts', 'Discounts', 'discounts'],
  ['currency', 'Currency', 'currency'],
  ['business-units', 'Business units', 'business-units'],
  ['partner-clouds', 'Partner clouds', 'partner-clouds'],
  ['domains', 'Domains', 'domains'],
] as const;

/**
 * Issue 7's proof "an admin adds a product and a price and a customer buys it": the lifecycle
 * company's admin adds a product with its slider prices through the console; the customer finds it
 * on the lifecycle site's marketplace, configures it and buys it (the company pays by bypass); the
 * bill, the order and the invoice figures are the admin's prices to the cent. Every catalogue page
 * is looked at on a desktop and a phone.
 */
describe('console catalogue: an admin adds a product and a customer buys it', () => {
  const port = inject('port');
  const site = lifecycleOrigin(port);
  const consoleUrl = (path: string) => `http://localhost:${port}/admin/${path}`;
  const stamp = Date.now().toString(36);
  const productName = `Journey VM ${stamp}`;
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };
  let companyId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await newPage(browser, DESKTOP);
    await signInToConsole(admin.page, port, CONSOLE.lifecycleAdmin);
    await admin.page.goto(consoleUrl(''));
    await admin.page.waitForURL(/\/admin\/c\/\d+\/dashboard/);
    companyId = Number(admin.page.url().match(/\/admin\/c\/(\d+)\//)![1]);
  });
  afterAll(async () => {
    await admin?.context.close();
    await browser?.close();
  });

  it('shows every catalogue page to the admin, keyboard-reachable and labelled', async () => {
    const { page } = admin;
    await page.goto(consoleUrl(`c/${companyId}/catalogue`));
    const nav = page.getByRole('navigation', { name: 'Catalogue sections' });
    await visible(nav);
    // The lifecycle company's own product is listed with its 30-day list price (2 × 120 + 4 × 60 + 40 × 1.50).
    await visible(page.getByRole('link', { name: 'Ubuntu 24.04 LTS' }));
    await visible(page.getByText('R540.00'));
    // The previous page stays shown while the next one's code arrives: wait for another first heading.
    const firstHeading = () =>
      page
        .getByRole('heading', { level: 2 })
        .first()
        .textContent({ timeout: 1_000 })
        .catch(() => null);
    let previous: string | null = null;
    for (const [path, link, shot] of PAGES) {
      await nav.getByRole('link', { name: link, exact: true }).click();
      await page.waitForURL(new RegExp(`/catalogue${path ? `/${path}` : ''}$`));
      await expect.poll(firstHeading, { timeout: 15_000 }).not.toBe(previous);
      previous = await firstHeading();
      await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
      await screenshot(page, `console-catalogue-${shot}-desktop`);
      await expectAccessible(page);
    }
    // The region and the periods the lifecycle journeys rely on are there, untouched.
    await page.goto(consoleUrl(`c/${companyId}/catalogue/regions`));
    await visible(page.getByRole('cell', { name: 'South Africa' }));
    await visible(page.getByRole('cell', { name: '15.00 %' }));
  }, 180_000);

  it('edits in dialogs that show the API’s and the form’s errors under the fields (nothing saved here)', async () => {
    const { page } = admin;
    await page.goto(consoleUrl(`c/${companyId}/catalogue/regions`));
    await page.getByRole('button', { name: 'Add region' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add region' });
    await visible(dialog);
    await dialog.getByRole('textbox', { name: 'Country', exact: true }).fill('Botswana');
    await dialog.getByRole('textbox', { name: 'Country code', exact: true }).fill('BW');
    await dialog.getByRole('textbox', { name: 'Currency', exact: true }).fill('BWP');
    await dialog.getByRole('textbox', { name: 'Tax', exact: true }).fill('101');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.getByText('Enter a percentage from 0 to 100 with at most 2 decimals.'));
    await screenshot(page, 'console-catalogue-region-dialog-desktop');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await page.goto(consoleUrl(`c/${companyId}/catalogue/business-units`));
    await page.getByRole('button', { name: 'Add business unit' }).click();
    const unit = page.getByRole('dialog', { name: 'Add business unit' });
    await visible(unit);
    await unit.getByRole('button', { name: 'Add card' }).click();
    await unit.getByRole('button', { name: 'Save' }).click();
    await visible(unit.getByText('This field is required.'));
    await screenshot(page, 'console-catalogue-business-unit-dialog-desktop');
    await expectAccessible(page);
    await unit.getByRole('button', { name: 'Cancel' }).click();
  }, 120_000);

  it('refuses a price that is not one, under its field, and adds the product with the admin’s prices', async () => {
    const { page } = admin;
    await page.goto(consoleUrl(`c/${companyId}/catalogue`));
    await page.getByRole('link', { name: 'Add product' }).click();
    await page.waitForURL(/\/catalogue\/products\/new$/);
    await visible(page.getByRole('heading', { name: 'New product' }));

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(productName);
    await page.getByLabel('Description').fill('Added through the console by the journey.');
    await page.getByLabel('Provider').selectOption('simulator');
    await page.getByLabel('Template').fill('ubuntu-24.04-journey');
    await page.getByRole('checkbox', { name: /^South Africa \(ZAR/ }).check();
    await page.getByLabel('Processor: Cost per unit (30 days)').fill('97.35');
    await page.getByLabel('Memory: Cost per unit (30 days)').fill('41.1234');
    // A cost with five decimals is refused by the form, under the field.
    await page.getByLabel('Disk: Cost per unit (30 days)').fill('1.70501');
    await page.getByRole('button', { name: 'Add product' }).click();
    await visible(page.getByText('Enter an amount of 0 or more with at most 4 decimals, e.g. 120 or 1.5.'));
    expect(page.url()).toMatch(/\/products\/new$/);

    await page.getByLabel('Disk: Cost per unit (30 days)').fill('1.705');
    // The form prices the default sizes as the marketplace will: 194.70 + 164.49 + 68.20.
    await visible(page.getByText('R427.39'));
    await screenshot(page, 'console-catalogue-product-editor-desktop');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add product' }).click();
    await page.waitForURL(/\/catalogue$/);
    await visible(page.getByRole('link', { name: productName }));
    const row = page.getByRole('row', { name: new RegExp(productName) });
    await visible(row.getByText('R427.39'));
    await visible(row.getByText('South Africa'));
    await screenshot(page, 'console-catalogue-products-after-desktop');
  }, 120_000);

  it('the customer finds it on the marketplace, configures it and buys it at the admin’s price to the cent', async () => {
    const customer = await newPage(browser, DESKTOP);
    const { page } = customer;
    try {
      await logIn(page, site, LIFECYCLE_CUSTOMER.email, LIFECYCLE_CUSTOMER.password);
      await page.goto(`${site}/marketplace/virtualmachine`);
      const card = page.getByRole('link', { name: `Select ${productName}` });
      await visible(card, 20_000);
      await screenshot(page, 'console-catalogue-marketplace-desktop');
      await card.click();
      await page.waitForURL(/\/productdetails\/\d+$/);
      // The page may still settle (details, the customer's region) after the first paint: choose until it stays chosen.
      for (const [name, label] of [
        ['Region', 'South Africa'],
        ['Time period', '30 Days'],
      ] as const) {
        const select = page.getByRole('combobox', { name });
        await expect
          .poll(async () => {
            await select.selectOption({ label });
            await page.waitForTimeout(300);
            return select.evaluate((el: HTMLSelectElement) => el.options[el.selectedIndex]?.text);
          })
          .toBe(label);
      }
      // The configurator's bill: the admin's unit costs × the default sizes, 15 % tax.
      await visible(page.getByText('R427.39'));
      await visible(page.getByText('R491.50'));
      await screenshot(page, 'console-catalogue-configurator-desktop');
      // The VM's name: the configurator's suggestion, the product's short name numbered.
      const vmName = await page.getByRole('textbox', { name: 'VM name' }).inputValue();
      expect(vmName).toBe('journey-vm-1');
      await page.getByRole('button', { name: 'Buy Now' }).click();

      await page.waitForURL(/\/purchasedetails\/1$/);
      const pay = page.getByRole('button', { name: /^Pay / });
      await visible(pay);
      await visible(page.getByText('R491.50'));
      await visible(page.getByText('R64.11'));
      await screenshot(page, 'console-catalogue-purchase-desktop');
      await pay.click();
      await page.waitForURL(/\/PurchaseSuccessful/i, { timeout: 30_000 });
      await visible(page.getByText('Your Purchase is successful !!', { exact: true }));
      const orderId = Number(
        (await page
          .getByText(/^Your order id is: \d+$/)
          .first()
          .textContent())!.match(/\d+/)![0],
      );

      // The stored order has the same figures (read as the customer's own order).
      const session = await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? 'null') as { token: string });
      const reply = await fetch(`http://localhost:${port}/api/virtualMachine/getOrderDetail`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: session.token, origin: site },
        body: JSON.stringify({ orderID: orderId }),
      });
      const order = (
        (await reply.json()) as {
          data: { vmName: string; cost: string; taxAmount: string; amount: string; lines: { name: string; amount: string }[] };
        }
      ).data;
      expect(order).toMatchObject({ vmName, cost: '427.39', taxAmount: '64.11', amount: '491.50' });
      expect(order.lines.map((l) => [l.name, l.amount])).toEqual([
        ['Processor', '194.70'],
        ['Memory', '164.49'],
        ['Disk', '68.20'],
      ]);

      // The console now counts the order: the product can only be disabled, not deleted.
      await admin.page.goto(consoleUrl(`c/${companyId}/catalogue`));
      const row = admin.page.getByRole('row', { name: new RegExp(productName) });
      await visible(row.getByText('1 /'));
      expect(await admin.page.getByRole('button', { name: `Delete ${productName}` }).count()).toBe(0);
    } finally {
      await customer.context.close();
    }
  }, 180_000);

  it('looks right on a phone: every catalogue page and the product editor', async () => {
    const phone = await newPage(browser, PHONE);
    try {
      await signInToConsole(phone.page, port, CONSOLE.lifecycleAdmin);
      for (const [path, , shot] of PAGES) {
        await phone.page.goto(consoleUrl(`c/${companyId}/catalogue${path ? `/${path}` : ''}`));
        await visible(phone.page.getByRole('heading', { level: 2 }));
        await expect.poll(() => phone.page.locator('[aria-busy="true"]').count()).toBe(0);
        await screenshot(phone.page, `console-catalogue-${shot}-phone`);
        await expectAccessible(phone.page);
      }
      await phone.page.goto(consoleUrl(`c/${companyId}/catalogue/products/new`));
      await visible(phone.page.getByRole('heading', { name: 'New product' }));
      await screenshot(phone.page, 'console-catalogue-product-editor-phone');
      await expectAccessible(phone.page);
      await phone.page.goto(consoleUrl(`c/${companyId}/catalogue/business-units`));
      await phone.page.getByRole('button', { name: 'Add business unit' }).click();
      await visible(phone.page.getByRole('dialog', { name: 'Add business unit' }));
      await phone.page.getByRole('dialog').getByRole('button', { name: 'Add card' }).click();
      await screenshot(phone.page, 'console-catalogue-business-unit-dialog-phone');
    } finally {
      await phone.context.close();
    }
  }, 360_000);
});
