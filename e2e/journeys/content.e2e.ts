import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { expectAccessible } from '../accessibility.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot } from '../browser.ts';
import { contentOrigins, HOSTILE_NEWS_TITLE } from '../fixtures/content.ts';
import { siteOrigins } from '../fixtures/load-fixtures.ts';
import { sentTo, waitForMail } from '../mailbox.ts';

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

/** Whether a right-click on the page's main area would open the browser's menu. */
const contextMenuBlocked = (page: Page) =>
  page.locator('main').evaluate((main) => {
    const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true, button: 2 });
    main.dispatchEvent(event);
    return event.defaultPrevented;
  });

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

  for (const [label, viewport] of VIEWPORTS) {
    it(`help: contact details, and "Write to us" checked, sent, acknowledged and cleared (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(`${demo}/help`);
      const details = page.locator('section', { has: page.getByRole('heading', { name: 'Connect Us' }) });
      await visible(details.getByRole('link', { name: '+27 10 500 1234' }));
      await visible(details.getByRole('link', { name: 'support@mawingu.example' }));
      for (const text of ['Waterfall City, 1 Magwa Crescent', 'Midrand', 'South Africa'])
        await visible(details.getByText(text, { exact: true }));
      await visible(details.getByRole('link', { name: 'Facebook' }));

      const email = page.getByRole('textbox', { name: /Your e-mail/ });
      const message = page.getByRole('textbox', { name: /Message/ });
      const send = page.getByRole('button', { name: 'Send' });
      await send.click();
      await visible(page.getByText('Email required', { exact: true }));
      await visible(page.getByText('Description required', { exact: true }));
      await email.fill('not-an-email');
      await send.click();
      await visible(page.getByText('Enter correct email', { exact: true }));
      await screenshot(page, `content-help-errors-${label}`);

      const sender = `help-${label}@example.co.za`;
      // Keyboard only: into the fields, then Enter on Send.
      await tabTo(page, email);
      await email.fill(`  ${sender} `);
      await tabTo(page, message);
      await page.keyboard.type(`My ${label} VM does not boot.`);
      await tabTo(page, send);
      await page.keyboard.press('Enter');
      await visible(page.getByText('Thank you. Please check your email', { exact: true }));
      await expect.poll(() => email.inputValue()).toBe('');
      expect(await message.inputValue()).toBe('');

      const toCompany = await waitForMail((m) => sentTo('support@mawingu.example')(m) && m.text.includes(`My ${label} VM does not boot.`));
      expect(toCompany.text).toContain(sender);
      const ack = await waitForMail(sentTo(sender));
      expect(ack.subject).toBe('Mawingu Cloud received your message');
      await screenshot(page, `content-help-${label}`);
      await expectAccessible(page);
      await context.close();
    });
  }

  it('help: "NA" in the configuration is shown blank', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${quiet}/help`);
    const details = page.locator('section', { has: page.getByRole('heading', { name: 'Connect Us' }) });
    await visible(details.getByText('South Africa', { exact: true }));
    expect(await details.getByText('City', { exact: true }).count()).toBe(0);
    expect(await details.innerText()).not.toMatch(/\bNA\b/);
    await context.close();
  });

  for (const [label, viewport] of VIEWPORTS) {
    it(`terms: the company's PDF, page by page, with Preview in a new window and no right-click (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      const cspErrors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) cspErrors.push(msg.text());
      });
      await page.goto(`${demo}/termcondition`);
      await visible(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' }));
      if (label === 'phone') {
        // A page scaled to 390 px is about 6 px text: the phone gets the document's text first, at reading size.
        const text = page.getByTestId('pdf-text');
        await visible(text.getByText('Terms and Conditions of Service'));
        await visible(text.getByText(/Confidentiality and non-solicitation/));
        const fontSize = await text
          .locator('p')
          .first()
          .evaluate((p) => parseFloat(getComputedStyle(p).fontSize));
        expect(fontSize).toBeGreaterThanOrEqual(16);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await screenshot(page, 'content-terms-phone-text');
        await page.getByText('Pages', { exact: true }).click();
      } else {
        expect(await page.getByTestId('pdf-text').count()).toBe(0);
      }
      const label_ = page.getByTestId('pdf-page-label');
      await expect.poll(() => label_.innerText(), { timeout: 20_000 }).toBe('Page 1 of 2');
      const previous = page.getByRole('button', { name: 'Previous' });
      const next = page.getByRole('button', { name: 'Next' });
      expect(await previous.isDisabled()).toBe(true);
      expect(await next.isEnabled()).toBe(true);
      const canvas = page.locator('.react-pdf__Page canvas');
      await visible(canvas);
      await screenshot(page, `content-terms-${label}`);
      const width = await canvas.evaluate((c) => c.getBoundingClientRect().width);
      expect(width).toBeLessThanOrEqual(label === 'desktop' ? 1000 : viewport.width);
      expect(width).toBeGreaterThan(label === 'desktop' ? 900 : 300);
      await visible(page.getByText('Terms and Conditions of Service'));
      await screenshot(page, `content-terms-${label}`);

      await next.click();
      await expect.poll(() => label_.innerText()).toBe('Page 2 of 2');
      expect(await next.isDisabled()).toBe(true);
      expect(await previous.isEnabled()).toBe(true);
      await visible(page.getByText(/Confidentiality and non-solicitation/));
      await previous.click();
      await expect.poll(() => label_.innerText()).toBe('Page 1 of 2');

      expect(await contextMenuBlocked(page)).toBe(true);
      const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Preview' }).click()]);
      expect(popup.url()).toMatch(new RegExp(`^${demo}/api/files/`));
      await popup.close();
      await expectAccessible(page);
      expect(cspErrors).toEqual([]);
      await context.close();
    });
  }

  for (const [label, viewport] of VIEWPORTS) {
    it(`privacy: the built-in policy with the POPIA consent, no right-click (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(`${demo}/privacypolicy`);
      await visible(page.getByRole('heading', { level: 1, name: 'Privacy Policy' }));
      await visible(page.getByText(/you consent to Mawingu Cloud processing your personal information/));
      await visible(page.getByText(/Protection of Personal Information Act 4 of 2013/));
      expect(await contextMenuBlocked(page)).toBe(true);
      await screenshot(page, `content-privacy-${label}`);
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Back to home' }).click();
      await page.waitForURL(`${demo}/home`);
      // Other pages keep the browser's menu.
      await expect.poll(() => contextMenuBlocked(page)).toBe(false);
      await context.close();
    });
  }

  it('newsletter: subscribe, 409 for the same address, unsubscribe once by the mailed link, subscribe again', async () => {
    const { context, page } = await newPage(browser);
    const reader = 'e2e-reader@example.co.za';
    await page.goto(`${demo}/home`);
    const footer = page.getByRole('contentinfo');
    const input = footer.getByRole('textbox', { name: 'E-mail address' });
    const subscribe = footer.getByRole('button', { name: 'Subscribe' });

    await input.fill(` ${reader} `);
    await subscribe.click();
    await visible(page.getByText('Subscribed successfully', { exact: true }));
    await expect.poll(() => input.inputValue()).toBe('');

    await input.fill(reader);
    await subscribe.click();
    await visible(page.getByText('The email already exists', { exact: true }));
    await expect.poll(() => input.inputValue()).toBe('');

    const mail = await waitForMail(sentTo(reader));
    const link = mail.text.match(/https?:\/\/\S+\/newsletter\?token=[\w-]+/)?.[0];
    expect(link?.startsWith(`${demo}/newsletter?token=`)).toBe(true);

    await page.goto(link!);
    await visible(page.getByRole('heading', { name: 'Are you sure you want to Unsubscribe newsletter?' }));
    await screenshot(page, 'content-unsubscribe-desktop');
    await expectAccessible(page);
    const yes = page.getByRole('button', { name: 'Yes, Unsubscribe' });
    await tabTo(page, yes);
    await page.keyboard.press('Enter');
    await visible(page.getByText('You have been Unsubscribed successfully', { exact: true }));
    await page.waitForURL(`${demo}/home`);

    // The link works once.
    await page.goto(link!);
    await page.getByRole('button', { name: 'Yes, Unsubscribe' }).click();
    await visible(page.getByText('This unsubscribe link is invalid or has already been used.'));
    expect(page.url()).toBe(link);

    // No goes home; subscribing again after unsubscribing works.
    await page.getByRole('link', { name: 'No' }).click();
    await page.waitForURL(`${demo}/home`);
    await input.fill(reader);
    await subscribe.click();
    await visible(page.getByText('Subscribed successfully', { exact: true }));
    await context.close();
  });

  it('newsletter: the unsubscribe page on a phone', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`${demo}/newsletter?token=not-a-real-token`);
    await visible(page.getByRole('heading', { name: 'Are you sure you want to Unsubscribe newsletter?' }));
    await screenshot(page, 'content-unsubscribe-phone');
    await expectAccessible(page);
    await context.close();
  });

  it('language: the footer switch turns these pages Korean, spec texts included', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${quiet}/news`);
    await visible(page.getByText('No News Yet', { exact: true }));
    await page.getByRole('contentinfo').getByRole('button', { name: '한국어' }).click();
    await visible(page.getByText('아직 뉴스가 없습니다', { exact: true }));
    await page.goto(`${quiet}/Faq`);
    await visible(page.getByRole('heading', { level: 1, name: '자주 묻는 질문' }));
    await visible(page.getByPlaceholder('키워드로 검색'));
    await page.goto(`${quiet}/help`);
    await visible(page.getByRole('heading', { name: '문의하기' }));
    await page.getByRole('button', { name: '보내기' }).click();
    await visible(page.getByText('이메일을 입력해 주세요', { exact: true }));
    await page.goto(`${quiet}/newsletter?token=x`);
    await visible(page.getByRole('heading', { name: '뉴스레터 구독을 해지하시겠습니까?' }));
    await screenshot(page, 'content-unsubscribe-korean-desktop');
    await page.getByRole('contentinfo').getByRole('button', { name: 'English' }).click();
    await visible(page.getByRole('heading', { name: 'Are you sure you want to Unsubscribe newsletter?' }));
    await context.close();
  });
});
