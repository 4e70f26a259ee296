import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot } from '../browser.ts';
import { productIdOf } from '../buy-vm.ts';
import { logIn } from '../log-in.ts';
import { siteOrigins } from '../fixtures/load-fixtures.ts';

const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);
const slider = (page: Page, name: RegExp) => page.getByRole('slider', { name });

/**
 * Issue 16's loose ends in the built product: a saved configuration reopens as it was saved, and
 * Quick Search by region lists only what is sold there, in that region's currency.
 */
describe('loose ends of the purchase flow and the marketplace', () => {
  const port = inject('port');
  const demo = siteOrigins(port).demo;
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('a saved configuration reopens as saved: sizes, region and period, with its bill', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, demo, 'demo@mawingu.local', 'Demo@1234');
    const productId = await productIdOf(port, demo, 'Ubuntu Server 24.04 LTS');
    await page.goto(`${demo}/productdetails/${productId}`);
    await page.getByRole('combobox', { name: 'Region' }).selectOption({ label: 'South Africa' });
    await page.getByRole('combobox', { name: 'Time period' }).selectOption({ label: '365 Days' });
    // Memory and disk to their ends (16 GB, 250 GB), as a person drags them.
    for (const name of [/^Memory/, /^Disk/]) {
      await slider(page, name).focus();
      await page.keyboard.press('End');
    }
    const memory = await slider(page, /^Memory/).getAttribute('aria-valuenow');
    const disk = await slider(page, /^Disk/).getAttribute('aria-valuenow');
    expect([memory, disk]).toEqual(['16', '250']);
    const sliders = () =>
      page.getByRole('slider').evaluateAll((els) => els.map((e) => `${e.getAttribute('aria-label')}=${e.getAttribute('aria-valuenow')}`));
    const configured = await sliders();
    const total = await page.getByTestId('bill-total').textContent();
    await page.getByRole('button', { name: 'Save for later' }).click();
    await visible(page.getByText('Your product has been successfully saved'));

    await page.goto(`${demo}/saveditem`);
    const card = page.getByTestId('saved-vm-card').filter({ hasText: '16 GB' }).first();
    await visible(card);
    await card.getByRole('link', { name: 'View Ubuntu Server 24.04 LTS' }).click();
    await page.waitForURL(new RegExp(`/productdetails/${productId}\\?`));
    await visible(slider(page, /^Memory/));
    expect(await slider(page, /^Memory/).getAttribute('aria-valuenow')).toBe('16');
    expect(await slider(page, /^Disk/).getAttribute('aria-valuenow')).toBe('250');
    expect(await sliders()).toEqual(configured);
    expect(await page.getByRole('combobox', { name: 'Region' }).locator('option:checked').textContent()).toBe('South Africa');
    expect(await page.getByRole('combobox', { name: 'Time period' }).locator('option:checked').textContent()).toBe('365 Days');
    expect(await page.getByTestId('bill-total').textContent()).toBe(total);
    await screenshot(page, 'saved-configuration-reopened-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'saved-configuration-reopened-phone');
    await context.close();
  }, 150_000);

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`the not-registered page offers no navigation, login or newsletter; inputs show a focus ring (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(`${siteOrigins(port).unknown}/home`);
      await page.waitForURL(/\/companynotregisteryet$/i);
      await visible(page.getByText('Company not registered yet', { exact: true }));
      await expect.poll(() => page.getByRole('contentinfo').textContent()).toMatch(/^© \d{4}$/);
      expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
      expect(await page.getByRole('textbox').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `status-not-registered-${label}`);

      await page.goto(`${demo}/customerlogin`);
      const email = page.getByLabel('Email');
      await email.focus();
      expect(await email.evaluate((el) => getComputedStyle(el).outlineWidth)).toBe('2px');
      await screenshot(page, `login-focus-ring-${label}`, { fullPage: false });
      await context.close();
    });

    it(`Quick Search by region lists only what is sold there, in its currency (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await logIn(page, demo, 'demo@mawingu.local', 'Demo@1234');
      await page.goto(`${demo}/marketplace/all`);
      const vms = page.locator('#explore-vm [data-testid="vm-card"]');
      const custom = page.locator('#explore-custom-vm [data-testid="vm-card"]');
      await expect.poll(() => vms.count()).toBe(5);
      if (label === 'phone') await page.getByRole('button', { name: /Quick Search/ }).click();
      await page.getByLabel('Region', { exact: true }).selectOption({ label: 'Kenya' });
      await page.getByRole('button', { name: 'Apply' }).click();
      // Every rand product is gone, also those sold everywhere; the shilling one stays, priced in KES.
      await visible(page.locator('#explore-vm').getByText('Data Not Found'));
      await expect.poll(() => custom.count()).toBe(1);
      expect(await custom.first().getByRole('heading').textContent()).toBe('CentOS Stream 9 (Nairobi)');
      expect(await custom.first().textContent()).toMatch(/KES|Ksh/);
      expect(
        await page
          .locator('#explore-vm, #explore-custom-vm')
          .getByText(/^R\s?\d/)
          .count(),
      ).toBe(0);
      await page.locator('#explore-custom-vm').scrollIntoViewIfNeeded();
      await screenshot(page, `marketplace-region-kenya-${label}`);

      await page.getByLabel('Region', { exact: true }).selectOption({ label: 'South Africa' });
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect.poll(() => vms.count()).toBe(5);
      expect(await page.locator('#explore-custom-vm').getByText('CentOS Stream 9 (Nairobi)').count()).toBe(0);
      await context.close();
    });
  }
});
