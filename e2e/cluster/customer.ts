import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { SmtpSink } from '../../tools/fakes/smtp-sink.ts';

const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);

/** A one-pixel PNG: what a person picks as a picture or attaches to a ticket. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d0a1b50000000049454e44ae426082',
  'hex',
);
export const RECEIPT_PDF = Buffer.from('%PDF-1.4 receipt 2026-11 for the cluster journey');

/** Signs up as a person does (both steps, the agreement, the code from the mail) and ends on /home, logged in. */
export async function signUp(page: Page, site: string, mailbox: SmtpSink, email: string) {
  await page.goto(`${site}/signup`);
  await page.getByLabel('First name').fill('Wanjiru');
  await page.getByLabel('Last name').fill('Kamau');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('combobox', { name: 'Country code' }).click();
  await page.getByRole('option', { name: /Kenya/ }).click();
  await page.getByLabel('Mobile number').pressSequentially('712345678');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Cluster@2026');
  await page.getByLabel('Confirm password').fill('Cluster@2026');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Street address').fill('Moi Avenue 12');
  await page.getByLabel('City').fill('Nairobi');
  await page.getByLabel('State').fill('Nairobi');
  await page.getByLabel('Postcode').fill('00100');
  await page.getByRole('button', { name: 'Register' }).click();
  const dialog = page.getByRole('dialog');
  await visible(dialog.getByRole('button', { name: 'Proceed' }));
  await dialog.getByRole('checkbox').nth(0).check();
  await dialog.getByRole('checkbox').nth(1).check();
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await page.waitForURL(/\/loginotp\/[^/]+\/[^/]+\/1$/);
  let code: string | undefined;
  await expect
    .poll(
      () =>
        (code = mailbox
          .mails()
          .find((m) => m.to.includes(email))
          ?.text.match(/\b(\d{6})\b/)?.[1]),
      { timeout: 15_000 },
    )
    .toBeDefined();
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/home$/, { timeout: 15_000 });
}

/** On the profile page: a new picture, then a ticket with a PDF and a picture attached. */
export async function uploadPictureAndTicket(page: Page, site: string) {
  await page.goto(`${site}/customerprofile/2`);
  await page.getByRole('button', { name: 'Change picture' }).first().click();
  await page.getByRole('dialog').locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await visible(page.getByText('Image uploaded successfully', { exact: true }));

  await page.getByRole('tab', { name: 'Tickets' }).click();
  await page.getByRole('button', { name: 'Raise New Ticket' }).click();
  const raise = page.getByRole('dialog');
  await raise.getByRole('combobox', { name: 'Issue type' }).selectOption('Billing');
  await raise.getByLabel('Description').fill('My receipt for November is attached.');
  await raise.locator('input[type=file]').setInputFiles([{ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: RECEIPT_PDF }]);
  await raise.getByRole('button', { name: 'Submit' }).click();
  await visible(page.getByText('Ticket submitted successfully', { exact: true }));
}

/** The session the SPA keeps, as its calls send it. */
export async function sessionHeaders(page: Page, site: string): Promise<Record<string, string>> {
  const session = await page.evaluate(
    () => JSON.parse(localStorage.getItem('userData') ?? 'null') as { token: string; refreshToken?: string } | null,
  );
  if (!session) throw new Error('not logged in');
  return { origin: site, authorization: session.token, ...(session.refreshToken ? { refreshtoken: session.refreshToken } : {}) };
}
