import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/**
 * Opens a header dropdown of the main navigation and returns its items. With both cores busy,
 * happy-dom's pointer events sometimes close a click-hover menu before its items show (about one
 * run in six under `npm test`), so a menu not open after 3 s is clicked again, as a person would.
 * Not sooner: each click restarts the menu's open delay. Three tries, then the test fails.
 * The items are taken as soon as they are in the page (the dropdown is mounted only while open):
 * under load its opacity transition can still hold them out of the accessibility tree (`hidden`).
 */
export async function openNavMenu(name: string): Promise<HTMLElement[]> {
  for (let attempt = 1; ; attempt++) {
    const nav = (await screen.findAllByRole('navigation', { name: 'Main navigation' }))[0]!;
    const button = await within(nav).findByRole('button', { name });
    if (button.getAttribute('aria-expanded') !== 'true') await userEvent.click(button);
    try {
      return await screen.findAllByRole('menuitem', { hidden: true }, { timeout: 3000 });
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}
