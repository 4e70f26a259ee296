import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { expectAccessible } from '../accessibility.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollToEnd } from '../browser.ts';
import { contentOrigins } from '../fixtures/content.ts';
import { siteOrigins } from '../fixtures/load-fixtures.ts';
import { sentTo, waitForMail } from '../mailbox.ts';

const port = inject('port');
const demo = siteOrigins(port).demo;
const { quiet } = contentOrigins(port);
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

describe('the public site: help, legal pages, newsletter and language', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

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
    // The footer's code comes as the reader scrolls towards it.
    await scrollToEnd(page);
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
    await scrollToEnd(page);
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
    await scrollToEnd(page);
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
