import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { expectAccessible } from '../accessibility.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollToEnd } from '../browser.ts';
import { contentOrigins, HOSTILE_NEWS_TITLE } from '../fixtures/content.ts';
import { siteOrigins } from '../fixtures/load-fixtures.ts';

const port = inject('port');
const demo = siteOrigins(port).demo;
const { quiet, hostile } = contentOrigins(port);
const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

/** Presses Tab until `target` has the focus: proves it is reachable by keyboard alone. */
async function tabTo(page: Page, target: Locator, maxPresses = 80) {
  for (let i = 0; i < maxPresses; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('not reachable with the Tab key');
}

const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible(), { timeout: 15_000 }).toBe(true);

describe('the public site', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  for (const [label, viewport] of VIEWPORTS) {
    it(`home: banner, video, Explore and Buy Now, Our Reach, news carousel and blogs (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(`${demo}/home`);
      await visible(page.getByText('Virtual machines in South Africa and Kenya, billed in your own currency.'));
      const video = page.locator('video');
      await visible(video);
      expect(await video.evaluate((v: HTMLVideoElement) => [v.controls, v.muted, v.hasAttribute('playsinline')])).toEqual([
        true,
        true,
        true,
      ]);
      expect(await video.getAttribute('src')).toMatch(/^\/api\/files\//);
      expect(await page.getByRole('link', { name: 'Explore', exact: true }).getAttribute('href')).toBe('/marketplace/all');
      expect(await page.getByRole('link', { name: 'Buy Now' }).getAttribute('href')).toBe('/customerlogin');

      // Home's later sections come as the visitor scrolls towards them.
      await scrollToEnd(page);
      const reach = page.locator('section', { has: page.getByRole('heading', { name: 'Our Reach' }) });
      await visible(reach.getByText('Midrand, South Africa'));
      expect(await reach.getByRole('listitem').allInnerTexts()).toHaveLength(3);
      await expect.poll(() => reach.innerText()).toContain('Nairobi, Kenya');

      const carousel = page.getByTestId('news-carousel');
      await visible(carousel);
      expect(await carousel.getAttribute('data-slides-per-view')).toBe(label === 'desktop' ? '3' : '1');
      await visible(page.getByRole('heading', { name: 'Windows Server', exact: true }));
      await screenshot(page, `content-home-${label}`);
      await expectAccessible(page);

      await page.getByRole('heading', { level: 2, name: 'News' }).getByRole('link').click();
      await page.waitForURL(`${demo}/news`);
      await context.close();
    });
  }

  it('home: the news carousel shows 1, 2, 3 and 5 cards by width', async () => {
    const { context, page } = await newPage(browser, { width: 464, height: 900 });
    await page.goto(`${demo}/home`);
    await scrollToEnd(page);
    const carousel = page.getByTestId('news-carousel');
    await visible(carousel);
    for (const [width, slides] of [
      [464, '1'],
      [465, '2'],
      [1024, '2'],
      [1025, '3'],
      [3000, '3'],
      [3001, '5'],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => carousel.getAttribute('data-slides-per-view')).toBe(slides);
    }
    await context.close();
  });

  for (const [label, viewport] of VIEWPORTS) {
    it(`news: a card grid, "Read More" by the spec's rule and the read-news dialog (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(`${demo}/news`);
      await visible(page.getByRole('heading', { level: 1, name: 'News' }));
      const cards = page.getByRole('article');
      await expect.poll(() => cards.count()).toBe(4);
      const card = (title: string) => cards.filter({ has: page.getByRole('heading', { name: title }) });
      // Long content or links: Read More. Short content without links: none.
      expect(await card('Nairobi region now open').getByRole('button', { name: 'Read More' }).count()).toBe(1);
      expect(await card('Windows Server 2022 images').getByRole('button', { name: 'Read More' }).count()).toBe(0);
      expect(await card('Pay with Ozow, PayFast, Pesapal or PayPal').getByRole('button', { name: 'Read More' }).count()).toBe(1);
      // Title on one line, text on five.
      const title = card('Nairobi region now open').getByRole('heading');
      expect(await title.evaluate((el) => getComputedStyle(el).webkitLineClamp)).toBe('1');
      expect(
        await card('Nairobi region now open')
          .locator('p')
          .first()
          .evaluate((el) => getComputedStyle(el).webkitLineClamp),
      ).toBe('5');
      await screenshot(page, `content-news-${label}`);
      await expectAccessible(page);

      await card('Nairobi region now open').getByRole('button', { name: 'Read More' }).click();
      const dialog = page.getByRole('dialog');
      await visible(dialog.getByText('Nairobi region now open'));
      await visible(dialog.getByText(/billed in Kenyan shillings/));
      await visible(dialog.getByTestId('news-image-placeholder'));
      expect(await dialog.getByRole('link', { name: /mawingu\.example\/blog\/nairobi-region/ }).getAttribute('target')).toBe('_blank');
      await screenshot(page, `content-news-dialog-${label}`);
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      await context.close();
    });
  }

  it('news: script in a news item never runs, on the card or in the dialog', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${hostile}/news`);
    const card = page.getByRole('article');
    await visible(card.getByText(/Johannesburg hosts are patched/));
    await card.getByRole('button', { name: 'Read More' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText(/Virtual machines keep running/));
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    const html = await dialog.innerHTML();
    expect(html).not.toMatch(/<script|<img|<iframe|<svg[^>]*>\s*<animate|onerror|onclick|onbegin|javascript:/i);
    // The javascript: link is dropped; the https one stays.
    expect(await dialog.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      'https://status.mawingu.example/',
    ]);
    expect(await dialog.getByText(HOSTILE_NEWS_TITLE).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('news: a company without news says "No News Yet", on /news and on home', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`${quiet}/news`);
    await visible(page.getByText('No News Yet', { exact: true }));
    await screenshot(page, 'content-news-empty-phone');
    await page.goto(`${quiet}/home`);
    await scrollToEnd(page);
    await visible(page.getByText('No News Yet', { exact: true }));
    // No offices configured: no "Our Reach".
    expect(await page.getByRole('heading', { name: 'Our Reach' }).count()).toBe(0);
    await context.close();
  });

  for (const [label, viewport] of VIEWPORTS) {
    it(`about: vision, mission, technology, blogs that are not links yet, offices and the way back (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(`${demo}/about`);
      await visible(page.getByRole('heading', { level: 1, name: 'About us' }));
      await visible(page.getByText(/starting in South Africa, then across the rest of Africa and the world/));
      await visible(page.getByText(/IT infrastructure as a service through a technology platform/));
      for (const tech of ['PHP', 'Ansible', 'Python', 'NGINX', 'KVM', 'AI']) await visible(page.getByText(tech, { exact: true }));
      for (const blog of ['Windows Server', 'Windows Laptop', 'Linux Laptop'])
        await visible(page.getByRole('heading', { name: blog, exact: true }));
      const readMore = page.getByRole('button', { name: 'Read more' });
      expect(await readMore.count()).toBe(3);
      expect(await readMore.evaluateAll((buttons) => buttons.every((b) => (b as HTMLButtonElement).disabled))).toBe(true);
      const offices = page.locator('section', { has: page.getByRole('heading', { name: 'Our offices' }) });
      await visible(offices.getByText('Nairobi, Kenya'));
      await visible(offices.getByText('Midrand, South Africa'));
      await screenshot(page, `content-about-${label}`);
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Back to home' }).click();
      await page.waitForURL(`${demo}/home`);
      await context.close();
    });
  }

  for (const [label, viewport] of VIEWPORTS) {
    it(`FAQ: four tabs of questions, a search that filters as you type, and the way back (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(`${demo}/Faq`);
      const tabs = page.getByRole('tab');
      await expect.poll(() => tabs.count()).toBe(4);
      expect((await tabs.allInnerTexts()).map((t) => t.replace(/\d+/g, '').trim())).toEqual(['General', 'Products', 'Profile', 'Contact']);

      await page.getByRole('tab', { name: /Products/ }).click();
      await page.getByRole('button', { name: 'When does my virtual machine start?' }).click();
      await visible(
        page.getByText(/launches automatically as soon as your payment is confirmed, and it stays active until its expiry date/),
      );
      await screenshot(page, `content-faq-${label}`);
      await expectAccessible(page);

      const search = page.getByPlaceholder('Search by key words');
      await search.pressSequentially('e-mail only');
      await expect.poll(() => page.getByTestId('faq-match-count').innerText()).toBe('1 question matches “e-mail only”');
      expect(await page.getByRole('tab', { selected: true }).innerText()).toMatch(/^Profile\s*1$/);
      await visible(page.getByRole('button', { name: 'How do I log in?' }));

      await search.fill('');
      await search.pressSequentially('refund');
      await expect.poll(() => page.getByTestId('faq-match-count').innerText()).toMatch(/^\d+ questions match “refund”$/);
      await screenshot(page, `content-faq-search-${label}`);

      await search.fill('');
      await search.pressSequentially('xyzzy');
      await visible(page.getByText('No data to display', { exact: true }));
      expect(await tabs.count()).toBe(0);

      await page.getByRole('link', { name: 'Back to home' }).click();
      await page.waitForURL(`${demo}/home`);
      await context.close();
    });
  }

  it('FAQ: tabs work from the keyboard; a company without questions shows "No data to display"', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${demo}/Faq`);
    const general = page.getByRole('tab', { name: /General/ });
    await visible(general);
    await tabTo(page, general);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('tab', { selected: true }).innerText()).toMatch(/^Products/);
    await page.goto(`${quiet}/Faq`);
    await visible(page.getByText('No data to display', { exact: true }));
    await context.close();
  });
});
