import type { Page } from 'playwright-core';
import { sentTo, waitForMail } from './mailbox.ts';

/**
 * Logs a customer in as a person does: e-mail and password, then the six-digit code from the mail
 * the product sent over SMTP to the journeys' mailbox. Ends on /home, logged in.
 */
export async function logIn(page: Page, site: string, email: string, password: string) {
  const since = Date.now();
  await page.goto(`${site}/customerlogin`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/\/loginotp\/[^/]+\/[^/]+\/2$/);
  const mail = await waitForMail((m) => sentTo(email)(m) && Date.parse(m.receivedAt) >= since - 1_000 && /\b\d{6}\b/.test(m.text));
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(mail.text.match(/\b(\d{6})\b/)![1]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByText('OTP has been verified successfully!', { exact: true }).first().waitFor({ timeout: 15_000 });
  await page.waitForURL(/\/home$/);
}
