import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { messages } from '@mawingu/contracts/messages';
import { expectAccessible } from '../accessibility.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, screenshotOf } from '../browser.ts';
import { signInToConsole } from '../console-login.ts';
import { CONSOLE } from '../fixtures/console.ts';
import { lifecycleOrigin } from '../fixtures/lifecycle.ts';
import { sentTo, waitForMail } from '../mailbox.ts';

const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);

/**
 * Managing one customer from the console (issue 17, point 2), on a customer of its own (Nomsa signs
 * up on the lifecycle site and never verifies): the admin adds an internal note, edits the profile,
 * resends the verification, e-mails her in the company's frame, and closes her account at her
 * request; her login is then refused with its message. Screenshots at 1280 and 390 px.
 */
describe('console: managing a customer', () => {
  const port = inject('port');
  const site = lifecycleOrigin(port);
  const NOMSA = 'nomsa@lifecycle.example';
  let browser: Browser;
  let page: Page;
  let customerUrl: string;

  const api = async (path: string, body: unknown) => {
    const res = await fetch(`http://localhost:${port}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site },
      body: JSON.stringify(body),
    });
    return { http: res.status, body: (await res.json()) as { message: string } };
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await newPage(browser, DESKTOP));
    const signup = await api('adduser', {
      firstName: 'Nomsa',
      lastName: 'Khumalo',
      countryCode: '+27',
      contactNo: '831234567',
      emailID: NOMSA,
      password: 'Nomsa@2026x',
      companyName: 'Khumalo Designs',
      region: 'South Africa',
      address: '4 Bree Street',
      city: 'Cape Town',
      state: 'Western Cape',
      postCode: '8001',
      roleType: 'user',
      vatNumber: '',
      websiteUrl: site,
    });
    expect(signup.http).toBe(200);
    await signInToConsole(page, port, CONSOLE.lifecycleAdmin);
  });
  afterAll(async () => {
    await page?.context().close();
    await browser?.close();
  });

  it('edits the profile and adds an internal note; the page shows both', async () => {
    await page.goto(`http://localhost:${port}/admin/c/0/customers?q=nomsa`);
    const link = page.getByRole('link', { name: 'Nomsa Khumalo' });
    await visible(link);
    await link.click();
    await visible(page.getByRole('heading', { name: 'Nomsa Khumalo' }));
    customerUrl = page.url();
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog', { name: "Edit the customer's profile" });
    await dialog.getByRole('textbox', { name: /^City/ }).fill('Stellenbosch');
    await screenshot(page, 'cust-manage-edit-profile-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await visible(page.getByText('4 Bree Street, Stellenbosch', { exact: false }));
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'cust-manage-customer-page-1280');
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Notes' }).click();
    await page.getByRole('textbox', { name: 'Add an internal note' }).fill('Called on 28 Nov: wants the invoices in her company name.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await visible(page.getByRole('list', { name: 'Internal notes' }).getByText(/wants the invoices/));
    await page.getByRole('tab', { name: 'Profile' }).click();
  });

  it('resends the verification: the sign-up code mail arrives again', async () => {
    await page.getByRole('button', { name: 'Resend verification' }).click();
    await page.getByRole('dialog', { name: 'Send the verification code again?' }).getByRole('button', { name: 'Send code' }).click();
    await visible(page.getByText(`A new verification code is mailed to ${NOMSA}.`));
    const mail = await waitForMail((m) => sentTo(NOMSA)(m) && /verification code/i.test(m.subject));
    expect(mail.text).toMatch(/^\d{6}$/m);
  });

  it("e-mails the customer: it arrives from the company's sender with the operator's words", async () => {
    await page.getByRole('button', { name: 'E-mail customer' }).click();
    const dialog = page.getByRole('dialog', { name: `E-mail ${NOMSA}` });
    await dialog.getByRole('textbox', { name: /^Subject/ }).fill('Your invoices');
    await dialog.getByRole('textbox', { name: /^Message/ }).fill('Hello Nomsa,\n\nYour invoices now carry Khumalo Designs.');
    await screenshotOf(dialog, 'cust-manage-mail-1280');
    await dialog.getByRole('button', { name: 'Send mail' }).click();
    const mail = await waitForMail((m) => sentTo(NOMSA)(m) && m.subject === 'Your invoices');
    expect(mail.text).toContain('Your invoices now carry Khumalo Designs.');
    expect(mail.fromHeader).not.toContain('Mawingu');
  });

  it('at 390 px the actions wrap in their rows', async () => {
    const phone = await newPage(browser, PHONE);
    await signInToConsole(phone.page, port, CONSOLE.lifecycleAdmin);
    await phone.page.goto(customerUrl);
    await visible(phone.page.getByRole('group', { name: 'Account actions' }));
    await screenshot(phone.page, 'cust-manage-customer-page-390');
    await phone.page.getByRole('button', { name: 'Close account' }).click();
    await screenshotOf(phone.page.getByRole('dialog'), 'cust-manage-close-390');
    await phone.context.close();
  });

  it('closes the account after the e-mail is typed; her login is refused with its message', async () => {
    await page.getByRole('button', { name: 'Close account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close the account of Nomsa Khumalo?' });
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('She asked by mail on 28 Nov');
    await dialog.getByRole('textbox', { name: /to confirm/ }).fill(NOMSA);
    await screenshotOf(dialog, 'cust-manage-close-1280');
    await dialog.getByRole('button', { name: 'Close account' }).click();
    await visible(page.getByTestId('account-closed'));
    expect(await page.getByRole('group', { name: 'Account actions' }).count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'cust-manage-closed-1280');
    const login = await api('login', { emailID: NOMSA, password: 'Nomsa@2026x', websiteUrl: site });
    expect(login).toMatchObject({ http: 403, body: { message: messages.accountClosed } });
    await waitForMail((m) => sentTo(NOMSA)(m) && m.subject === 'Your account is closed');
  });
});
