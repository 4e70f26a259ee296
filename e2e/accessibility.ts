import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Waits (up to 3 s) until no toast or tooltip is fading in or out: axe measures contrast with the
 * opacity of the moment, and one half way through its transition is not the colours a person
 * reads. (A tooltip opens when a resize leaves the pointer over its target.)
 */
async function overlaysAtRest(page: Page) {
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('.mantine-Notification-root, [role="tooltip"]')].every((overlay) => {
          for (let node: Element | null = overlay; node; node = node.parentElement)
            if (getComputedStyle(node).opacity !== '1') return false;
          return true;
        }),
      undefined,
      { timeout: 3000, polling: 50 },
    )
    .catch(() => undefined);
}

async function seriousViolations(page: Page) {
  await overlaysAtRest(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`);
}

/** No serious or critical axe violation on the page as it is now (the issue's bar). */
export async function expectAccessible(page: Page) {
  let bad = await seriousViolations(page);
  // A toast may start fading out while axe runs (it closes after a few seconds), a tooltip in or out: measured again at rest.
  if (bad.length && bad.every((v) => v.includes('mantine-Notification') || v.includes('role="tooltip"')))
    bad = await seriousViolations(page);
  expect(bad).toEqual([]);
}
