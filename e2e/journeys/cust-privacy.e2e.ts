import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { messages } from '@mawingu/contracts/messages';
import { expectAccessible } from '../accessibility.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, screenshotOf } from '../browser.ts';
import { productIdOf } from '../buy-vm.ts';
import { signInToConsole } from '../console-login.ts';
import { CONSOLE } from '../fixtures/console.ts';
import { LIFECYCLE_PRODUCT, lifecycleOrigin } from '../fixtures/lifecycle.ts';

const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);

const REASON = 'Customer asked on the phone, ticket #12';

/**
 * "Log in as" a customer for support (issue 17, point 2; ADR 0118): the lifecycle company's admin
 * opens Amani's page, gives the consent reason, and Amani's site opens in a new tab logged in as
 * Amani with the banner on every page; paying is refused with its message; End ends the session
 * (audited with start and end). Screenshots of the console section and the banner at 1280 and 390 px.
 */
describe('console: log in as a customer for support', () => {
  const port = inject('port');
  const consoleUrl = (path: string) => `http://localhost:${port}/admin/${path}`;
  const site = lifecycleOrigin(port);
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };
  let tab: Page;
  let companyId: number;
  let customerPage: string;

  const consoleToken = () =>
    admin.page.evaluate(() => (JSON.parse(sessionStorage.getItem('mawingu.console') ?? 'null') as { token: string }).token);

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await newPage(browser, DESKTOP);
    await signInToConsole(admin.page, port, CONSOLE.lifecycleAdmin);
    await admin.page.goto(consoleUrl('c/0/vms'));
    companyId = await admin.page.evaluate(
      () => (JSON.parse(sessionStorage.getItem('mawingu.console') ?? 'null') as { operator: { companyId: number } }).operator.companyId,
    );
  });
  afterAll(async () => {
    await admin?.context.close();
    await browser?.close();
  });

  it("opens Amani's site as Amani, with the banner, after the consent reason", async () => {
    const { page } = admin;
    await page.goto(consoleUrl(`c/${companyId}/customers?q=amani`));
    await page.getByRole('link', { name: 'Amani Njoroge' }).click();
    await visible(page.getByRole('heading', { name: 'Amani Njoroge' }));
    customerPage = page.url();
    const section = page.getByTestId('customer-privacy');
    await visible(section.getByRole('button', { name: 'Log in as customer' }));
    await screenshotOf(section, 'cust-privacy-console-section-desktop');
    await expectAccessible(page);
    // Erasing asks for the e-mail typed again and says what is kept (not confirmed here: the company is shared).
    await section.getByRole('button', { name: 'Erase personal data' }).click();
    const erase = page.getByRole('dialog', { name: 'Erase the personal data of Amani Njoroge?' });
    await visible(erase.getByRole('textbox', { name: /e-mail address to confirm/ }));
    await screenshotOf(erase, 'cust-privacy-console-erase-desktop');
    await erase.getByRole('button', { name: 'Cancel' }).click();

    await section.getByRole('button', { name: 'Log in as customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in as Amani Njoroge?' });
    await dialog.getByRole('textbox', { name: /Reason/ }).fill(REASON);
    await screenshotOf(dialog, 'cust-privacy-console-dialog-desktop');
    const [opened] = await Promise.all([
      admin.context.waitForEvent('page'),
      dialog.getByRole('button', { name: 'Open their site' }).click(),
    ]);
    tab = opened;
    await tab.waitForURL((url) => url.origin === site && /\/customerprofile\/2$/i.test(url.pathname), { timeout: 20_000 });
    // The one-use handoff never stays in the address.
    expect(new URL(tab.url()).hash).toBe('');
    const banner = tab.getByTestId('support-session-banner');
    await visible(banner);
    expect(await banner.textContent()).toContain("You are viewing Amani Njoroge's account as");
    await visible(tab.getByText('web-renew-01').first());
    await screenshot(tab, 'cust-privacy-banner-desktop', { fullPage: false });
    await expectAccessible(tab);
  }, 120_000);

  it('refuses a new order (the purchase page creates it) with its message, under the banner', async () => {
    await tab.goto(`${site}/productdetails/${await productIdOf(port, site, LIFECYCLE_PRODUCT)}`);
    await visible(tab.getByTestId('support-session-banner'));
    await tab.getByRole('combobox', { name: 'Region' }).selectOption({ label: 'South Africa' });
    await tab.getByRole('combobox', { name: 'Time period' }).selectOption({ label: '30 Days' });
    await tab.getByRole('button', { name: 'Buy Now' }).click();
    await visible(tab.getByText(messages.supportSessionReadOnly));
    await screenshot(tab, 'cust-privacy-refused-payment-desktop', { fullPage: false });
    // The page went back to the configurator: nothing was ordered.
    await expect.poll(() => new URL(tab.url()).pathname).toMatch(/\/productdetails\//);
    // The server refuses a payment however it is asked.
    const token = await tab.evaluate(() => (JSON.parse(localStorage.getItem('userData') ?? 'null') as { token: string }).token);
    const res = await fetch(`http://localhost:${port}/api/virtualMachine/startPayment`, {
      method: 'POST',
      headers: { authorization: token, origin: site, 'content-type': 'application/json' },
      body: JSON.stringify({ orderID: 1 }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(messages.supportSessionReadOnly);
  }, 120_000);

  it('looks right at 390 px: the banner and the console section', async () => {
    await tab.setViewportSize(PHONE);
    await tab.goto(`${site}/customerprofile/2`);
    await visible(tab.getByTestId('support-session-banner'));
    await visible(tab.getByRole('heading', { name: 'My account' }));
    await screenshot(tab, 'cust-privacy-banner-phone', { fullPage: false });
    await admin.page.setViewportSize(PHONE);
    await admin.page.goto(customerPage);
    const section = admin.page.getByTestId('customer-privacy');
    await visible(section.getByRole('button', { name: 'Log in as customer' }));
    await screenshotOf(section, 'cust-privacy-console-section-phone');
    await admin.page.setViewportSize(DESKTOP);
  }, 60_000);

  it('End ends the session and closes the tab; the audit log has the start with the reason, and the end', async () => {
    const closed = tab.waitForEvent('close', { timeout: 15_000 }).then(() => true);
    await tab.getByTestId('support-session-banner').getByRole('button', { name: 'End' }).click();
    expect(await closed).toBe(true);
    const token = await consoleToken();
    const res = await fetch(`http://localhost:${port}/api/admin/companies/${companyId}/audit?action=customer.support-session`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await res.text();
    expect(text).toContain('customer.support-session.start');
    expect(text).toContain(REASON);
    expect(text).toContain('customer.support-session.end');
  }, 60_000);
});
