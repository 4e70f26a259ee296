import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expectAccessible } from '../accessibility.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot } from '../browser.ts';
import { signInToConsole } from '../console-login.ts';
import { CONSOLE } from '../fixtures/console.ts';
import { PAYMENTS_CUSTOMER, PAYMENTS_ORDERS, RECONCILE_ATTEMPT } from '../fixtures/console-payments.ts';

const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);

/** PayFast test credentials the admin enters (a sandbox merchant of the company's own). */
const PAYFAST = { merchantId: '10004242', merchantKey: 'lifecycleKey2026x', passphrase: 'Lifecycle Sandbox Phrase' };

/**
 * The console's payments (issue 7, point 4) in the lifecycle company: the admin saves PayFast test
 * credentials and sees them only masked after a reload; finds Nandi's unpaid order with filters,
 * reads its gateway messages (raw JSON folded), and reconciles it with a reason — it shows paid
 * with an invoice. Support reads the orders but has no Reconcile button.
 */
describe('console: payments', () => {
  const port = inject('port');
  const consoleUrl = (path: string) => `http://localhost:${port}/admin/${path}`;
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };
  let companyId: number;

  async function companyOf(page: Page): Promise<number> {
    await page.goto(consoleUrl('c/0/orders'));
    return page.evaluate(
      () => (JSON.parse(sessionStorage.getItem('mawingu.console') ?? 'null') as { operator: { companyId: number } }).operator.companyId,
    );
  }

  /** The same page on a phone with the same console session. */
  async function onPhone(path: string, ready: (page: Page) => Locator, name: string, operator = CONSOLE.lifecycleAdmin) {
    const phone = await newPage(browser, PHONE);
    try {
      await signInToConsole(phone.page, port, operator);
      await phone.page.goto(consoleUrl(path));
      await visible(ready(phone.page));
      await screenshot(phone.page, name);
      await expectAccessible(phone.page);
    } finally {
      await phone.context.close();
    }
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await newPage(browser, DESKTOP);
    await signInToConsole(admin.page, port, CONSOLE.lifecycleAdmin);
    companyId = await companyOf(admin.page);
  });
  afterAll(async () => {
    await admin?.context.close();
    await browser?.close();
  });

  it('the admin saves PayFast test credentials; after a reload they show only masked', async () => {
    const { page } = admin;
    await page.goto(consoleUrl(`c/${companyId}/payments`));
    const payfast = page.getByTestId('gateway-account-payfast');
    await visible(payfast.getByTestId('gateway-status'));
    // The lifecycle shop pays by bypass; its switch is shown as it is and left alone.
    expect(await page.getByRole('switch', { name: 'Confirm orders without a payment gateway' }).isChecked()).toBe(true);
    await expect.poll(() => payfast.getByTestId('gateway-status').textContent()).toMatch(/^Not set/);
    await screenshot(page, 'console-payments-settings-desktop');
    await expectAccessible(page);

    await payfast.getByRole('textbox', { name: 'Merchant ID' }).fill(PAYFAST.merchantId);
    await payfast.getByLabel('Merchant key').fill(PAYFAST.merchantKey);
    await payfast.getByLabel('Passphrase (optional)').fill(PAYFAST.passphrase);
    await page.getByRole('button', { name: 'Save payment settings' }).click();
    await visible(page.getByText('Payment settings saved.'));
    await expect.poll(() => payfast.getByTestId('gateway-status').textContent()).toBe('Own account · Test');
    // The typed secrets left the form with the save.
    expect(await payfast.getByLabel('Merchant key').inputValue()).toBe('');

    await page.reload();
    await visible(payfast.getByText('Own account · Test'));
    // Masked: the merchant id (8 characters) only as dots, the key and passphrase by their last 4.
    await visible(payfast.getByText('Stored: ••••. Leave empty to keep it.'));
    await visible(payfast.getByText('Stored: ••••026x. Leave empty to keep it.'));
    await visible(payfast.getByText('Stored: ••••rase. Leave empty to keep it.'));
    const html = await page.content();
    for (const secret of Object.values(PAYFAST)) expect(html).not.toContain(secret);
    await screenshot(page, 'console-payments-settings-saved-desktop');
    await expectAccessible(page);
    await onPhone(
      `c/${companyId}/payments`,
      (p) => p.getByTestId('gateway-account-payfast').getByText('Own account · Test'),
      'console-payments-settings-phone',
    );
  }, 120_000);

  it('a gateway that cannot take the region’s currency is refused, the reason under the region’s gateways', async () => {
    const { page } = admin;
    await page.goto(consoleUrl(`c/${companyId}/payments`));
    const region = page.getByTestId('region-gateways').first();
    await visible(region);
    const name = (await region.getAttribute('data-region'))!;
    // The lifecycle shop's region is priced in rand: Pesapal takes East African currencies only.
    await page.getByRole('combobox', { name: `Add a gateway (${name})` }).click();
    await page.getByRole('option', { name: 'Pesapal' }).click();
    await page.getByRole('button', { name: 'Save payment settings' }).click();
    await visible(region.getByText(/^Pesapal does not take ZAR, this region’s currency\./));
    await screenshot(page, 'console-payments-gateway-currency-desktop');
    await page.reload();
    await visible(page.getByTestId('region-gateways').first());
    expect(await page.getByTestId('region-gateways').first().textContent()).not.toContain('Pesapal');
  }, 60_000);

  it('the admin filters the orders and opens Nandi’s order with its gateway messages', async () => {
    const { page } = admin;
    await page.goto(consoleUrl(`c/${companyId}/orders`));
    await visible(page.getByRole('table', { name: 'Orders' }));
    await screenshot(page, 'console-orders-desktop');
    await expectAccessible(page);

    await page.getByRole('searchbox', { name: 'Search' }).fill('nandi');
    await expect.poll(() => page.url()).toContain('q=nandi');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Awaiting payment' }).click();
    await expect.poll(() => page.url()).toContain('status=created');
    const rows = page.getByTestId('admin-order-row');
    await expect.poll(() => rows.count()).toBe(2);
    await visible(rows.filter({ hasText: 'R621.00' }));
    await visible(rows.filter({ hasText: 'R345.00' }));
    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'New VM' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await screenshot(page, 'console-orders-filtered-desktop');
    await expectAccessible(page);

    // Export CSV saves every order the filters select: here the one new-VM order awaiting Nandi's payment.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d\d-\d\d\.csv$/);
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain('"purchase","created"');
    expect(csv[1]).toContain('"621.00"');

    await rows.first().getByRole('link').first().click();
    await visible(page.getByRole('heading', { name: /^Order #\d+$/ }));
    await visible(page.getByText(PAYMENTS_CUSTOMER.email));
    await visible(page.getByTestId('order-total').getByText('R621.00'));
    await visible(page.getByText(RECONCILE_ATTEMPT));
    const events = page.getByTestId('gateway-event');
    await expect.poll(() => events.count()).toBe(2);
    await visible(events.filter({ hasText: 'Refused' }).getByText('Not verified'));
    await visible(page.getByText('signature: payfast: signature: ITN signature does not match'));
    // The raw message is folded until asked for, then shown as received.
    const raw = events.filter({ hasText: 'Refused' }).locator('pre');
    expect(await raw.isVisible()).toBe(false);
    await events.filter({ hasText: 'Refused' }).getByText('Show the raw message').click();
    await visible(raw);
    expect(await raw.textContent()).toContain('pf_payment_id=2300101');
    await screenshot(page, 'console-order-detail-desktop');
    await expectAccessible(page);
    const orderPath = new URL(page.url()).pathname.replace('/admin/', '');
    await onPhone(orderPath, (p) => p.getByTestId('gateway-event'), 'console-order-detail-phone');
    await onPhone(`c/${companyId}/orders?q=nandi`, (p) => p.getByTestId('admin-order-row'), 'console-orders-phone');
  }, 120_000);

  it('the admin reconciles the unpaid order with a reason: it shows paid with an invoice', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Reconcile', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText('The order becomes paid', { exact: false }));
    // Too short a reason is refused before anything happens.
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('paid');
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await visible(dialog.getByText('At least 10 characters', { exact: false }));
    await dialog.getByRole('textbox', { name: 'Gateway or bank reference' }).fill('FNB EFT 55120');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('EFT received in the FNB account; PayFast ITN never validated');
    await screenshot(page, 'console-order-reconcile-dialog-desktop');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await visible(page.getByText('Order marked paid', { exact: false }));
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await expect.poll(() => page.getByTestId('order-status').first().getAttribute('data-status')).toMatch(/^(paid|fulfilling|fulfilled)$/);
    await visible(page.getByTestId('invoice-number').getByText(/Invoice \d+ · Manual Payment/));
    await visible(page.getByRole('button', { name: 'Open invoice PDF' }));
    expect(await page.getByRole('button', { name: 'Reconcile', exact: true }).count()).toBe(0);
    await visible(page.getByTestId('gateway-event').filter({ hasText: 'Manual reconciliation' }));
    await visible(page.getByTestId('payment-attempt').filter({ hasText: 'FNB EFT 55120' }));
    await screenshot(page, 'console-order-reconciled-desktop');
    await expectAccessible(page);

    // The list shows it paid too.
    await page.goto(consoleUrl(`c/${companyId}/orders?q=nandi`));
    const row = page.getByTestId('admin-order-row').filter({ hasText: 'R621.00' });
    await expect.poll(() => row.getByTestId('order-status').getAttribute('data-status')).toMatch(/^(paid|fulfilling|fulfilled)$/);
  }, 120_000);

  it('support reads the orders and the unpaid renewal, without a Reconcile button or the payment settings', async () => {
    const support = await newPage(browser, DESKTOP);
    try {
      const { page } = support;
      await signInToConsole(page, port, CONSOLE.lifecycleSupport);
      await page.goto(consoleUrl(`c/${companyId}/orders?q=nandi&kind=3`));
      const rows = page.getByTestId('admin-order-row');
      await expect.poll(() => rows.count()).toBe(1);
      await rows.first().getByRole('link').first().click();
      await visible(page.getByTestId('order-total').getByText(`R${PAYMENTS_ORDERS.renewal.total}`));
      await visible(page.getByText('The customer has not started a payment.'));
      await visible(page.getByTestId('order-status').getByText('Awaiting payment'));
      expect(await page.getByRole('button', { name: 'Reconcile' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Payment settings' }).count()).toBe(0);
      await screenshot(page, 'console-order-support-desktop');
      await expectAccessible(page);
      await page.goto(consoleUrl(`c/${companyId}/payments`));
      await visible(page.getByText('Not for your role'));
      expect(await page.getByTestId('gateway-account-payfast').count()).toBe(0);
    } finally {
      await support.context.close();
    }
  }, 120_000);
});
