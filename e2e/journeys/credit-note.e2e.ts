import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expectAccessible } from '../accessibility.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot } from '../browser.ts';
import { configurePurchase } from '../buy-vm.ts';
import { signInToConsole } from '../console-login.ts';
import { CONSOLE } from '../fixtures/console.ts';
import { logIn } from '../log-in.ts';
import { sentTo, waitForMail } from '../mailbox.ts';

const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);
const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

/**
 * Issue 18 point 3: the operator issues a partial credit note against a PayPal-paid invoice with a
 * refund through PayPal (the fake on its own origin); the customer sees it beside the invoice in
 * Purchase History, opens its PDF, and has it by mail.
 */
describe('a partial credit note with a PayPal refund', () => {
  const port = inject('port');
  const demo = `http://localhost:${port}`;
  const customerEmail = 'demo@mawingu.local';
  let browser: Browser;
  let customer: { context: BrowserContext; page: Page };
  let orderId: string;
  let vmName: string;
  let serial: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    customer = await newPage(browser, DESKTOP);
    await logIn(customer.page, demo, customerEmail, 'Demo@1234');
  });
  afterAll(async () => {
    await customer?.context.close();
    await browser?.close();
  });

  it('the customer buys a VM through PayPal', async () => {
    const { page } = customer;
    ({ vmName } = await configurePurchase(page, port, demo, {
      product: 'Ubuntu Server 24.04 LTS',
      region: 'South Africa',
      gateway: 'Paypal Payment',
    }));
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.origin === inject('gateways').paypal);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/PurchaseSuccessful/i, { timeout: 30_000 });
    orderId = (await page
      .getByText(/^Your order id is: \d+$/)
      .first()
      .textContent())!.match(/\d+/)![0]!;
  }, 120_000);

  for (const [label, viewport] of VIEWPORTS) {
    it(`the operator issues a partial credit note with a PayPal refund (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await signInToConsole(page, port, CONSOLE.demoAdmin);
      await page.goto(`${demo}/admin/c/0/orders`);
      const companyId = await page.evaluate(
        () => (JSON.parse(sessionStorage.getItem('mawingu.console') ?? 'null') as { operator: { companyId: number } }).operator.companyId,
      );
      await page.goto(`${demo}/admin/c/${companyId}/orders/${orderId}`);
      const section = page.getByTestId('credit-notes');
      await visible(section, 30_000);
      if (label === 'phone') {
        // Issued on the desktop: the phone shows it in the list, and the dialog for the next one.
        await visible(section.getByRole('row').filter({ hasText: serial }));
        await section.scrollIntoViewIfNeeded();
        await screenshot(page, `credit-note-console-${label}`, { fullPage: false });
      } else {
        expect(await section.innerText()).toContain('No credit note against this invoice.');
      }
      await section.getByRole('button', { name: 'Issue credit note' }).click();
      const dialog = page.getByRole('dialog', { name: /^Credit note for invoice / });
      await visible(dialog);
      await dialog.getByRole('textbox', { name: /^Amount to credit/ }).fill('100.00');
      await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Three days of outage in the Johannesburg region');
      expect(await dialog.getByRole('radio', { name: /^Refund through PayPal/ }).isChecked()).toBe(true);
      expect(await dialog.getByRole('radio', { name: 'Keep the service running' }).isChecked()).toBe(true);
      await screenshot(page, `credit-note-dialog-${label}`, { fullPage: false });
      await expectAccessible(page);
      if (label === 'phone') {
        // The phone only looks.
        await dialog.getByRole('button', { name: 'Cancel', exact: true }).last().click();
        await context.close();
        return;
      }
      // A part above what the invoice holds is refused under the amount, and nothing is issued.
      await dialog.getByRole('textbox', { name: /^Amount to credit/ }).fill('999999.00');
      await dialog.getByRole('button', { name: 'Issue credit note' }).click();
      await visible(dialog.getByText(/^At most ZAR [\d.]+ of this invoice is not credited yet\.$/));
      await dialog.getByRole('textbox', { name: /^Amount to credit/ }).fill('100.00');
      await dialog.getByRole('button', { name: 'Issue credit note' }).click();
      await expect.poll(() => dialog.isVisible(), { timeout: 30_000 }).toBe(false);
      const row = section.getByRole('row').filter({ hasText: 'Three days of outage' });
      await visible(row);
      const text = await row.innerText();
      serial = text.match(/\S*CN-\d+/)![0];
      expect(text).toContain('R100.00');
      expect(text).toMatch(/PayPal \(USD [\d.]+\)/);
      expect(text).toContain('done');
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `credit-note-console-${label}`, { fullPage: false });
      await context.close();
    }, 90_000);
  }

  for (const [label, viewport] of VIEWPORTS) {
    it(`the customer sees the credit note beside the invoice in Purchase History (${label})`, async () => {
      const { page } = customer;
      await page.setViewportSize(viewport);
      await page.goto(`${demo}/customerprofile/3`);
      const row = page.getByTestId('history-row').filter({ hasText: vmName }).filter({ hasText: 'VM Purchase' });
      await visible(row, 30_000);
      // Beside the invoice: in the purchase's card on a phone, on the line under it in the table.
      const link = page
        .getByRole('tabpanel', { name: 'Purchase History' })
        .getByRole('link', { name: `View credit note ${serial} of ZAR 100.00 (opens in a new window)` });
      await visible(link);
      await row.first().scrollIntoViewIfNeeded();
      await screenshot(page, `credit-note-history-${label}`, { fullPage: false });
      await expectAccessible(page);
      if (label === 'desktop') {
        const [viewer] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
        await viewer.waitForLoadState();
        await visible(viewer.getByRole('heading', { name: 'Credit Note' }));
        await visible(viewer.getByRole('button', { name: 'Download' }), 30_000);
        await viewer.close();
      }
    }, 90_000);
  }

  it('the credit note reaches the customer by mail, with its PDF', async () => {
    const mail = await waitForMail((m) => sentTo(customerEmail)(m) && m.subject.startsWith(`Credit note ${serial} `), 30_000);
    expect(mail.text).toContain(`We have issued credit note ${serial} for ZAR 100.00`);
    expect(mail.text).toMatch(/We are refunding ZAR 100\.00 through PayPal \(USD [\d.]+\)\./);
    expect(mail.attachments).toEqual([expect.objectContaining({ filename: `credit-note-${serial}.pdf`, contentType: 'application/pdf' })]);
  }, 45_000);

  it('the VAT report of the day leaves the sandbox invoice and its credit note out; its CSV files download', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await signInToConsole(page, port, CONSOLE.demoAdmin);
      await page.goto(`${demo}/admin/c/0/orders`);
      const companyId = await page.evaluate(
        () => (JSON.parse(sessionStorage.getItem('mawingu.console') ?? 'null') as { operator: { companyId: number } }).operator.companyId,
      );
      await page.goto(`${demo}/admin/c/${companyId}/orders`);
      await page.getByRole('link', { name: 'VAT report' }).click();
      await page.waitForURL(/\/orders\/vat-report$/);
      const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Africa/Johannesburg' });
      await page.goto(`${demo}/admin/c/${companyId}/orders/vat-report?from=${today}&to=${today}`);
      await page.getByRole('combobox', { name: 'Seller' }).click();
      await page.getByRole('option', { name: 'Mawingu Cloud (Pty) Ltd' }).click();
      // The journey paid in PayPal's sandbox: a proforma, not a tax document, so neither it nor its
      // credit note counts towards VAT (the figures to the cent are proved in vat-report.test.ts).
      await visible(page.getByRole('heading', { name: 'Credit notes' }));
      await visible(page.getByText('Mawingu Cloud (Pty) Ltd · tax number'));
      await screenshot(page, 'vat-report-desktop');
      await expectAccessible(page);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Credit notes CSV' }).click()]);
      const csv = (await import('node:fs')).readFileSync((await download.path())!, 'utf8');
      expect(csv.startsWith('\uFEFF"Credit note","Date","Invoice"')).toBe(true);
      expect(csv).not.toContain(`"${serial}"`);
      await page.setViewportSize(PHONE);
      await screenshot(page, 'vat-report-phone');
    } finally {
      await context.close();
    }
  }, 90_000);
});
