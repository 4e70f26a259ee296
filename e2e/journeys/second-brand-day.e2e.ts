import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { messages } from '@mawingu/contracts/messages';
import type { ReceivedMail } from '../../tools/fakes/smtp-sink.ts';
import { expectAccessible } from '../accessibility.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, screenshotOf } from '../browser.ts';
import { signInToConsole } from '../console-login.ts';
import { CONSOLE } from '../fixtures/console.ts';
import { BAOBAB_CUSTOMERS as WHO, BAOBAB_PAYMENTS, BAOBAB_VMS as VM, SECOND_BRAND, secondBrandOrigin } from '../fixtures/second-brand.ts';
import { logIn } from '../log-in.ts';
import { sentTo, waitForMail } from '../mailbox.ts';

const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);
const toast = (page: Page, text: string | RegExp) => visible(page.locator('.mantine-Notification-root').filter({ hasText: text }));

/**
 * Issue 17's proof in one day of a second brand, Baobab Cloud, on its own origin (fixtures/
 * second-brand.ts): its mails come from its own sender with its logo; its home, About and help
 * show its texts; its admin schedules a news item that appears on its date, runs a ticket
 * (assigned, noted internally, answered; the customer's reply alerts the assignee), suspends and
 * reactivates a customer, suspends, terminates and extends VMs, logs in as a customer (banner,
 * audited), exports and erases a customer's data, and reads revenue with a sandbox payment apart.
 * Screenshots only of what no other journey pictures at that width.
 */
describe("a second brand's first day", () => {
  const port = inject('port');
  const site = secondBrandOrigin(port);
  const consoleUrl = (path: string) => `http://localhost:${port}/admin/${path}`;
  const stamp = Date.now().toString(36);
  const newsTitle = `Mombasa region opens ${stamp}`;
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };
  let wanjiru: { context: BrowserContext; page: Page };
  let companyId: number;
  let newsAt: number;
  let ticketId: number;

  /** A mail of the brand: its sender, and its logo served from its own site. */
  function expectBrandMail(mail: ReceivedMail) {
    expect(mail.fromHeader.replaceAll('"', '')).toBe(SECOND_BRAND.sender);
    expect(mail.html).toMatch(new RegExp(`<img src="${site.replaceAll('.', '\\.')}/api/files/[0-9a-f-]{36}"`));
    expect(`${mail.text}\n${mail.html}`).not.toMatch(/Mawingu/);
  }
  const mailTo = (address: string, match: (m: ReceivedMail) => boolean) => waitForMail((m) => sentTo(address)(m) && match(m), 20_000);

  async function openCustomer(page: Page, name: string) {
    await page.goto(consoleUrl(`c/${companyId}/customers?q=${encodeURIComponent(name.split(' ')[0]!)}`));
    await page.getByRole('link', { name }).click();
    await visible(page.getByRole('heading', { name }));
  }
  const vmRow = (page: Page, name: string) =>
    page.getByRole('table', { name: 'Virtual machines' }).getByRole('row', { name: new RegExp(name) });
  /** The VM's row as the list shows it after a reload, until it reads `expected` (power jobs take a moment). */
  async function untilRowReads(page: Page, name: string, expected: RegExp) {
    const read = async () => {
      await page.reload();
      await vmRow(page, name).first().waitFor();
      return vmRow(page, name).first().innerText();
    };
    await expect.poll(read, { timeout: 30_000, interval: 1_000 }).toMatch(expected);
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await newPage(browser, DESKTOP);
    await signInToConsole(admin.page, port, CONSOLE.baobabAdmin);
    await admin.page.goto(consoleUrl('c/0/dashboard'));
    companyId = await admin.page.evaluate(
      () => (JSON.parse(sessionStorage.getItem('mawingu.console') ?? 'null') as { operator: { companyId: number } }).operator.companyId,
    );
    wanjiru = await newPage(browser, DESKTOP);
    await logIn(wanjiru.page, site, WHO.wanjiru.email, WHO.wanjiru.password);
  });
  afterAll(async () => {
    await admin?.context.close();
    await wanjiru?.context.close();
    await browser?.close();
  });

  it("the login code comes from the brand with its logo; home, About and help show the brand's texts", async () => {
    expectBrandMail(await mailTo(WHO.wanjiru.email, (m) => /\b\d{6}\b/.test(m.text)));
    const { page } = wanjiru;
    await page.goto(`${site}/home`);
    await visible(page.getByRole('heading', { level: 1, name: SECOND_BRAND.texts.homeHeadline }));
    await page.setViewportSize(PHONE);
    await screenshot(page, 'second-brand-home-phone', { fullPage: false });
    await page.setViewportSize(DESKTOP);
    await page.goto(`${site}/about`);
    await visible(page.getByText(SECOND_BRAND.texts.aboutVision));
    await page.goto(`${site}/help`);
    await visible(page.getByText(SECOND_BRAND.texts.helpHours));
  });

  it('the admin schedules a news item a minute ahead; the site does not show it yet', async () => {
    const { page } = admin;
    await page.goto(consoleUrl(`c/${companyId}/content`));
    await page.getByRole('button', { name: 'New news item' }).click();
    const editor = page.getByRole('dialog', { name: 'New news item' });
    await editor.getByRole('textbox', { name: 'Title' }).fill(newsTitle);
    await editor.getByRole('textbox', { name: 'Content' }).fill('Lower latency for the coast.');
    // The next whole minute at least 20 s away, as the browser's date field takes it (local time, minutes).
    const at = await page.evaluate(() => {
      const when = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      const local = `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}T${pad(when.getHours())}:${pad(when.getMinutes())}`;
      return { local, epoch: when.getTime() };
    });
    newsAt = at.epoch;
    await editor.getByLabel('Published').fill(at.local);
    await editor.getByRole('button', { name: 'Schedule' }).click();
    await toast(page, /^News item scheduled: the site shows it from /);
    // The brand has no news before it: the page says so, and the scheduled item is not there.
    await wanjiru.page.goto(`${site}/news`);
    await visible(wanjiru.page.getByText('No News Yet', { exact: true }));
    expect(await wanjiru.page.getByRole('article', { name: newsTitle }).count()).toBe(0);
  });

  it('a ticket is assigned, noted internally and answered; the reply alerts the assignee, the note stays inside', async () => {
    const customer = wanjiru.page;
    await customer.goto(`${site}/customerprofile/1`);
    await customer.getByRole('button', { name: 'Raise New Ticket' }).click();
    const raise = customer.getByRole('dialog');
    await raise.getByRole('combobox', { name: 'Issue type' }).selectOption('Billing');
    await raise.getByLabel('Description').fill(`M-Pesa payment ${stamp} is not on my invoice.`);
    await raise.getByRole('button', { name: 'Submit' }).click();
    await visible(customer.getByText('Ticket submitted successfully', { exact: true }));

    const { page } = admin;
    await page.goto(consoleUrl(`c/${companyId}/tickets?q=${stamp}`));
    const link = page.getByRole('link', { name: /^Ticket \d+: Billing$/ });
    await visible(link);
    ticketId = Number(/^Ticket (\d+)/.exec((await link.first().getAttribute('aria-label'))!)![1]);
    await link.first().click();
    await visible(page.getByRole('heading', { name: `Ticket #${ticketId}` }));
    // Assigned to support, a note for the team, then the answer.
    await page.getByRole('combobox', { name: 'Assigned to' }).click();
    await page.getByRole('option', { name: 'otieno' }).click();
    await toast(page, 'Ticket updated.');
    const note = `Checked M-Pesa: paid ${stamp}, reconcile before answering.`;
    await page.getByRole('textbox', { name: 'New internal note' }).fill(note);
    await page.getByRole('button', { name: 'Add note' }).click();
    await toast(page, 'Internal note added. The customer does not see it.');
    await visible(page.getByText(note));
    await page.getByLabel('Response').fill('We found your M-Pesa payment and are adding it to the invoice.');
    await page.getByRole('combobox', { name: 'New status' }).click();
    await page.getByRole('option', { name: 'In Progress' }).click();
    await page.getByRole('button', { name: 'Send response' }).click();
    await toast(page, 'Response sent. The customer was notified and e-mailed.');
    await expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 15_000 }).toBe(0);
    await screenshot(page, 'second-brand-ticket-triage-desktop');
    await expectAccessible(page);
    await page.setViewportSize(PHONE);
    await screenshot(page, 'second-brand-ticket-triage-phone');
    await page.setViewportSize(DESKTOP);

    // The customer: the answer by the brand's mail and on the page, never the note; her reply.
    expectBrandMail(await mailTo(WHO.wanjiru.email, (m) => m.subject.includes(`#${ticketId} `)));
    await customer.goto(`${site}/TicketDetails/${ticketId}`);
    await customer.getByRole('textbox', { name: 'Your reply' }).fill(`Thank you; the receipt number is ${stamp}.`);
    await customer.getByRole('button', { name: 'Send reply' }).click();
    await visible(customer.getByText('Reply sent', { exact: true }));
    await visible(customer.getByRole('list', { name: 'Conversation' }).getByText(`the receipt number is ${stamp}`));
    await customer.getByRole('tab', { name: 'Ticket Response' }).click();
    await visible(customer.getByRole('tabpanel').getByText('We found your M-Pesa payment and are adding it to the invoice.'));
    expect(await customer.content()).not.toContain('reconcile before answering');
    const alert = await mailTo(
      CONSOLE.baobabSupport.email,
      (m) => m.subject === `${WHO.wanjiru.name} replied to ticket #${ticketId} (Billing)`,
    );
    expect(alert.text).toContain(`the receipt number is ${stamp}`);
  }, 90_000);

  it('suspends Wanjiru: her session ends, the login is refused, her VM stops; reactivated, she logs in', async () => {
    const { page } = admin;
    await openCustomer(page, WHO.wanjiru.name);
    await page.getByRole('button', { name: 'Suspend account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Card chargeback on the November invoice');
    await dialog.getByRole('button', { name: 'Suspend account' }).click();
    await visible(page.getByTestId('account-suspended').getByText(/Reason: Card chargeback/));
    await page.setViewportSize(PHONE);
    await screenshot(page, 'second-brand-customer-suspended-phone', { fullPage: false });
    await page.setViewportSize(DESKTOP);

    const customer = wanjiru.page;
    await customer.goto(`${site}/customerprofile/2`);
    await visible(customer.getByLabel('Email'), 30_000);
    await customer.goto(`${site}/customerlogin`);
    await customer.getByLabel('Email').fill(WHO.wanjiru.email);
    await customer.getByRole('textbox', { name: 'Password', exact: true }).fill(WHO.wanjiru.password);
    await customer.getByRole('button', { name: 'Log In' }).click();
    await visible(customer.getByText('Your account has been suspended. Please contact support.'));
    const suspended = await mailTo(WHO.wanjiru.email, (m) => m.subject === 'Your account has been suspended');
    expectBrandMail(suspended);
    expect(suspended.text).toContain('Card chargeback on the November invoice');
    await page.goto(consoleUrl(`c/${companyId}/vms?q=${VM.shop}`));
    await untilRowReads(page, VM.shop, /\bstopped\b/i);

    await openCustomer(page, WHO.wanjiru.name);
    await page.getByRole('button', { name: 'Reactivate account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reactivate account' }).click();
    await toast(page, `The account of ${WHO.wanjiru.name} is active again.`);
    const again = await newPage(browser, DESKTOP);
    await logIn(again.page, site, WHO.wanjiru.email, WHO.wanjiru.password);
    await again.context.close();
  }, 90_000);

  it("suspends and terminates one of Jabari's VMs and extends the other", async () => {
    const { page } = admin;
    await page.goto(consoleUrl(`c/${companyId}/vms?q=baobab-`));
    await page.getByRole('button', { name: `Suspend ${VM.api}` }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Reason' }).fill('Port scan reported by KE-CIRT');
    await page.getByRole('dialog').getByRole('button', { name: 'Suspend VM' }).click();
    await toast(page, `${VM.api} is suspended.`);
    await visible(page.getByText('Suspended: Port scan reported by KE-CIRT'));
    // Terminated once it is off: the suspension powers it off first.
    await untilRowReads(page, VM.api, /\bterminate\b/i);

    await page.getByRole('button', { name: `Terminate ${VM.api}` }).click();
    const terminate = page.getByRole('dialog');
    await terminate.getByRole('textbox', { name: /Type .* to confirm/ }).fill(VM.api);
    await screenshot(page, 'second-brand-vm-terminate-dialog-desktop', { fullPage: false });
    await terminate.getByRole('button', { name: 'Terminate VM' }).click();
    await toast(page, `${VM.api} is being deleted.`);
    // Deleted VMs leave the list; its Deleted filter shows it.
    await page.goto(consoleUrl(`c/${companyId}/vms?q=${VM.api}&state=deleted`));
    await untilRowReads(page, VM.api, /\bdeleted\b/i);
    await page.goto(consoleUrl(`c/${companyId}/vms?q=baobab-`));

    const endCell = () => vmRow(page, VM.db).getByRole('cell').nth(4).innerText();
    const endBefore = await endCell();
    await page.getByRole('button', { name: `Extend the end date of ${VM.db}` }).click();
    const extend = page.getByRole('dialog');
    await extend.getByRole('textbox', { name: /Days/ }).fill('7');
    await extend.getByRole('textbox', { name: /Reason/ }).fill('Karibu: a week on us');
    await extend.getByRole('button', { name: 'Extend end date' }).click();
    await toast(page, `The end date of ${VM.db} is 7 days later.`);
    await expect.poll(endCell).not.toBe(endBefore);
  }, 90_000);

  it('logs in as Jabari with his consent: the banner on his site; the audit log has it', async () => {
    const { page } = admin;
    await openCustomer(page, WHO.jabari.name);
    const section = page.getByTestId('customer-privacy');
    await section.getByRole('button', { name: 'Log in as customer' }).click();
    const dialog = page.getByRole('dialog', { name: `Log in as ${WHO.jabari.name}?` });
    const reason = `Jabari asked on the phone, ticket ${stamp}`;
    await dialog.getByRole('textbox', { name: /Reason/ }).fill(reason);
    const [tab] = await Promise.all([admin.context.waitForEvent('page'), dialog.getByRole('button', { name: 'Open their site' }).click()]);
    await tab.waitForURL((url) => url.origin === site && /\/customerprofile\/2$/i.test(url.pathname), { timeout: 20_000 });
    await visible(tab.getByTestId('support-session-banner').getByText(`You are viewing ${WHO.jabari.name}'s account as`));
    await visible(tab.getByText(VM.db).first());
    const closed = tab.waitForEvent('close', { timeout: 15_000 });
    await tab.getByTestId('support-session-banner').getByRole('button', { name: 'End' }).click();
    await closed;

    await page.goto(consoleUrl(`c/${companyId}/audit?action=customer.support-session`));
    const table = page.getByTestId('audit-table');
    await visible(table.getByText('Logged in as the customer (support session)'));
    await visible(table.getByText('Support session ended'));
  }, 60_000);

  it("exports Achieng's data on request, then erases it: she can no longer log in", async () => {
    const { page } = admin;
    await openCustomer(page, WHO.achieng.name);
    const section = page.getByTestId('customer-privacy');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download data (JSON)' }).click(),
    ]);
    const data = fs.readFileSync((await download.path())!, 'utf8');
    expect(data).toContain(WHO.achieng.email);
    expect(data).toContain('Odhiambo');

    await section.getByRole('button', { name: 'Erase personal data' }).click();
    const erase = page.getByRole('dialog', { name: `Erase the personal data of ${WHO.achieng.name}?` });
    await erase.getByRole('textbox', { name: /e-mail address to confirm/ }).fill(WHO.achieng.email);
    await erase.getByRole('button', { name: 'Erase for good' }).click();
    await toast(page, `The personal data of ${WHO.achieng.name} is erased.`);
    // Her login on the site: the address is no longer anyone's.
    const achieng = await newPage(browser, DESKTOP);
    await achieng.page.goto(`${site}/customerlogin`);
    await achieng.page.getByLabel('Email').fill(WHO.achieng.email);
    await achieng.page.getByRole('textbox', { name: 'Password', exact: true }).fill(WHO.achieng.password);
    await achieng.page.getByRole('button', { name: 'Log In' }).click();
    await visible(achieng.page.getByText(messages.invalidCredentials));
    expect(achieng.page.url()).toMatch(/\/customerlogin$/);
    await achieng.context.close();
  }, 60_000);

  it('revenue counts the live Pesapal payment and shows the sandbox one apart', async () => {
    const { page } = admin;
    await page.goto(consoleUrl(`c/${companyId}/dashboard`));
    const pesapal = page.getByTestId('revenue-gateway-row').filter({ hasText: 'Pesapal' });
    await visible(pesapal.getByText(new RegExp(BAOBAB_PAYMENTS.live.replace('2900', '2,900').replace('.', '\\.'))));
    expect(await pesapal.innerText()).not.toContain('1,160');
    const sandbox = page.getByTestId('revenue-sandbox');
    await visible(sandbox.getByText(/1,160\.00 in 1 order/));
    await screenshotOf(sandbox, 'second-brand-revenue-sandbox-desktop');
    await expectAccessible(page);
    await page.setViewportSize(PHONE);
    await screenshotOf(sandbox, 'second-brand-revenue-sandbox-phone');
    await page.setViewportSize(DESKTOP);
  });

  it('the news item appears on the site on its date', async () => {
    const { page } = wanjiru;
    const article = page.getByRole('article', { name: newsTitle });
    await expect
      .poll(
        async () => {
          await page.goto(`${site}/news`);
          await page.waitForLoadState('networkidle');
          return article.isVisible();
        },
        { timeout: Math.max(0, newsAt - Date.now()) + 20_000, interval: 2_000 },
      )
      .toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(newsAt);
  }, 150_000);
});
