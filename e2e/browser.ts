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
  // The whole page, its below-the-fold parts in (they load on approach or at the first Tab).
  if (fullPage) await revealBelowTheFold(page);
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

/** The stand-in of a part of the page still to come (lib/near-viewport.ts). */
const LATER = '[data-later]';

/** Whether a part of the page is still to come. */
const partsToCome = (page: Page) => page.evaluate((later) => document.querySelector(later) !== null, LATER);

/**
 * The page's first load settled (at once when it did already): until the app has rendered, nothing
 * is marked as still to come.
 */
const loaded = (page: Page) => page.waitForLoadState('networkidle').catch(() => undefined);

/** Waits (up to 20 s) until no part of the page is still to come, or the page grew taller than `height`. */
async function wholePage(page: Page, height = Number.MAX_SAFE_INTEGER) {
  await page.waitForFunction(
    ({ later, end }) => document.querySelector(later) === null || document.documentElement.scrollHeight > end,
    { later: LATER, end: height },
    { timeout: 20_000, polling: 50 },
  );
}

/**
 * Brings every below-the-fold part at once, as a keyboard user's first Tab does (a Tab key event on
 * the document, which moves no focus), and waits until they are all in. Nothing is scrolled.
 */
export async function revealBelowTheFold(page: Page) {
  await loaded(page);
  if (!(await partsToCome(page))) return;
  await page.evaluate(() => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' })));
  await wholePage(page);
}

/**
 * Scrolls to the end of the page a screen at a time, as a reader does, each part coming as it nears
 * the screen (lib/near-viewport.ts), until the end is reached with every part in.
 */
export async function scrollToEnd(page: Page) {
  await loaded(page);
  for (let step = 0; step < 60; step++) {
    const height = await page.evaluate(async () => {
      window.scrollBy(0, window.innerHeight);
      // A frame at each position, so the page sees it (IntersectionObserver) as a reader's would.
      await new Promise((shown) => requestAnimationFrame(() => requestAnimationFrame(shown)));
      const end = document.documentElement.scrollHeight;
      return window.innerHeight + window.scrollY >= end - 1 ? end : null;
    });
    if (height === null) continue;
    // At the end with a part still coming (it may be above, when what follows it is taller than
    // the screen): back to it, and on once it is in or has grown the page.
    const coming = await page.evaluate((later) => {
      const part = document.querySelector(later);
      part?.scrollIntoView({ block: 'center' });
      return part !== null;
    }, LATER);
    if (!coming) return;
    await wholePage(page, height);
  }
}
