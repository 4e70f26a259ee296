import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../tools/fakes/smtp-sink.ts';
import { expectAccessible } from '../accessibility.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, screenshotOf } from '../browser.ts';
import { signInToConsole } from '../console-login.ts';
import { brandMailOrigin } from '../fixtures/brand-mail.ts';
import { CONSOLE } from '../fixtures/console.ts';

const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);
const SMTP_PASSWORD = 'Savannah-smtp-2026!';

/**
 * A second brand's mail (issue 17, point 1): Savannah Host's owner sets the brand's sender and its
 * own SMTP server (a second SMTP fake, not the product's), edits the sign-up code mail, previews and
 * test-sends it; a customer signs up on Savannah's origin and the code mail arrives through
 * Savannah's server, from Savannah's sender, with its logo, colour, footer and the edited text.
 */
describe('brand mail: a second company sends its own mail', () => {
  const port = inject('port');
  const site = brandMailOrigin(port);
  let browser: Browser;
  let owner: { context: BrowserContext; page: Page };
  let savannahSmtp: SmtpSink;

  const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

  async function mailTo(address: string, match: (mail: ReceivedMail) => boolean = () => true): Promise<ReceivedMail> {
    let found: ReceivedMail | undefined;
    await expect
      .poll(() => (found = savannahSmtp.mails().findLast((m) => m.to.includes(address.toLowerCase()) && match(m))), { timeout: 20_000 })
      .toBeDefined();
    return found!;
  }

  beforeAll(async () => {
    // Savannah's own mail server: another port than the product's SMTP_URL, with a login.
    savannahSmtp = await startSmtpSink({ users: { savannah: SMTP_PASSWORD } });
    browser = await launchBrowser();
    owner = await newPage(browser, DESKTOP);
    await signInToConsole(owner.page, port, CONSOLE.owner);
  });
  afterAll(async () => {
    await owner?.context.close();
    await browser?.close();
    await savannahSmtp?.stop();
  });

  it('the owner sets the sender and the SMTP server; the password is never shown again', async () => {
    const { page } = owner;
    await page.goto(`http://localhost:${port}/admin/companies`);
    await page.getByRole('link', { name: 'Settings of Savannah Host' }).click();
    await page.waitForURL(/\/admin\/c\/\d+\/settings/);
    await page.getByRole('tab', { name: 'Mail' }).click();
    const sender = page.getByRole('form', { name: 'Sender and mail server' });
    await visible(sender);
    // The defaults: the brand's name and its site's host.
    expect(await sender.getByRole('textbox', { name: 'Sender name' }).getAttribute('placeholder')).toBe('Savannah Host');
    expect(await sender.getByRole('textbox', { name: 'Sender address' }).getAttribute('placeholder')).toBe(
      'no-reply@savannah.mawingu.test',
    );

    await sender.getByRole('textbox', { name: 'Sender name' }).fill('Savannah Host Care');
    await sender.getByRole('textbox', { name: 'Sender address' }).fill('hello@savannah.example');
    await sender.getByRole('switch', { name: 'Send through our own SMTP server' }).check({ force: true });
    await sender.getByRole('textbox', { name: 'SMTP server' }).fill('127.0.0.1');
    await sender.getByText('None', { exact: true }).click({ force: true });
    await sender.getByRole('textbox', { name: 'Port' }).fill(new URL(savannahSmtp.smtpUrl).port);
    await sender.getByRole('textbox', { name: 'User name' }).fill('savannah');
    // A user without password is refused next to the field.
    await sender.getByRole('button', { name: 'Save' }).click();
    await visible(sender.getByText('Enter the SMTP password (a user without password is not accepted).'));
    await sender.getByRole('textbox', { name: 'Password' }).fill(SMTP_PASSWORD);
    await sender.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Mail settings saved. The next mail uses them.'));
    await visible(sender.getByText('stored', { exact: true }));
    expect(await sender.getByRole('textbox', { name: 'Password' }).inputValue()).toBe('');
    expect(await page.content()).not.toContain(SMTP_PASSWORD);
    await expectAccessible(page);
  }, 120_000);

  it('the owner edits the sign-up code mail: a wrong placeholder is refused, the preview shows the brand, a test arrives', async () => {
    const { page } = owner;
    const texts = page.getByRole('form', { name: 'Texts of the mails' });
    await visible(texts);
    expect(await texts.getByRole('combobox', { name: 'Mail' }).inputValue()).toBe('Sign-up code');
    expect(await texts.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe('Your {company} verification code');

    await texts.getByRole('textbox', { name: 'Subject' }).fill('Karibu to {company}, {name}!');
    await texts.getByRole('textbox', { name: 'Text' }).fill('Jambo {name},\n\nYour Savannah sign-up code:\n{cdoe}\n\nAsante sana.');
    await texts.getByRole('button', { name: 'Preview' }).click();
    await visible(texts.getByText('Unknown placeholder {cdoe}. This mail offers: {name}, {company}, {code}, {minutes}.'));
    // Checked before a preview opens: axe cannot enter the preview's sandboxed frame (no scripts there).
    await expectAccessible(page);
    await screenshot(page, 'brand-mail-console-error-desktop');

    await texts.getByRole('textbox', { name: 'Text' }).fill('Jambo {name},\n\nYour Savannah sign-up code:\n{code}\n\nAsante sana.');
    await texts.getByRole('button', { name: 'Preview' }).click();
    const preview = texts.getByRole('region', { name: 'Preview of the mail' });
    await visible(preview);
    await visible(preview.getByText('Karibu to Savannah Host, owner!'));
    const frame = page.frameLocator('iframe[title="Preview of the mail"]');
    await visible(frame.getByText('482913'));
    await visible(frame.getByText('14 Riverside Drive, Nairobi, Kenya'));
    await texts.getByRole('button', { name: 'Save text' }).click();
    await visible(toast(page, 'Text saved. The next mail uses it.'));
    await visible(texts.getByText('Edited', { exact: true }));
    await texts.getByRole('button', { name: 'Preview' }).click();
    await visible(frame.getByText('482913'));
    await screenshot(page, 'brand-mail-console-desktop');
    await screenshotOf(preview, 'brand-mail-console-preview-desktop');

    await texts.getByRole('button', { name: 'Send test to me' }).click();
    await visible(toast(page, `Test mail sent to ${CONSOLE.owner.email}.`));
    const test = await mailTo(CONSOLE.owner.email);
    expect(test.subject).toBe('[Test] Karibu to Savannah Host, owner!');
    expect(test.authUser).toBe('savannah');

    // The same page on a phone (one session: a second sign-in would reuse the TOTP code).
    await page.setViewportSize(PHONE);
    await visible(frame.getByText('Asante sana.'));
    await screenshot(page, 'brand-mail-console-phone');
    await screenshotOf(preview, 'brand-mail-console-preview-phone');
    await page.setViewportSize(DESKTOP);
  }, 180_000);

  it("a customer signs up on the brand's origin; the code mail comes from the brand through its own server", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const email = 'baraka.otieno@example.co.ke';
    await page.goto(`${site}/signup`);
    await page.getByLabel('First name').fill('Baraka');
    await page.getByLabel('Last name').fill('Otieno');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('combobox', { name: 'Country code' }).click();
    await page.getByRole('option', { name: /Kenya/ }).click();
    await page.getByLabel('Mobile number').pressSequentially('712345678');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Safari@2026');
    await page.getByLabel('Confirm password').fill('Safari@2026');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Street address').fill('Moi Avenue 3');
    await page.getByLabel('City').fill('Nairobi');
    await page.getByLabel('State').fill('Nairobi');
    await page.getByLabel('Postcode').fill('00100');
    await page.getByRole('button', { name: 'Register' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByRole('button', { name: 'Proceed' }));
    await dialog.getByRole('checkbox').nth(0).check();
    await dialog.getByRole('checkbox').nth(1).check();
    await dialog.getByRole('button', { name: 'Proceed' }).click();
    await page.waitForURL(/\/loginotp\//);

    const mail = await mailTo(email);
    expect(mail.fromHeader.replaceAll('"', '')).toBe('Savannah Host Care <hello@savannah.example>');
    expect(mail.from).toBe('hello@savannah.example');
    expect(mail.authUser).toBe('savannah');
    expect(mail.subject).toBe('Karibu to Savannah Host, Baraka!');
    expect(mail.text).toMatch(/^Jambo Baraka,\n\nYour Savannah sign-up code:\n\d{6}\n\nAsante sana\./);
    expect(mail.text).toContain(
      '--\nSavannah Host\n14 Riverside Drive, Nairobi, Kenya\nE-mail: care@savannah.example\nPhone: +254 20 555 0100',
    );
    expect(mail.html).toMatch(new RegExp(`<img src="${site.replaceAll('.', '\\.')}/api/files/[0-9a-f-]{36}"`));
    expect(mail.html).toContain('#0b7285');

    // The code in the mail logs the customer in.
    const code = /^(\d{6})$/m.exec(mail.text)![1]!;
    await page.getByLabel('Digit 1 of 6').click();
    await page.keyboard.type(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/home$/, { timeout: 15_000 });

    // The mail as a mail program shows it, logo loaded from the brand's site.
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const reader = await newPage(browser, viewport);
      await reader.page.setContent(mail.html!, { waitUntil: 'load' });
      const logo = reader.page.locator('img').first();
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await visible(reader.page.getByText('Asante sana.'));
      await screenshot(reader.page, `brand-mail-signup-code-${label}`);
      await reader.context.close();
    }
    await context.close();
  }, 180_000);
});
