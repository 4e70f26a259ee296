import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot } from '../browser.ts';
import { configurePurchase, type Purchase } from '../buy-vm.ts';
import { SECOND_BRAND_CUSTOMER, SECOND_BRAND_PRODUCTS, secondBrandOrigin } from '../fixtures/checkout.ts';
import { logIn } from '../log-in.ts';

const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);

/**
 * Checkout leaves the site (issue 13): on a second company's own origin, each gateway — the form
 * posts (PayFast, Ozow) and the redirects (Pesapal, PayPal) — is its fake on an origin of its own,
 * the product runs in production, and the payment completes: the browser goes to the gateway, comes
 * back to the brand's origin, the success page shows the order, the order is paid and its VM runs
 * under Products. Any Content-Security-Policy refusal on the way fails the journey.
 */
describe('checkout on a second brand, gateways on their own origins', () => {
  const port = inject('port');
  const gateways = inject('gateways');
  const site = secondBrandOrigin(port);
  let browser: Browser;

  type Gateway = keyof typeof gateways;

  /** A customer's session in a window of this size, collecting any CSP refusal the browser reports. */
  async function shopper(viewport: typeof DESKTOP) {
    const opened = await newPage(browser, viewport);
    const refusals: string[] = [];
    opened.page.on('console', (message) => {
      if (/Content Security Policy|violates/i.test(message.text())) refusals.push(message.text());
    });
    await logIn(opened.page, site, SECOND_BRAND_CUSTOMER.email, SECOND_BRAND_CUSTOMER.password);
    return { ...opened, refusals };
  }

  /** The customer's orders and VMs as the account pages read them (session from the page). */
  async function account(p: Page) {
    const token = await p.evaluate(() => (JSON.parse(localStorage.getItem('userData') ?? 'null') as { token: string }).token);
    const call = async (path: string) =>
      (await (await fetch(`http://localhost:${port}/api/${path}`, { headers: { authorization: token, origin: site } })).json()) as {
        data: Array<Record<string, unknown>>;
      };
    return { vms: (await call('virtualMachine/getUserVMs')).data };
  }

  /** Pay: the browser leaves for the gateway's origin, Pay now there, back on the brand's success page; then the VM under Products. */
  async function pay(p: Page, gateway: Gateway, purchase: Purchase, shot: string, refusals: string[]) {
    const vmsBefore = (await account(p)).vms.length;
    const { vmName } = await configurePurchase(p, port, site, purchase);
    await p.getByRole('button', { name: /^Pay / }).click();
    await p.waitForURL((url) => url.origin === gateways[gateway], { timeout: 30_000 });
    expect(new URL(p.url()).origin).not.toBe(site);
    await visible(p.getByRole('button', { name: 'Pay now' }));
    await screenshot(p, `checkout-second-brand-${gateway}-${shot}`);
    await p.getByRole('button', { name: 'Pay now' }).click();

    await p.waitForURL((url) => url.origin === site && /\/PurchaseSuccessful/i.test(url.pathname), { timeout: 30_000 });
    await visible(p.getByText('Your Purchase is successful !!', { exact: true }), 30_000);
    await visible(p.getByText(/^Your order id is: \d+$/));
    await screenshot(p, `checkout-second-brand-${gateway}-success-${shot}`);

    // Paid: the simulator makes the VM, and the Products tab shows it running.
    await expect.poll(async () => (await account(p)).vms.length, { timeout: 30_000 }).toBe(vmsBefore + 1);
    await p.goto(`${site}/customerprofile/2`);
    await visible(p.getByRole('article', { name: vmName, exact: true }).getByText('Running'), 30_000);
    expect(refusals).toEqual([]);
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('form posts on a desktop: PayFast, then Ozow', async () => {
    const desktop = await shopper(DESKTOP);
    try {
      await pay(
        desktop.page,
        'payfast',
        { product: SECOND_BRAND_PRODUCTS.rand, region: 'South Africa', gateway: 'PayFast Payment' },
        'desktop',
        desktop.refusals,
      );
      await pay(
        desktop.page,
        'ozow',
        { product: SECOND_BRAND_PRODUCTS.rand, region: 'South Africa', gateway: 'Ozow Payment' },
        'desktop',
        desktop.refusals,
      );
    } finally {
      await desktop.context.close();
    }
  }, 240_000);

  it('redirects on a phone: PayPal (a rand order in USD), then Pesapal (shillings)', async () => {
    const phone = await shopper(PHONE);
    try {
      await pay(
        phone.page,
        'paypal',
        { product: SECOND_BRAND_PRODUCTS.rand, region: 'South Africa', gateway: 'Paypal Payment' },
        'phone',
        phone.refusals,
      );
      await pay(phone.page, 'pesapal', { product: SECOND_BRAND_PRODUCTS.shilling, region: 'Kenya' }, 'phone', phone.refusals);
    } finally {
      await phone.context.close();
    }
  }, 240_000);
});
