import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expectAccessible } from '../accessibility.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot } from '../browser.ts';
import { signInToConsole } from '../console-login.ts';
import { CONSOLE } from '../fixtures/console.ts';
import { contentOrigins } from '../fixtures/content.ts';
import { siteOrigins } from '../fixtures/load-fixtures.ts';

const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);

/**
 * A second brand writes its own site texts (issue 17, point 1): the owner opens the brand's
 * Settings › Site texts, writes the home headline, the vision and the help page's hours; the
 * brand's own origin shows them at once, another brand keeps the site's wording.
 */
describe('a brand’s own site texts', () => {
  const port = inject('port');
  const brand = contentOrigins(port).hostile;
  const other = siteOrigins(port).demo;
  let browser: Browser;
  let owner: { context: BrowserContext; page: Page };
  let companyId: number;

  const token = () =>
    owner.page.evaluate(() => (JSON.parse(sessionStorage.getItem('mawingu.console') ?? 'null') as { token: string }).token);
  const putTexts = async (texts: unknown) =>
    fetch(`http://localhost:${port}/api/admin/companies/${companyId}/site-texts`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ texts }),
    });

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await newPage(browser, DESKTOP);
    await signInToConsole(owner.page, port, CONSOLE.owner);
    await owner.page.goto(`http://localhost:${port}/admin/companies`);
    const res = await fetch(`http://localhost:${port}/api/admin/companies`, { headers: { authorization: `Bearer ${await token()}` } });
    const list = ((await res.json()) as { data: { id: number; origins: string[] }[] }).data;
    companyId = list.find((c) => c.origins.includes(brand))!.id;
  });
  afterAll(async () => {
    // The brand's texts back to the site's wording: other journeys read this brand's pages.
    if (companyId) await putTexts({});
    await owner?.context.close();
    await browser?.close();
  });

  it('the owner writes the headline, vision and opening hours in the console', async () => {
    const { page } = owner;
    await page.goto(`http://localhost:${port}/admin/c/${companyId}/settings?tab=texts`);
    const form = page.getByRole('form', { name: 'Site texts' });
    await visible(form);
    const headline = form.getByRole('textbox', { name: 'Headline (English)', exact: true });
    // The site's own wording is the placeholder: what shows while the field is empty.
    await expect.poll(() => headline.getAttribute('placeholder')).toBe('Cloud infrastructure for African businesses');
    await headline.fill('Hostile Hosting keeps Nairobi online');
    await form.getByRole('textbox', { name: 'Our vision (English)' }).fill('Every Kenyan shop online by 2030.');
    await form
      .getByRole('textbox', { name: 'Opening hours and time zone (English)' })
      .fill('We answer 07h00 to 19h00 East Africa Time, every day.');
    await form.getByRole('textbox', { name: 'Headline (한국어)', exact: true }).fill('나이로비를 지키는 호스팅');
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Site texts saved. The site shows them at once.'));
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'console-site-texts-desktop');
    await expectAccessible(page);
    await page.setViewportSize(PHONE);
    await screenshot(page, 'console-site-texts-phone');
    await page.setViewportSize(DESKTOP);
  });

  it("the brand's own origin shows them on home, About and help; another brand keeps the site's wording", async () => {
    const visitor = await newPage(browser, DESKTOP);
    try {
      const { page } = visitor;
      await page.goto(`${brand}/home`);
      await visible(page.getByRole('heading', { level: 1, name: 'Hostile Hosting keeps Nairobi online' }));
      await screenshot(page, 'site-texts-home-desktop', { fullPage: false });
      await page.goto(`${brand}/about`);
      await visible(page.getByText('Every Kenyan shop online by 2030.'));
      await page.goto(`${brand}/help`);
      await visible(page.getByText('We answer 07h00 to 19h00 East Africa Time, every day.'));
      await page.goto(`${other}/home`);
      await visible(page.getByRole('heading', { level: 1, name: 'Cloud infrastructure for African businesses' }));
    } finally {
      await visitor.context.close();
    }
  });

  it('an empty text shows the site’s wording again', async () => {
    expect((await putTexts({ en: { homeHeadline: '' } })).status).toBe(200);
    const visitor = await newPage(browser, DESKTOP);
    try {
      await visitor.page.goto(`${brand}/home`);
      await visible(visitor.page.getByRole('heading', { level: 1, name: 'Cloud infrastructure for African businesses' }));
    } finally {
      await visitor.context.close();
    }
  });
});
