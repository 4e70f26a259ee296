import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from '../accessibility.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollToEnd } from '../browser.ts';
import { sentTo, waitForMail } from '../mailbox.ts';
import { catalogueOrigins } from '../fixtures/catalogue.ts';
import { siteOrigins } from '../fixtures/load-fixtures.ts';

const port = inject('port');
const demo = siteOrigins(port).demo;
const empty = catalogueOrigins(port).empty;

const vmCards = (page: Page) => page.locator('#explore-vm [data-testid="vm-card"]');

describe('the catalogue: products and services, marketplace, partner clouds', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`home lists Our Products & Services; Explore opens the business unit page (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(`${demo}/home`);
      await scrollToEnd(page);
      const section = page.getByRole('region', { name: 'Our Products & Services' });
      await expect.poll(() => section.getByRole('heading', { name: 'Kubernetes Containers' }).isVisible()).toBe(true);
      expect(await section.getByRole('heading', { level: 3 }).count()).toBe(5);
      await screenshot(page, `home-products-${label}`);
      await section.getByRole('link', { name: 'Explore Virtual Machines' }).click();
      await page.waitForURL(`${demo}/businessunit/Virtual%20Machines`);
      await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Virtual Machines' }).isVisible()).toBe(true);
      await context.close();
    });
  }

  it('the header’s Marketplace menu lists the business units and Partner Cloud Services', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${demo}/home`);
    await page.getByRole('region', { name: 'Our Products & Services' }).getByRole('link', { name: 'Explore SSL Certificates' }).waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Marketplace' }).click();
    await expect.poll(() => page.getByRole('menu').getByText('Products And Services').isVisible()).toBe(true);
    await page.getByRole('menuitem', { name: 'Domains/DNS' }).click();
    await page.waitForURL(`${demo}/businessunit/DomainsDNS`);
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('businessName'))).toBe('DomainsDNS');

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Marketplace' }).click();
    await page.getByRole('menuitem', { name: 'Partner Cloud Services' }).click();
    await page.waitForURL(`${demo}/partnerCloudServices`);
    await context.close();
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`the marketplace shows VM cards (${label === 'desktop' ? 'three' : 'one'} per row) without prices for visitors`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(`${demo}/marketplace/virtualmachine`);
      // Six products, the Kubernetes node among them under Containers only.
      await expect.poll(() => vmCards(page).count()).toBe(5);
      expect(await page.locator('#containers [data-testid="vm-card"]').count()).toBe(1);
      const first = vmCards(page).first();
      expect(await first.getByText('4 GB').isVisible()).toBe(true);
      expect(await first.getByText('50 GB').isVisible()).toBe(true);
      expect(await first.locator('svg[data-os="ubuntu"]').count()).toBe(1);
      expect(await first.getByText('Log in to see the price').isVisible()).toBe(true);
      expect(await page.locator('#explore-vm').getByText(/^R\d/).count()).toBe(0);

      const tops = await vmCards(page).evaluateAll((cards) => cards.slice(0, 4).map((c) => Math.round(c.getBoundingClientRect().top)));
      if (label === 'desktop') {
        expect(new Set(tops.slice(0, 3)).size).toBe(1);
        expect(tops[3]).toBeGreaterThan(tops[0]!);
      } else {
        expect(new Set(tops).size).toBe(4);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      }
      await expect
        .poll(() =>
          page
            .locator('#clouds')
            .getByRole('link', { name: /Visit website/ })
            .count(),
        )
        .toBe(3);
      await expectAccessible(page);
      await screenshot(page, `marketplace-${label}`);

      await first.getByRole('link', { name: /^Select / }).click();
      await page.waitForURL(`${demo}/customerlogin`);
      await context.close();
    });
  }

  it('Quick Search: an OS narrows the VM list, Apply filters the cards, reset restores them', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${demo}/marketplace/all`);
    await expect.poll(() => vmCards(page).count()).toBe(5);
    const vm = page.getByLabel('Virtual machine', { exact: true });
    await vm.selectOption({ label: 'Windows Server 2022' });
    await page.getByLabel('Operating system', { exact: true }).selectOption('ubuntu');
    expect(await vm.inputValue()).toBe('');
    expect(await vm.locator('option').allTextContents()).toEqual(['Any', 'Ubuntu Server 24.04 LTS', 'Ubuntu GPU-ready Build Box']);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => vmCards(page).count()).toBe(1);
    expect(await vmCards(page).first().getByRole('heading').textContent()).toBe('Ubuntu Server 24.04 LTS');
    await expect.poll(() => page.getByText('Quick Search applied: 2 matching products').isVisible()).toBe(true);

    // A filter nothing matches: the spec's empty text.
    await page.getByLabel('Region', { exact: true }).selectOption({ label: 'Kenya' });
    await page.getByLabel('Operating system', { exact: true }).selectOption('red hat');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.locator('#explore-vm').getByText('Data Not Found').isVisible()).toBe(true);
    await screenshot(page, 'marketplace-filtered-empty-desktop');

    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect.poll(() => vmCards(page).count()).toBe(5);
    expect(await page.getByLabel('Operating system', { exact: true }).inputValue()).toBe('');
    await context.close();
  });

  it('Explore Domain checks the .com name: taken, free, or not a valid name', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`${demo}/marketplace/all`);
    const domain = page.locator('#explore-domain');
    const input = domain.getByLabel('Domain name');
    await input.fill('-nope');
    await domain.getByRole('button', { name: 'Check' }).click();
    await expect
      .poll(() => domain.getByText('Use 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen').isVisible())
      .toBe(true);
    await input.fill('mawingu');
    await domain.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => domain.getByText('This Domain is already taken.').isVisible()).toBe(true);
    expect(await domain.getByText('mawingu.com', { exact: true }).isVisible()).toBe(true);
    await input.fill('karoo-data-labs');
    await domain.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => domain.getByText('This Domain is available.').isVisible()).toBe(true);
    await domain.scrollIntoViewIfNeeded();
    await screenshot(page, 'marketplace-domain-phone');

    // Sections collapse, and Back to top returns to the heading.
    const toggle = page.getByRole('button', { name: /^Addons/ });
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.getByRole('button', { name: 'Back to top' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await context.close();
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`a CloudService business unit shows breadcrumb, description, side menu and cards whose Proceed opens the marketplace (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      // The spec's other spelling of the route.
      await page.goto(`${demo}/businessUnit/Virtual%20Machines`);
      await expect.poll(() => page.getByText(/Linux and Windows virtual machines/).isVisible()).toBe(true);
      expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).isVisible()).toBe(true);
      const menu = page.getByRole('navigation', { name: 'Products And Services' });
      expect(await menu.getByRole('link').count()).toBe(5);
      expect(await menu.getByRole('link', { name: 'Virtual Machines' }).getAttribute('aria-current')).toBe('page');
      await expectAccessible(page);
      await screenshot(page, `business-unit-cloud-${label}`);
      await page.getByRole('link', { name: 'Proceed to Cloud Servers' }).click();
      await page.waitForURL(`${demo}/marketplace/virtualmachine`);
      await context.close();
    });
  }

  it('a RedirectionURL business unit links "Click Here Know More" to its address', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${demo}/businessunit/Microsoft%20Licences`);
    const link = page.getByRole('link', { name: /Click Here Know More/ });
    await expect.poll(() => link.getAttribute('href')).toBe('https://www.mawingu.example/microsoft-licences');
    expect(await link.getAttribute('target')).toBe('_blank');
    await screenshot(page, 'business-unit-redirect-desktop');
    await context.close();
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`the enquiry form shows the spec's messages, then sends the enquiry to the company (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(`${demo}/businessunit/SSL%20Certificates`);
      const form = page.getByRole('region', { name: 'Send us an enquiry' });
      await form.getByLabel('Product service').waitFor();
      expect(await form.getByLabel('Product service').inputValue()).toBe('SSL Certificates');
      await form.getByRole('button', { name: 'Submit' }).click();
      for (const text of ['Name required', 'Email required', 'Description required']) {
        await expect.poll(() => form.getByText(text, { exact: true }).isVisible()).toBe(true);
      }
      await form.getByLabel('Product service').fill('');
      await form.getByLabel('E-mail').fill('not-an-email');
      await form.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => form.getByText('Product Service required').isVisible()).toBe(true);
      await expect.poll(() => form.getByText('Please enter a valid Email').isVisible()).toBe(true);
      await expectAccessible(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `business-unit-enquiry-errors-${label}`);

      const who = `lerato-${label}@example.co.za`;
      await form.getByLabel('Name').fill('Lerato Dlamini');
      await form.getByLabel('E-mail').fill(who);
      await form.getByLabel('Product service').fill('SSL Certificates');
      await form.getByLabel('Description').fill('A wildcard certificate for *.dlamini.co.za, please.');
      await form.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => page.getByText('Your request have been submitted!').isVisible()).toBe(true);
      expect(await form.getByLabel('Name').inputValue()).toBe('');

      // The enquiry reaches the company's mailbox, naming who asked.
      const mail = await waitForMail((m) => sentTo('support@mawingu.example')(m) && m.text.includes(who));
      expect(mail.text).toContain('A wildcard certificate for *.dlamini.co.za, please.');
      await context.close();
    });
  }

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`/partnerCloudServices lists the partner clouds (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(`${demo}/partnerCloudServices`);
      await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Microsoft Azure' }).isVisible()).toBe(true);
      expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(3);
      const link = page.getByRole('link', { name: /Visit website Amazon Web Services/ });
      expect(await link.getAttribute('href')).toBe('https://aws.amazon.com/');
      await expectAccessible(page);
      await screenshot(page, `partner-clouds-${label}`);
      await context.close();
    });
  }

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`a company without a catalogue shows the empty states (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(`${empty}/home`);
      await expect.poll(() => page.getByText('No products or services are available yet.').isVisible()).toBe(true);

      await page.goto(`${empty}/marketplace/all`);
      await expect.poll(() => page.locator('#explore-vm').getByText('Data Not Found').isVisible()).toBe(true);
      expect(await page.locator('#explore-custom-vm').getByText('Data Not Found').isVisible()).toBe(true);
      expect(await page.locator('#clouds').getByText('No data available').isVisible()).toBe(true);
      await expectAccessible(page);
      await screenshot(page, `marketplace-empty-${label}`);

      await page.goto(`${empty}/partnerCloudServices`);
      await expect.poll(() => page.getByText('No data available').isVisible()).toBe(true);
      await screenshot(page, `partner-clouds-empty-${label}`);

      await page.goto(`${empty}/businessunit/Virtual%20Machines`);
      await expect.poll(() => page.getByText('Data Not Found', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole('heading', { level: 1, name: 'Virtual Machines' }).isVisible()).toBe(true);
      await screenshot(page, `business-unit-not-found-${label}`);
      await context.close();
    });
  }
});
