import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { generateSync } from 'otplib';
import { accessMessages } from '@mawingu/contracts/admin/access';
import { expectAccessible } from '../accessibility.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot } from '../browser.ts';
import { passwordStep, signInToConsole, signInWithCode, signOutOfConsole } from '../console-login.ts';
import { CONSOLE } from '../fixtures/console.ts';
import { sentTo, waitForMail } from '../mailbox.ts';

const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);

type Reply<T> = { status: number; message: string; data: T };

/**
 * Console access (issue 7, point 1) as people use it: the lifecycle admin logs in with e-mail,
 * password and the authenticator's code (a wrong code first), creates a support operator on the
 * Operators page; the new operator enrols (QR page, key typed by hand), saves the recovery codes,
 * sees no manager sections and is refused a manager-only address, changes their password (from the
 * header's operator menu) and logs in with the new one, then logs in with a recovery code; the audit
 * log lists what they did; the owner reads the log across companies; the admin sets the support
 * operator a new password from the Operators page.
 */
describe('console: access', () => {
  const port = inject('port');
  const consoleUrl = (path: string) => `http://localhost:${port}/admin/${path}`;
  const stamp = Date.now().toString(36);
  const newSupport = { email: `support-${stamp}@lifecycle.example`, name: `Journey Support ${stamp}`, password: `Journey-${stamp}-2026` };
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };
  let support: { context: BrowserContext; page: Page };
  let companyId: number;
  let recoveryCodes: string[] = [];
  let supportSecret = '';

  async function tokenOf(page: Page): Promise<string> {
    return page.evaluate(() => (JSON.parse(sessionStorage.getItem('mawingu.console') ?? 'null') as { token: string }).token);
  }

  async function consoleCall<T>(page: Page, path: string, method = 'GET'): Promise<{ http: number; body: Reply<T> }> {
    const res = await fetch(`http://localhost:${port}/api/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${await tokenOf(page)}` },
    });
    return { http: res.status, body: (await res.json()) as Reply<T> };
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await newPage(browser, DESKTOP);
    support = await newPage(browser, DESKTOP);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('sends a visitor of a console page to the login, which passes axe at both widths', async () => {
    const { page } = admin;
    await page.goto(consoleUrl('operators'));
    await page.waitForURL(/\/admin\/login$/);
    await visible(page.getByRole('heading', { name: 'Console login' }));
    await expectAccessible(page);
    await screenshot(page, 'console-access-login-desktop');
    await page.setViewportSize(PHONE);
    await expectAccessible(page);
    await screenshot(page, 'console-access-login-phone');
    await page.setViewportSize(DESKTOP);

    // Wrong password: one message for every refusal (no account enumeration).
    await page.getByLabel('E-mail').fill(CONSOLE.lifecycleAdmin.email);
    await page.getByLabel('Password', { exact: false }).first().fill('Not-the-password-1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await visible(page.getByRole('alert').getByText(accessMessages.invalidCredentials));
  });

  it('the lifecycle admin logs in with password and TOTP; a wrong code is refused first', async () => {
    const { page } = admin;
    await passwordStep(port, page, CONSOLE.lifecycleAdmin.email, CONSOLE.lifecycleAdmin.password);
    await visible(page.getByRole('heading', { name: 'Two-factor sign-in' }));
    const code = page.getByLabel('6-digit code');
    // A code of a step far from now is wrong.
    await code.fill(generateSync({ secret: CONSOLE.lifecycleAdmin.totpSecret, epoch: Math.floor(Date.now() / 1000) + 600 }));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await visible(page.getByRole('alert').getByText(accessMessages.codeWrong));
    await expectAccessible(page);
    await screenshot(page, 'console-access-code-wrong-desktop');

    // /admin/operators was asked for first: the login returns there.
    await signInWithCode(page, code, CONSOLE.lifecycleAdmin, /\/admin\/operators$/);
    companyId = await page.evaluate(
      () => (JSON.parse(sessionStorage.getItem('mawingu.console') ?? 'null') as { operator: { companyId: number } }).operator.companyId,
    );
    expect(companyId).toBeGreaterThan(0);
    await visible(page.getByRole('heading', { name: 'Operators' }));
    await visible(page.getByRole('cell', { name: CONSOLE.lifecycleSupport.email }));
    // An admin sees only their company: the demo company's admin is not listed.
    expect(await page.getByText(CONSOLE.demoAdmin.email).count()).toBe(0);
  }, 120_000);

  it('the admin invites a support operator by e-mail; they choose a password from the link (a weak one is named)', async () => {
    const { page } = admin;
    // An admin's Operators are their own company's team: with the company's sections, under no "All companies".
    const nav = page.getByRole('navigation', { name: 'Console sections' });
    await visible(nav.getByRole('group', { name: 'Lifecycle Hosting' }).getByRole('link', { name: 'Operators' }));
    expect(await nav.getByRole('group', { name: 'All companies' }).count()).toBe(0);
    await page.getByRole('button', { name: 'New operator' }).click();
    const dialog = page.getByRole('dialog', { name: 'New operator' });
    await visible(dialog);
    await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill(newSupport.email);
    await dialog.getByLabel('Name').fill(newSupport.name);
    // No password is passed on by phone: the default is an e-mailed invitation.
    await visible(dialog.getByRole('radio', { name: /E-mail an invitation/, checked: true }));
    expect(await dialog.locator('input[type=password]').count()).toBe(0);
    await screenshot(page, 'console-access-operator-create-desktop');
    const since = Date.now();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    const row = page.getByTestId(`operator-${newSupport.email}`);
    await visible(row);
    await visible(row.getByText('Invited'));
    await visible(row.getByText('Not set up yet'));
    await visible(row.getByText('Support'));
    await expectAccessible(page);
    await screenshot(page, 'console-access-operators-desktop');
    await page.setViewportSize(PHONE);
    await visible(page.getByTestId(`operator-${newSupport.email}`));
    await expectAccessible(page);
    await screenshot(page, 'console-access-operators-phone');
    await page.setViewportSize(DESKTOP);

    const mail = await waitForMail((m) => sentTo(newSupport.email)(m) && Date.parse(m.receivedAt) >= since - 1_000);
    expect(mail.subject).toBe('Your invitation to the operator console');
    const link = mail.text.match(/https?:\/\/\S+\/admin\/invitation\/[A-Za-z0-9_-]+/)![0];
    const invited = support.page;
    await invited.goto(link);
    await visible(invited.getByRole('heading', { name: 'Choose your console password' }));
    await invited.getByLabel(/^Password/).fill('short');
    await invited.getByLabel(/^Repeat the password/).fill('short');
    await invited.getByRole('button', { name: 'Set password' }).click();
    await visible(invited.getByText('At least 10 characters with letters and digits.'));
    await invited.getByLabel(/^Password/).fill(newSupport.password);
    await invited.getByLabel(/^Repeat the password/).fill(newSupport.password);
    await expectAccessible(invited);
    await screenshot(invited, 'console-access-invitation-desktop');
    await invited.setViewportSize(PHONE);
    await screenshot(invited, 'console-access-invitation-phone');
    await invited.setViewportSize(DESKTOP);
    await invited.getByRole('button', { name: 'Set password' }).click();
    await visible(invited.getByText('Your password is set. Log in with it and set up your authenticator app.'));
    // The link works once.
    await invited.goto(link);
    await invited.getByLabel(/^Password/).fill(newSupport.password);
    await invited.getByLabel(/^Repeat the password/).fill(newSupport.password);
    await invited.getByRole('button', { name: 'Set password' }).click();
    await visible(invited.getByText('This invitation link is not valid any more. Ask whoever invited you to send a new one.'));
    await page.reload();
    await visible(page.getByTestId(`operator-${newSupport.email}`).getByText('Active'));
  });

  it('the new operator enrols at the first login (key typed by hand) and saves the recovery codes', async () => {
    const { page } = support;
    await passwordStep(port, page, newSupport.email, newSupport.password);
    await visible(page.getByRole('heading', { name: 'Set up your authenticator app' }));
    await visible(page.getByRole('img', { name: 'QR code to add Lifecycle Hosting console to your authenticator app' }));
    await expectAccessible(page);
    await screenshot(page, 'console-access-enrol-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'console-access-enrol-phone');
    await page.setViewportSize(DESKTOP);
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    supportSecret = secret;

    await page.getByLabel('6-digit code').fill(generateSync({ secret }));
    await page.getByRole('button', { name: 'Finish set-up' }).click();
    await visible(page.getByRole('heading', { name: 'Save your recovery codes' }));
    recoveryCodes = (await page.getByTestId('recovery-codes').locator('li').allTextContents()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    const go = page.getByRole('button', { name: 'Continue to the console' });
    expect(await go.isDisabled()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'console-access-recovery-codes-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'console-access-recovery-codes-phone');
    await page.setViewportSize(DESKTOP);
    await page.getByLabel('I have saved these codes').check();
    await go.click();
    await page.waitForURL(new RegExp(`/admin/c/${companyId}/`));
  }, 90_000);

  it('support sees no manager sections, and a manager-only address and call are refused', async () => {
    const { page } = support;
    const nav = page.getByRole('navigation', { name: 'Console sections' });
    // The company's sections under its name; support has none of the platform's, so no such group.
    await visible(nav.getByRole('group', { name: 'Lifecycle Hosting' }).getByRole('link', { name: 'Tickets' }));
    expect(await nav.getByRole('group', { name: 'All companies' }).count()).toBe(0);
    for (const section of ['Company settings', 'Catalogue', 'Payment settings', 'Content', 'Audit log', 'Operators']) {
      expect(await nav.getByRole('link', { name: section, exact: true }).count()).toBe(0);
    }
    await page.goto(consoleUrl(`c/${companyId}/catalogue`));
    await visible(page.getByText('Not for your role'));
    await page.goto(consoleUrl('operators'));
    await visible(page.getByText('Not for your role'));
    expect((await consoleCall(page, '/operators')).http).toBe(403);
    expect((await consoleCall(page, `/companies/${companyId}/audit`)).http).toBe(403);
  });

  it('the support operator changes their password from the operator menu and logs in with the new one', async () => {
    const { page } = support;
    const newPassword = `Changed-${stamp}-2027`;
    await page.getByRole('button', { name: /^Operator menu/ }).click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    await page.waitForURL(/\/admin\/password$/);
    await visible(page.getByRole('heading', { name: 'Change password' }));
    const form = page.getByRole('form', { name: 'Change password' });
    const current = form.getByLabel('Current password');
    const fresh = form.getByLabel('New password', { exact: false }).first();
    const repeat = form.getByLabel('Repeat the new password');

    // The form refuses a repeat that differs before asking the API.
    await current.fill(newSupport.password);
    await fresh.fill(newPassword);
    await repeat.fill(`${newPassword}x`);
    await form.getByRole('button', { name: 'Change password' }).click();
    await visible(form.getByText('The two new passwords differ.'));
    // A wrong current password: the API's message under its field.
    await current.fill('Not-my-password-1');
    await repeat.fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await visible(form.getByText(accessMessages.currentPasswordWrong));
    await expectAccessible(page);
    await screenshot(page, 'console-access-password-desktop');
    await page.setViewportSize(PHONE);
    await expectAccessible(page);
    await screenshot(page, 'console-access-password-phone');
    await page.getByRole('button', { name: /^Operator menu/ }).click();
    await visible(page.getByRole('menuitem', { name: 'Change password' }));
    await screenshot(page, 'console-access-operator-menu-phone');
    await page.keyboard.press('Escape');
    await page.setViewportSize(DESKTOP);

    await current.fill(newSupport.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await visible(page.getByText('Password changed. Your other console sessions are signed out.'));
    expect(await current.inputValue()).toBe('');
    // This session stays.
    expect((await consoleCall(page, '/auth/me')).http).toBe(200);

    // The old password no longer opens the console; the new one does.
    await signOutOfConsole(page);
    await passwordStep(port, page, newSupport.email, newSupport.password);
    await visible(page.getByRole('alert').getByText(accessMessages.invalidCredentials));
    newSupport.password = newPassword;
    await passwordStep(port, page, newSupport.email, newSupport.password);
    await visible(page.getByRole('heading', { name: 'Two-factor sign-in' }));
    // The next 30 s step's code (within the accepted drift, never the step used at enrolment).
    await page.getByLabel('6-digit code').fill(generateSync({ secret: supportSecret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Back to the page they signed out from (every role may open it), then to the console's start.
    await page.waitForURL(/\/admin\/password$/);
    await page.goto(consoleUrl(''));
    await page.waitForURL(new RegExp(`/admin/c/${companyId}/`));
  }, 90_000);

  it('the new operator logs in with a recovery code, which then is spent', async () => {
    const { page } = support;
    await signOutOfConsole(page);
    await passwordStep(port, page, newSupport.email, newSupport.password);
    await visible(page.getByRole('heading', { name: 'Two-factor sign-in' }));
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Back to the console's start (not to the refused Operators page visited before signing out).
    await page.waitForURL(new RegExp(`/admin/c/${companyId}/`));

    // The same code again is refused.
    await signOutOfConsole(page);
    await passwordStep(port, page, newSupport.email, newSupport.password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await visible(page.getByRole('alert').getByText(accessMessages.recoveryWrong));
  });

  it('the audit log lists the operators’ actions, with the changes, at both widths', async () => {
    const { page } = admin;
    await page.goto(consoleUrl(`c/${companyId}/audit`));
    await visible(page.getByRole('heading', { name: 'Audit log' }));
    const table = page.getByTestId('audit-table');
    await visible(table.getByText('operator.create'));
    await visible(table.getByText('operator.login'));
    // Filter on the admin's creation and open its changes.
    await page.getByLabel('Action').fill('operator.create');
    await page.getByLabel('Operator', { exact: true }).fill(CONSOLE.lifecycleAdmin.email);
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/action=operator.create/);
    // The filtered page replaces the previous one (shown dimmed meanwhile).
    await expect.poll(() => table.getByText('operator.login').count(), { timeout: 15_000 }).toBe(0);
    await visible(table.getByText(CONSOLE.lifecycleAdmin.email));
    await table.getByRole('button', { name: 'Show changes' }).first().click();
    await visible(table.getByRole('cell', { name: newSupport.email }));
    await visible(table.getByRole('cell', { name: 'support', exact: true }));
    await expectAccessible(page);
    await screenshot(page, 'console-access-audit-desktop');
    // Export CSV saves the filtered entries: the admin's creation of the new support operator.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d\d-\d\d\.csv$/);
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(csv[0]).toBe('\uFEFF"at","actor","operator_id","company_id","action","target_type","target_id","reason","before","after"');
    expect(csv.slice(1).every((line) => line.includes(`"${CONSOLE.lifecycleAdmin.email}"`) && line.includes('"operator.create"'))).toBe(
      true,
    );
    expect(csv.join('\n')).toContain(newSupport.email);
    // A console link opened in a new tab of the same browser is signed in, on the same filters.
    const tab = await page.context().newPage();
    await tab.goto(page.url());
    await visible(tab.getByTestId('audit-table').getByText(CONSOLE.lifecycleAdmin.email));
    expect(await tab.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
    await tab.close();
    await page.setViewportSize(PHONE);
    await visible(table.getByText(newSupport.email));
    await expectAccessible(page);
    await screenshot(page, 'console-access-audit-phone');
    await page.setViewportSize(DESKTOP);

    // The new operator's logins (enrolment, code after the password change, recovery) are there
    // too, by the operator's own e-mail, and the change itself with nothing secret in it.
    const logins = await consoleCall<{ items: { action: string; after: { method: string } }[] }>(
      page,
      `/companies/${companyId}/audit?operator=${encodeURIComponent(newSupport.email)}&action=operator.login`,
    );
    expect(logins.body.data.items.map((e) => e.after.method).sort()).toEqual(['enrol', 'recovery', 'totp']);
    const changes = await consoleCall<{ items: { action: string }[] }>(
      page,
      `/companies/${companyId}/audit?operator=${encodeURIComponent(newSupport.email)}&action=operator.password`,
    );
    expect(changes.body.data.items.map((e) => e.action)).toEqual(['operator.password.change']);
    expect(JSON.stringify(changes.body.data)).not.toContain(newSupport.password);
  });

  it('the owner reads the audit log of every company', async () => {
    const owner = await newPage(browser, DESKTOP);
    await signInToConsole(owner.page, port, CONSOLE.owner);
    await owner.page.goto(consoleUrl('audit'));
    await visible(owner.page.getByRole('heading', { name: 'Audit log: all companies' }));
    const companies = await consoleCall<{ id: number; name: string }[]>(owner.page, '/companies');
    const lifecycleName = companies.body.data.find((c) => c.id === companyId)!.name;
    await visible(owner.page.getByTestId('audit-table').getByText(lifecycleName));
    await screenshot(owner.page, 'console-access-audit-all-desktop');
    // The lifecycle admin may not: the section is the owner's.
    await admin.page.goto(consoleUrl('audit'));
    await visible(admin.page.getByText('Not for your role'));
    expect((await consoleCall(admin.page, '/audit')).http).toBe(403);
    await owner.context.close();
  }, 90_000);

  it('the admin sets the support operator a new password from Operators; the modal says their sessions end', async () => {
    const { page } = admin;
    const temporary = `Temporary-${stamp}-2027`;
    await page.goto(consoleUrl('operators'));
    const row = page.getByTestId(`operator-${newSupport.email}`);
    await visible(row);
    await row.getByRole('button', { name: `Actions for ${newSupport.name}` }).click();
    await page.getByRole('menuitem', { name: 'Set password' }).click();
    const dialog = page.getByRole('dialog', { name: `Set a new password for ${newSupport.name}` });
    await visible(dialog);
    await visible(dialog.getByText('All their console sessions end at once.', { exact: false }));
    await dialog.getByLabel('New password', { exact: false }).first().fill('short');
    await dialog.getByRole('button', { name: 'Set password and sign them out' }).click();
    await visible(dialog.getByText('At least 10 characters with letters and digits.'));
    await expectAccessible(page);
    await screenshot(page, 'console-access-set-password-desktop');
    await page.setViewportSize(PHONE);
    await expectAccessible(page);
    await screenshot(page, 'console-access-set-password-phone');
    await page.setViewportSize(DESKTOP);
    await dialog.getByLabel('New password', { exact: false }).first().fill(temporary);
    await dialog.getByRole('button', { name: 'Set password and sign them out' }).click();
    await visible(page.getByText(`Password set: ${newSupport.name} is signed out and logs in with the new password.`));
    // Not offered on oneself (the operator menu's Change password is).
    await page
      .getByTestId(`operator-${CONSOLE.lifecycleAdmin.email}`)
      .getByRole('button', { name: /^Actions for/ })
      .click();
    await visible(page.getByRole('menuitem', { name: 'Edit' }));
    expect(await page.getByRole('menuitem', { name: 'Set password' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    const login = await fetch(`http://localhost:${port}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: newSupport.email, password: temporary }),
    });
    expect(login.status).toBe(200);
  }, 90_000);
});
