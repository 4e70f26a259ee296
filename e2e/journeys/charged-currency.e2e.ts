import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expectAccessible } from '../accessibility.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot } from '../browser.ts';
import { configurePurchase } from '../buy-vm.ts';
import { invoiceText, openInvoiceViewer } from '../invoice-pdf.ts';
import { signInToConsole } from '../console-login.ts';
import { CONSOLE } from '../fixtures/console.ts';
import { logIn } from '../log-in.ts';

const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);
const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

/** "ZAR 1,234.50" → 1234.5 */
const amountOf = (text: string) => Number(text.replace(/[^\d.]/g, ''));

/**
 * Issue 16 point 2 and two loose ends of point 6: a rand order paid through PayPal in USD shows the
 * charged currency, amount and rate on its invoice PDF, in Purchase History and on the console's
 * order page, the same figures everywhere and the amount the rand total at that rate, to the cent;
 * the bell lists the VM-ready notice with its date, and its link leads to Products.
 */
describe('the currency a customer paid in, and notices that lead somewhere', () => {
  const port = inject('port');
  const demo = `http://localhost:${port}`;
  let browser: Browser;
  let customer: { context: BrowserContext; page: Page };
  let orderId: string;
  let vmName: string;
  /** What the invoice says was charged: "USD 35.18" and "1 ZAR = 0.063 USD". */
  let charged: { amount: string; rate: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    customer = await newPage(browser, DESKTOP);
    await logIn(customer.page, demo, 'demo@mawingu.local', 'Demo@1234');
  });
  afterAll(async () => {
    await customer?.context.close();
    await browser?.close();
  });

  it('a PayPal purchase of a rand order: the invoice PDF shows USD, the amount and the rate', async () => {
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

    const { viewer, token } = await openInvoiceViewer(page);
    await viewer.close();
    const text = await invoiceText(page, port, demo, token);
    const amount = text.match(/Charged\s+(USD [\d,]+\.\d{2})/)?.[1];
    const rate = text.match(/Rate\s+(1 ZAR = [\d.]+ USD)/)?.[1];
    expect(amount, text).toBeDefined();
    expect(rate, text).toBeDefined();
    // SARS wants the VAT in rand beside a foreign-currency charge.
    expect(text).toMatch(/VAT in ZAR\s+R[\d,]+\.\d{2} \(15%\)/);
    charged = { amount: amount!, rate: rate! };
  }, 120_000);

  it('a renewal of that VM paid with PayPal: Renewals shows the USD charged and the rate beside the rand amount', async () => {
    const { page } = customer;
    await page.goto(`${demo}/customerprofile/2`);
    const actions = page.getByRole('group', { name: `Actions for ${vmName}` });
    await visible(actions.getByRole('button', { name: 'Renew', exact: true }), 30_000);
    await actions.getByRole('button', { name: 'Renew', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL(/\/renewvm\/\d+$/);
    await page.getByRole('combobox', { name: 'Time period' }).selectOption({ label: '30 Days' });
    await visible(page.getByText('Total Payable Amount'));
    await page.getByRole('button', { name: 'Buy Now' }).click();
    const atPurchase = () => /\/purchasedetails\/3$/.test(new URL(page.url()).pathname);
    const choose = page.getByRole('dialog', { name: 'Choose Payment Gateway' });
    await expect.poll(async () => atPurchase() || (await choose.isVisible()), { timeout: 15_000 }).toBe(true);
    if (!atPurchase()) {
      await choose.getByRole('radio', { name: 'Paypal Payment' }).check();
      await choose.getByRole('button', { name: 'Proceed' }).click();
    }
    await page.waitForURL(/\/purchasedetails\/3$/);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.origin === inject('gateways').paypal);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/PurchaseSuccessful/i, { timeout: 30_000 });

    for (const [label, viewport] of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto(`${demo}/customerprofile/2`);
      await page.getByRole('tab', { name: 'Renewals' }).click();
      const row = page.getByRole('tabpanel', { name: 'Renewals' }).getByTestId('renewal-row').filter({ hasText: vmName });
      await visible(row, 30_000);
      const shown = await row.first().getByTestId('renewal-charged').innerText();
      expect(shown).toMatch(/^Charged USD \d+\.\d{2} at 1 ZAR = [\d.]+ USD$/);
      expect(shown).toContain(charged.rate);
      await row.first().scrollIntoViewIfNeeded();
      await screenshot(page, `charged-renewals-${label}`, { fullPage: false });
    }
    await page.setViewportSize(DESKTOP);
  }, 150_000);

  for (const [label, viewport] of VIEWPORTS) {
    it(`Purchase History shows the charged USD amount and the rate (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(demo);
      await page.evaluate(
        (data) => localStorage.setItem('userData', data),
        await customer.page.evaluate(() => localStorage.getItem('userData')!),
      );
      await page.goto(`${demo}/customerprofile/3`);
      const row = page.getByTestId('history-row').filter({ hasText: vmName }).filter({ hasText: 'VM Purchase' });
      await visible(row);
      const shown = await row.getByTestId('charged').first().innerText();
      expect(shown).toContain(charged.amount);
      expect(shown).toContain(charged.rate);
      await row.first().scrollIntoViewIfNeeded();
      await screenshot(page, `charged-history-${label}`, { fullPage: false });
      await context.close();
    }, 60_000);
  }

  for (const [label, viewport] of VIEWPORTS) {
    it(`the console's order page shows the charged currency, amount and rate beside the rand total (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await signInToConsole(page, port, CONSOLE.demoAdmin);
      await page.goto(`${demo}/admin/c/0/orders`);
      const companyId = await page.evaluate(
        () => (JSON.parse(sessionStorage.getItem('mawingu.console') ?? 'null') as { operator: { companyId: number } }).operator.companyId,
      );
      await page.goto(`${demo}/admin/c/${companyId}/orders/${orderId}`);
      await visible(page.getByTestId('order-total'));
      // The rand total at the recorded rate is what PayPal took, to the cent.
      const total = await page.getByTestId('order-total').innerText();
      expect(total).toMatch(/^R[\d,]+\.\d{2}$/);
      const rate = amountOf(charged.rate.split('=')[1]!);
      expect(amountOf(charged.amount).toFixed(2)).toBe((Math.round(amountOf(total) * rate * 100) / 100).toFixed(2));
      expect(await page.getByTestId('order-charged').innerText()).toBe(charged.amount);
      expect(await page.getByTestId('order-rate').innerText()).toBe(charged.rate);
      // The paying attempt names its rate too.
      const paid = page.getByTestId('payment-attempt').filter({ hasText: charged.amount });
      await visible(paid.getByText(charged.rate));
      await page.getByTestId('order-totals').scrollIntoViewIfNeeded();
      await screenshot(page, `charged-console-order-${label}`);
      await expectAccessible(page);
      await context.close();
    }, 90_000);
  }

  for (const [label, viewport] of VIEWPORTS) {
    it(`the bell lists the VM-ready notice with its date; its link leads to Products (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(demo);
      await page.evaluate(
        (data) => localStorage.setItem('userData', data),
        await customer.page.evaluate(() => localStorage.getItem('userData')!),
      );
      await page.goto(`${demo}/home`);
      const notice = `Your virtual machine ${vmName} is ready`;
      // The simulator makes the VM within seconds; the notice is written when it runs.
      await expect
        .poll(
          async () => {
            await page.getByRole('button', { name: /^Notifications/ }).click();
            const dialog = page.getByRole('dialog', { name: 'Notifications' });
            await visible(dialog);
            const found = await dialog.getByTestId('notification').filter({ hasText: notice }).count();
            if (found === 0) await page.keyboard.press('Escape');
            return found;
          },
          { timeout: 60_000, interval: 2_000 },
        )
        .toBe(1);
      const dialog = page.getByRole('dialog', { name: 'Notifications' });
      const item = dialog.getByTestId('notification').filter({ hasText: notice });
      const date = await item.locator('time').innerText();
      const today = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium' }).format(new Date());
      expect(date.startsWith(today), `${date} is today (${today})`).toBe(true);
      await screenshot(page, `charged-bell-${label}`, { fullPage: false });
      await expectAccessible(page);
      await item.getByRole('link', { name: 'Go to Products' }).click();
      await page.waitForURL(/\/customerprofile\/2#tabs$/);
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect(await page.getByRole('tab', { name: 'Products' }).getAttribute('aria-selected')).toBe('true');
      await visible(page.getByRole('article', { name: vmName, exact: true }), 30_000);
      await context.close();
    }, 120_000);
  }
});
