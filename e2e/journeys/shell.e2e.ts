import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollToEnd } from '../browser.ts';
import { MAINTENANCE_MESSAGE, siteOrigins } from '../fixtures/load-fixtures.ts';

const origins = siteOrigins(inject('port'));

describe('the branded shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`shows the company as title, its logo and "v2.4.33" in the footer (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(`${origins.demo}/`);
      await page.waitForURL(`${origins.demo}/home`);
      await expect.poll(() => page.title()).toBe('Mawingu Cloud');
      await scrollToEnd(page);
      await expect.poll(() => page.getByText('v2.4.33', { exact: true }).isVisible()).toBe(true);
      const logo = page.locator('header img').first();
      await expect.poll(() => logo.getAttribute('src')).toMatch(/^\/api\/files\//);
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await screenshot(page, `home-${label}`);
      await context.close();
    });
  }

  it('shows home for an unknown path', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${origins.demo}/no/such/page`);
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: 'Register / Log In' })
          .or(page.getByRole('link', { name: 'Register / Log In' }))
          .first()
          .isVisible(),
      )
      .toBe(true);
    // Home, at the unknown address: its footer comes as the reader scrolls.
    await scrollToEnd(page);
    await expect.poll(() => page.getByText('v2.4.33', { exact: true }).isVisible()).toBe(true);
    await context.close();
  });

  it('sends an incomplete company to /companynotregisteryet', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${origins.incomplete}/home`);
    await page.waitForURL(`${origins.incomplete}/companynotregisteryet`);
    await expect.poll(() => page.getByText('404 Error', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Company not registered yet', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'not-registered-desktop');
    await context.close();
  });

  it('treats an unknown site as not registered, showing no other company’s brand', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`${origins.unknown}/home`);
    await page.waitForURL(`${origins.unknown}/companynotregisteryet`);
    await expect.poll(() => page.getByText('Company not registered yet', { exact: true }).isVisible()).toBe(true);
    expect(await page.content()).not.toContain('Mawingu Cloud');
    await screenshot(page, 'not-registered-phone');
    await context.close();
  });

  it('sends a company in maintenance to /undermaintenanceMode with its message, then to its redirect address', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${origins.maintenance}/home`);
    await page.waitForURL(`${origins.maintenance}/undermaintenanceMode`);
    await expect.poll(() => page.getByText(MAINTENANCE_MESSAGE).first().isVisible()).toBe(true);
    await screenshot(page, 'maintenance-desktop');
    await page.waitForURL(origins.statusPage, { timeout: 20_000 });
    await context.close();
  });

  it('leaves /companynotregisteryet for /home when the configuration is complete', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${origins.demo}/companynotregisteryet`);
    await page.waitForURL(`${origins.demo}/home`);
    await context.close();
  });
});
