import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expectAccessible } from '../accessibility.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot } from '../browser.ts';
import { configurePurchase, type Purchase } from '../buy-vm.ts';
import { invoiceText, openInvoiceViewer } from '../invoice-pdf.ts';
import { BYPASS_CUSTOMER, BYPASS_PRODUCT, purchaseOrigins } from '../fixtures/purchase.ts';
import { logIn } from '../log-in.ts';

const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);

/**
 * Buying a VM end to end with each gateway, the production product paying through the gateways'
 * protocol-faithful fakes, each on its own origin (global-setup.ts): configure → purchase details → the gateway's page → result page →
 * success → invoice PDF read with pdftotext → the VM running under Products. A cancelled and a
 * failed payment reach their views and make no VM.
 */
describe('buying a VM', () => {
  const port = inject('port');
  const gateways = inject('gateways');
  /** The browser left the site for the gateway's own origin. */
  const atGateway = (p: Page, gateway: keyof typeof gateways) => p.waitForURL((url) => url.origin === gateways[gateway]);
  const demo = `http://localhost:${port}`;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** An order the demo customer paid (PayFast): someone else's for every other customer. */
  let paidByDemo: string | undefined;
  /** Node cannot resolve *.mawingu.test: calls from here go to loopback and name the site in Origin. */
  const api = (path: string) => `http://localhost:${port}/api/${path}`;

  const configure = (p: Page, site: string, purchase: Purchase) => configurePurchase(p, port, site, purchase);

  /** After a paid purchase: success page, invoice, and the VM running under its name in the Products tab. */
  async function expectPaid(p: Page, site: string, { product, vmName }: { product: string; vmName: string }, shot: string) {
    await p.waitForURL(/\/PurchaseSuccessful/i, { timeout: 30_000 });
    await visible(p.getByText('Your Purchase is successful !!', { exact: true }));
    const orderText = (await p
      .getByText(/^Your order id is: \d+$/)
      .first()
      .textContent())!;
    const orderId = orderText.match(/\d+/)![0];
    await screenshot(p, `purchase-successful-${shot}`);
    await expectAccessible(p);

    // View Invoice opens the viewer in a new window; its token opens the PDF for this customer only.
    const { viewer, token } = await openInvoiceViewer(p);
    await visible(viewer.getByText(/Page 1 of \d+/), 20_000);
    await screenshot(viewer, `purchase-invoice-${shot}`);
    await viewer.close();
    const text = await invoiceText(p, port, site, token);
    expect(text).toContain(product);
    expect(text).toMatch(new RegExp(`\\b${orderId}\\b`));
    expect(text).toMatch(/Invoice/);

    // The simulator makes the VM within seconds; the Products tab shows it running.
    await p.goto(`${site}/customerprofile/2`);
    await visible(p.getByRole('article', { name: vmName, exact: true }).getByText('Running'), 30_000);
    return { orderId, token, text };
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, DESKTOP));
    await logIn(page, demo, 'demo@mawingu.local', 'Demo@1234');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('shows the customer’s whole header at 1280 px, in English and in Korean: no entry covers another', async () => {
    for (const language of ['ko', 'en']) {
      await page.evaluate((l) => localStorage.setItem('language', l), language);
      await page.goto(`${demo}/home`);
      await visible(page.getByRole('link', { name: /Demo Customer/ }));
      await visible(page.getByRole('navigation').getByRole('link').first());
      const spans = await page
        .locator('header a:visible, header button:visible')
        .evaluateAll((elements) => elements.map((e) => [e.getBoundingClientRect().left, e.getBoundingClientRect().right] as const));
      spans.sort((a, b) => a[0] - b[0]);
      expect(spans.length).toBeGreaterThanOrEqual(10);
      for (let i = 1; i < spans.length; i++) expect(spans[i]![0], `entry ${i} of ${language}`).toBeGreaterThanOrEqual(spans[i - 1]![1]);
      await screenshot(page, `purchase-customer-header-${language}-desktop`);
    }
  });

  it('pays with PayFast: the ITN pays the order, the invoice shows the bill, the VM runs', async () => {
    const { vmName } = await configure(page, demo, {
      product: 'Ubuntu Server 24.04 LTS',
      region: 'South Africa',
      gateway: 'PayFast Payment',
    });
    await screenshot(page, 'purchase-details-payfast-desktop');
    await expectAccessible(page);
    await page.getByRole('button', { name: /^Pay / }).click();
    await atGateway(page, 'payfast');
    await page.getByRole('button', { name: 'Pay now' }).click();
    const { text, orderId } = await expectPaid(page, demo, { product: 'Ubuntu Server 24.04 LTS', vmName }, 'payfast-desktop');
    paidByDemo = orderId;
    expect(text).toContain('PayFast Payment');
    // The sandbox is a test transaction: a proforma, without the PAID watermark.
    expect(text).toContain('Proforma Invoice');
    expect(text).toContain('Test transaction: not a tax invoice.');
    expect(text).not.toContain('Tax Invoice');
    expect(text).not.toMatch(/\bPAID\b/);
  }, 120_000);

  it('pays with Ozow: the return is verified by its hash', async () => {
    const { vmName } = await configure(page, demo, { product: 'Ubuntu Server 24.04 LTS', region: 'South Africa', gateway: 'Ozow Payment' });
    await page.getByRole('button', { name: /^Pay / }).click();
    await atGateway(page, 'ozow');
    await page.getByRole('button', { name: 'Pay now' }).click();
    const { text } = await expectPaid(page, demo, { product: 'Ubuntu Server 24.04 LTS', vmName }, 'ozow-desktop');
    expect(text).toContain('Ozow Payment');
  }, 120_000);

  it('pays a rand order with PayPal in USD: the capture on return pays it', async () => {
    const { vmName } = await configure(page, demo, {
      product: 'Ubuntu Server 24.04 LTS',
      region: 'South Africa',
      gateway: 'Paypal Payment',
    });
    await visible(page.getByText(/USD/).first());
    await page.getByRole('button', { name: /^Pay / }).click();
    await atGateway(page, 'paypal');
    await page.getByRole('button', { name: 'Pay now' }).click();
    const { text } = await expectPaid(page, demo, { product: 'Ubuntu Server 24.04 LTS', vmName }, 'paypal-desktop');
    expect(text).toContain('Paypal Payment');
  }, 120_000);

  it('pays a shilling order with Pesapal: the status call confirms it', async () => {
    const { vmName } = await configure(page, demo, { product: 'CentOS Stream 9 (Nairobi)', region: 'Kenya' });
    await page.getByRole('button', { name: /^Pay / }).click();
    await atGateway(page, 'pesapal');
    await page.getByRole('button', { name: 'Pay now' }).click();
    const { text } = await expectPaid(page, demo, { product: 'CentOS Stream 9 (Nairobi)', vmName }, 'pesapal-desktop');
    expect(text).toContain('KES');
  }, 120_000);

  it('keeps Pay disabled for a Windows product until a licence PDF is chosen, and attaches it after payment', async () => {
    const { vmName } = await configure(page, demo, { product: 'Windows Server 2022', region: 'South Africa', gateway: 'Ozow Payment' });
    const pay = page.getByRole('button', { name: /^Pay / });
    expect(await pay.isDisabled()).toBe(true);
    // Not a PDF: refused where it was chosen, Pay stays disabled.
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ not a pdf') });
    await visible(page.getByText('The licence must be a PDF file', { exact: true }));
    expect(await pay.isDisabled()).toBe(true);
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'windows-licence.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% licence\n%%EOF\n') });
    await expect.poll(() => pay.isDisabled()).toBe(false);
    await screenshot(page, 'purchase-details-licence-desktop');
    await pay.click();
    await atGateway(page, 'ozow');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await visible(page.getByText('Licence uploaded successfully', { exact: true }), 30_000);
    await expectPaid(page, demo, { product: 'Windows Server 2022', vmName }, 'licence-desktop');
  }, 120_000);

  it('shows the Cancelled view for a cancelled payment and the Failed view for a failed one, and makes no VM', async () => {
    const vmsBefore = await vmCount(page, demo);
    await configure(page, demo, { product: 'Edge Gateway', region: 'South Africa', gateway: 'PayFast Payment' });
    await page.getByRole('button', { name: /^Pay / }).click();
    await atGateway(page, 'payfast');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await visible(page.getByRole('heading', { name: 'Payment cancelled' }), 30_000);
    await screenshot(page, 'purchase-cancelled-desktop');

    await configure(page, demo, { product: 'Edge Gateway', region: 'South Africa', gateway: 'Ozow Payment' });
    await page.getByRole('button', { name: /^Pay / }).click();
    await atGateway(page, 'ozow');
    await page.getByRole('button', { name: 'Fail payment' }).click();
    await visible(page.getByRole('heading', { name: 'Payment failed' }), 30_000);
    await screenshot(page, 'purchase-failed-desktop');
    await expectAccessible(page);

    // Purchase History lists them without an invoice link; no VM was made for either.
    await page.goto(`${demo}/customerprofile/2`);
    await page.getByRole('tab', { name: 'Purchase History' }).click();
    await visible(page.getByText('Cancelled').first());
    await visible(page.getByText('Failed').first());
    await screenshot(page, 'purchase-history-desktop');
    expect(await vmCount(page, demo)).toBe(vmsBefore);
  }, 120_000);

  it('buys with the bypass on a phone: no gateway, straight to the result, a paid invoice and a VM', async () => {
    const site = purchaseOrigins(port).bypass;
    const phone = await newPage(browser, PHONE);
    await logIn(phone.page, site, BYPASS_CUSTOMER.email, BYPASS_CUSTOMER.password);
    const { vmName } = await configure(phone.page, site, { product: BYPASS_PRODUCT, region: 'South Africa' });
    await screenshot(phone.page, 'purchase-details-bypass-phone');
    await phone.page.getByRole('button', { name: /^Pay / }).click();
    const { text } = await expectPaid(phone.page, site, { product: BYPASS_PRODUCT, vmName }, 'bypass-phone');
    // No gateway, no test mode: a real invoice with the PAID watermark.
    expect(text).not.toContain('Proforma');
    expect(text).toMatch(/\bPAID\b/);
    expect(text).toContain('Bypass');
    await screenshot(phone.page, 'purchase-products-phone');
    await phone.context.close();
  }, 120_000);

  it('another customer opening a success address sees no success and no order id; bare result addresses claim nothing', async () => {
    expect(paidByDemo).toBeDefined();
    const site = purchaseOrigins(port).bypass;
    const other = await newPage(browser, PHONE);
    try {
      await logIn(other.page, site, BYPASS_CUSTOMER.email, BYPASS_CUSTOMER.password);
      for (const path of [`/PurchaseSuccessful?order=${paidByDemo}&invoice=forged`, '/PurchaseSuccessful']) {
        await other.page.goto(`${site}${path}`);
        await visible(other.page.getByRole('heading', { name: 'No completed purchase to show' }));
        expect(await other.page.getByText(/successful !!|Your order id is/).count()).toBe(0);
      }
      await other.page.goto(`${site}/transaction-status/1`);
      await visible(other.page.getByRole('heading', { name: 'No payment to confirm' }));
      expect(await other.page.getByText('Payment failed').count()).toBe(0);
    } finally {
      await other.context.close();
    }
  }, 60_000);

  /** The customer's VMs as the Products tab reads them. */
  async function vmCount(p: Page, site: string): Promise<number> {
    const token = await p.evaluate(() => (JSON.parse(localStorage.getItem('userData') ?? 'null') as { token: string }).token);
    const reply = await fetch(api('virtualMachine/getUserVMs'), { headers: { authorization: token, origin: site } });
    return ((await reply.json()) as { data: unknown[] }).data.length;
  }
});
