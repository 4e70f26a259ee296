import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ALICE_FINGERPRINT, ALICE_KEY } from '../../apps/api/src/modules/machines/vm-access/test-keys.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, screenshotOf } from '../browser.ts';
import { configurePurchase } from '../buy-vm.ts';
import { VM_ACCESS_CUSTOMER as CUSTOMER, VM_ACCESS_PRODUCT as PRODUCT, vmAccessOrigin } from '../fixtures/vm-access.ts';
import { logIn } from '../log-in.ts';
import { sentTo, waitForMail } from '../mailbox.ts';

const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);

/**
 * Issue 16 points 1 and 3 in the browser: a customer keeps an SSH key in the profile, gives it to a
 * VM on the configurator, pays through PayFast's fake, and reaches the machine: the access dialog
 * (address, user, the password once, a reset), the ready mail, the simulator console's login. A
 * second VM of the same product gets its own name, and every page that names VMs tells them apart.
 */
describe('access to a bought VM, and VMs told apart', () => {
  const port = inject('port');
  const payfast = inject('gateways').payfast;
  const site = vmAccessOrigin(port);
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const names: string[] = [];

  /** Takes `shot` at 1280 px and again at 390 px (the same page, resized), then goes back to 1280. */
  async function bothWidths(shot: (width: 'desktop' | 'phone') => Promise<void>) {
    await shot('desktop');
    await page.setViewportSize(PHONE);
    await shot('phone');
    await page.setViewportSize(DESKTOP);
  }

  /** Configures the product (with `beforeBuy` on the configurator), pays on PayFast's page, waits for the VM to run. */
  async function buy(beforeBuy?: () => Promise<void>): Promise<string> {
    const { vmName } = await configurePurchase(
      page,
      port,
      site,
      { product: PRODUCT, region: 'South Africa', gateway: 'PayFast Payment' },
      beforeBuy,
    );
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.origin === payfast);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/PurchaseSuccessful/i, { timeout: 30_000 });
    await page.goto(`${site}/customerprofile/2`);
    await visible(page.getByRole('article', { name: vmName, exact: true }).getByText('Running'), 30_000);
    return vmName;
  }

  const actions = (name: string) => page.getByRole('group', { name: `Actions for ${name}` });
  const accessDialog = (name: string) => page.getByRole('dialog', { name: `Access to ${name}` });
  const cell = (dialog: Locator, heading: string) => dialog.getByRole('row', { name: new RegExp(`^${heading}`) }).getByRole('cell');

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, DESKTOP));
    await logIn(page, site, CUSTOMER.email, CUSTOMER.password);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('gives the VM the profile’s SSH key and a password shown once, resettable, that logs in at the console', async () => {
    // The profile's SSH keys card: a key is added and listed with its fingerprint.
    await page.goto(`${site}/customerprofile/2`);
    const keysCard = page.getByRole('region', { name: 'SSH keys' });
    await visible(keysCard.getByText('No keys yet.'));
    await keysCard.getByRole('textbox', { name: 'Key name' }).fill('Laptop');
    await keysCard.getByRole('textbox', { name: 'Public key' }).fill(ALICE_KEY);
    await keysCard.getByRole('button', { name: 'Add key' }).click();
    await visible(keysCard.getByText(ALICE_FINGERPRINT));
    await bothWidths((w) => screenshotOf(keysCard, `vm-access-ssh-keys-${w}`));

    // The configurator suggests the name and offers the key; the key is picked.
    const vmName = await buy(async () => {
      const key = page.getByRole('checkbox', { name: 'Laptop' });
      await key.check();
      // Mantine's check mark sits in the box (its styles loaded), not as a loose glyph under it.
      const box = (await key.boundingBox())!;
      const mark = (await page.getByTestId('ssh-key-picker').locator('svg').first().boundingBox())!;
      expect(mark.y + mark.height).toBeLessThanOrEqual(box.y + box.height + 1);
      const name = page.getByRole('region', { name: 'Name' });
      const access = page.getByRole('region', { name: 'Access' });
      await bothWidths(async (w) => {
        await screenshotOf(name, `vm-access-configurator-name-${w}`);
        await screenshotOf(access, `vm-access-configurator-keys-${w}`);
      });
    });
    expect(vmName).toBe('ubuntu-server-1');
    names.push(vmName);

    // View: address, user, the password (once) and the key the machine got.
    await actions(vmName).getByRole('button', { name: 'View', exact: true }).click();
    const dialog = accessDialog(vmName);
    await visible(dialog.getByTestId('vm-password'));
    const address = (await cell(dialog, 'Address').textContent())!.trim();
    expect(address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect((await cell(dialog, 'User').textContent())!.trim()).toBe('admin');
    const first = (await dialog.getByTestId('vm-password').textContent())!.trim();
    expect(first).toMatch(/^\S{16}$/);
    await visible(dialog.getByText('Copy it now: it is shown only this once.'));
    await visible(cell(dialog, 'SSH keys').getByText(ALICE_FINGERPRINT));
    await bothWidths((w) => screenshot(page, `vm-access-dialog-${w}`, { fullPage: false }));
    await page.keyboard.press('Escape');

    // The ready mail names the address and the user, never the password.
    const mail = await waitForMail((m) => sentTo(CUSTOMER.email)(m) && m.subject === `Your virtual machine ${vmName} is ready`, 30_000);
    expect(mail.text).toContain(`Address: ${address}. User: admin.`);
    expect(mail.text).not.toContain(first);

    // A second View no longer shows it; Reset password gives a new one.
    await actions(vmName).getByRole('button', { name: 'View', exact: true }).click();
    await visible(dialog.getByText('Already shown once. Reset it to see a new one.'));
    expect(await dialog.getByTestId('vm-password').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await visible(dialog.getByTestId('vm-password'));
    const reset = (await dialog.getByTestId('vm-password').textContent())!.trim();
    expect(reset).toMatch(/^\S{16}$/);
    expect(reset).not.toBe(first);

    // Open console: the terminal refuses the old password and lets the new one in to a shell prompt.
    const [terminal] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('link', { name: 'Open console' }).click()]);
    const logInAt = async (password: string) => {
      await terminal.getByLabel('login').fill('admin');
      await terminal.getByLabel('Password').fill(password);
      await terminal.getByLabel('Password').press('Enter');
    };
    await visible(terminal.getByText(`${vmName} login:`));
    await logInAt(first);
    await visible(terminal.getByRole('alert').getByText('Login incorrect'));
    await screenshot(terminal, 'vm-access-console-refused-desktop');
    await logInAt(reset);
    await visible(terminal.getByText(`admin@${vmName}:~$`));
    await terminal.getByLabel('command').fill('whoami');
    await terminal.getByLabel('command').press('Enter');
    await expect.poll(() => terminal.getByTestId('transcript').textContent()).toContain(`admin@${vmName}:~$ whoami\nadmin\n`);
    await screenshot(terminal, 'vm-access-console-desktop');
    await terminal.setViewportSize(PHONE);
    await screenshot(terminal, 'vm-access-console-phone');
    await terminal.close();
    await page.keyboard.press('Escape');
  }, 90_000);

  it('names a second VM of the product apart, on Products, a confirm dialog, renew, multi-renew, Renewals and Purchase History', async () => {
    expect(names).toEqual(['ubuntu-server-1']);
    const second = await buy();
    expect(second).toBe('ubuntu-server-2');
    const [first] = names as [string];
    await visible(page.getByRole('article', { name: first, exact: true }));
    await bothWidths((w) => screenshotOf(page.getByRole('tabpanel', { name: 'Products' }), `vm-access-products-${w}`));

    // A confirm dialog names the machine it acts on.
    await actions(second).getByRole('button', { name: 'Shut down', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Shut down virtual machine' });
    await visible(confirm.getByText(`Shut down ${second}?`, { exact: false }));
    await screenshot(page, 'vm-access-shutdown-confirm-desktop', { fullPage: false });
    await confirm.getByRole('button', { name: 'No' }).click();

    // The renew page names the one VM.
    await actions(first).getByRole('button', { name: 'Renew', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL(/\/renewvm\/\d+$/);
    await visible(page.getByText(`Virtual machine ${first}`, { exact: true }));
    await screenshot(page, 'vm-access-renew-desktop', { fullPage: false });
    await page.goBack();

    // Multi-renew: both, every column readable at 1280 px (Amount not cut off) and as cards at 390 px.
    await page.getByRole('checkbox', { name: `Select ${first} to renew` }).check();
    await page.getByRole('checkbox', { name: `Select ${second} to renew` }).check();
    await page.getByRole('button', { name: 'Renew selected' }).click();
    const yes = page.getByRole('dialog').getByRole('button', { name: 'Yes' });
    if (await yes.isVisible({ timeout: 2_000 }).catch(() => false)) await yes.click();
    await page.waitForURL(/\/renewMultipleVM\/[A-Za-z0-9_-]+$/);
    const table = page.getByTestId('multi-renew-table');
    await visible(table.getByText(second));
    expect((await table.getByTestId('vm-name').allTextContents()).toSorted()).toEqual([first, second]);
    const amount = (await table.getByRole('columnheader', { name: 'Amount' }).boundingBox())!;
    expect(amount.x + amount.width).toBeLessThanOrEqual(DESKTOP.width);
    expect(await table.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
    await bothWidths(async (w) => {
      if (w === 'phone') {
        const cards = page.getByTestId('multi-renew-vm');
        await expect.poll(async () => (await cards.getByTestId('vm-name').allTextContents()).toSorted()).toEqual([first, second]);
        for (const label of ['Processor', 'Memory', 'Disk', 'Days Extended', 'Amount'])
          await visible(cards.first().getByText(label, { exact: true }));
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      }
      await screenshot(page, `vm-access-multi-renew-${w}`);
    });
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await page.waitForURL(/\/purchasedetails\/5$/);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.origin === payfast);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/PurchaseSuccessful/i, { timeout: 30_000 });

    // Renewals and Purchase History: each row names its own VM.
    await page.goto(`${site}/customerprofile/2`);
    await page.getByRole('tab', { name: 'Renewals' }).click();
    const renewals = page.getByTestId('renewal-row');
    await expect
      .poll(() => renewals.getByTestId('vm-name').allTextContents(), { timeout: 20_000 })
      .toEqual(expect.arrayContaining([first, second]));
    await bothWidths((w) => screenshotOf(page.getByRole('tabpanel', { name: 'Renewals' }), `vm-access-renewals-${w}`));
    await page.getByRole('tab', { name: 'Purchase History' }).click();
    const history = page.getByRole('table').getByTestId('vm-name');
    await expect.poll(() => history.allTextContents()).toEqual(expect.arrayContaining([first, second]));
    await bothWidths((w) => screenshotOf(page.getByRole('tabpanel', { name: 'Purchase History' }), `vm-access-history-${w}`));
  }, 90_000);
});
