import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this closed network needs; *.mawingu.test → loopback. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--host-resolver-rules=MAP *.mawingu.test 127.0.0.1',
    ],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export async function newPage(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  return { context, page };
}

const shots = path.resolve(import.meta.dirname, '../test-results/screenshots');

/**
 * Saves a screenshot for a person to look at (test-results/screenshots/NAME.png), the whole page
 * unless `fullPage: false` (what a phone shows first).
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  fs.mkdirSync(shots, { recursive: true });
  // The whole page as a reader who scrolled through it sees it: below-the-fold parts load on approach.
  if (fullPage) {
    await scrollToEnd(page);
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  // Transitions and animations are run to their end, so the picture shows the resting state.
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage, animations: 'disabled' });
}

/** Saves a screenshot of one part of a page (a card, a dialog): test-results/screenshots/NAME.png. */
export async function screenshotOf(part: Locator, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  // In the middle of the window, clear of the sticky header.
  await part.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await part.screenshot({ path: path.join(shots, `${name}.png`), animations: 'disabled' });
}

/**
 * Scrolls to the end of the page step by step, as a reader does, until nothing more appears below:
 * the footer and home's later sections load only when they come near the screen (lib/near-viewport.ts).
 */
export async function scrollToEnd(page: Page) {
  // Done when two looks in a row, each after the network went quiet, find the same page: a part
  // that arrives after a look (its chunk, then its idle turn) makes the page grow again.
  let last = -1;
  let same = 0;
  for (let step = 0; step < 40 && same < 2; step++) {
    const height = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return document.documentElement.scrollHeight + Math.round(window.scrollY);
    });
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(200);
    same = height === last ? same + 1 : 0;
    last = height;
  }
}
