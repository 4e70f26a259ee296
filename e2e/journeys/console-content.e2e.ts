import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { expectAccessible } from '../accessibility.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollToEnd } from '../browser.ts';
import { signInToConsole } from '../console-login.ts';
import { CONSOLE } from '../fixtures/console.ts';
import { LIFECYCLE_CUSTOMER, lifecycleOrigin } from '../fixtures/lifecycle.ts';
import { logIn } from '../log-in.ts';
import { sentTo, waitForMail } from '../mailbox.ts';

/** Each part does several page loads, uploads and axe runs: a shared two-core machine needs longer than the default. */
const STEPS = 240_000;

const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);

/** A picture the news item carries: drawn on a canvas in the browser, as a person's PNG file. */
async function drawPicture(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 320;
    const g = canvas.getContext('2d')!;
    const sky = g.createLinearGradient(0, 0, 640, 320);
    sky.addColorStop(0, '#0b7285');
    sky.addColorStop(1, '#e8590c');
    g.fillStyle = sky;
    g.fillRect(0, 0, 640, 320);
    g.fillStyle = '#fff';
    g.font = 'bold 44px sans-serif';
    g.fillText('Cape Town region', 40, 180);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/**
 * The lifecycle company's admin runs its content from the console: publishes a news item (HTML with
 * a script that never runs, an uploaded picture, a link) and the site's News page shows it; adds FAQ
 * questions in an order the site's FAQ keeps; notifies Amani, who sees it under the bell; exports the
 * subscribers as CSV and sends a newsletter that reaches the mailbox with a working unsubscribe link.
 */
describe('console: content', () => {
  const port = inject('port');
  const site = lifecycleOrigin(port);
  const consoleUrl = (path: string) => `http://localhost:${port}/admin/${path}`;
  const stamp = Date.now().toString(36);
  const newsTitle = `Cape Town region opens ${stamp}`;
  const newsLink = 'https://status.lifecycle.example/cape-town';
  const firstQuestion = `Where are your data centres? ${stamp}`;
  const secondQuestion = `Can I move a VM between regions? ${stamp}`;
  const notice = `Planned maintenance on Sunday 02:00–03:00 (${stamp})`;
  const reader = `reader-${stamp}@lifecycle-news.example`;
  let browser: Browser;
  let companyId: number;

  /** A console page of the lifecycle admin at a width. */
  async function consolePage(viewport = DESKTOP) {
    const opened = await newPage(browser, viewport);
    await signInToConsole(opened.page, port, CONSOLE.lifecycleAdmin);
    return opened;
  }

  async function openTab(page: Page, tab: 'news' | 'faq' | 'notifications' | 'newsletter') {
    await page.goto(consoleUrl(`c/${companyId}/content/${tab}`));
    await visible(page.getByRole('heading', { level: 2, name: 'Content' }));
    await expect
      .poll(() => page.getByRole('tab', { selected: true }).innerText())
      .toBe({ news: 'News', faq: 'FAQ', notifications: 'Notifications', newsletter: 'Newsletter' }[tab]);
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    const { context, page } = await consolePage();
    await page.goto(consoleUrl(''));
    await page.waitForURL(/\/admin\/c\/\d+\//);
    companyId = Number(/\/admin\/c\/(\d+)\//.exec(page.url())![1]);
    await context.close();
  });
  afterAll(() => browser?.close());

  it(
    'publishes a news item with a picture and a link; the site shows it and its script never runs',
    async () => {
      const { context, page } = await consolePage();
      // The menu leads to the content section, on its News tab.
      await page.goto(consoleUrl(''));
      await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Content' }).click();
      await page.waitForURL(new RegExp(`/admin/c/${companyId}/content$`));
      await visible(page.getByRole('tab', { name: 'News', selected: true }));
      await page.getByRole('button', { name: 'New news item' }).click();
      const editor = page.getByRole('dialog', { name: 'New news item' });
      await visible(editor);

      // The contract's rules show under the fields before any call.
      await editor.getByRole('button', { name: 'Add link' }).click();
      await editor.getByRole('textbox', { name: 'Link 1' }).fill('javascript:alert(1)');
      await editor.getByRole('button', { name: 'Publish' }).click();
      await visible(editor.getByText('Enter a title.'));
      await visible(editor.getByText('Enter a full web address starting with http:// or https://.'));

      await editor.getByRole('textbox', { name: 'Title' }).fill(newsTitle);
      await editor
        .getByRole('textbox', { name: 'Content' })
        .fill(
          '<p>Our <b>Cape Town</b> region is open: lower latency for the Western Cape.</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2">',
        );
      await editor.getByRole('textbox', { name: 'Link 1' }).fill(newsLink);
      const chooser = page.waitForEvent('filechooser');
      await editor.getByRole('button', { name: 'Upload image' }).click();
      await (await chooser).setFiles({ name: 'cape-town.png', mimeType: 'image/png', buffer: await drawPicture(page) });
      await visible(editor.getByRole('button', { name: 'Replace image' }));

      // The preview renders the content as the site will: sanitised.
      const preview = editor.getByRole('region', { name: 'Preview' });
      await visible(preview.getByRole('heading', { name: newsTitle }));
      await visible(preview.getByText('Cape Town', { exact: true }));
      expect(await preview.locator('script, img[onerror]').count()).toBe(0);
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
      await screenshot(page, 'console-content-news-editor-desktop');
      await expectAccessible(page);

      await editor.getByRole('button', { name: 'Publish' }).click();
      await visible(page.getByText('News item published.'));
      await expect.poll(() => editor.isVisible()).toBe(false);
      const row = page.getByRole('article', { name: newsTitle });
      await visible(row);
      await screenshot(page, 'console-content-news-desktop');
      await expectAccessible(page);
      await context.close();

      // A visitor of the lifecycle site reads it.
      const visitor = await newPage(browser);
      await visitor.page.goto(`${site}/news`);
      const card = visitor.page.getByRole('article', { name: newsTitle });
      await visible(card);
      expect(await card.locator('img').getAttribute('src')).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
      await card.getByRole('button', { name: 'Read More' }).click();
      const dialog = visitor.page.getByRole('dialog', { name: newsTitle });
      await visible(dialog.getByRole('link', { name: new RegExp(newsLink.replaceAll('.', '\\.')) }));
      await visible(dialog.getByText('Cape Town', { exact: true }));
      expect(await dialog.locator('script, img[onerror]').count()).toBe(0);
      expect(await visitor.page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
      await screenshot(visitor.page, 'console-content-site-news-desktop');
      await visitor.context.close();
    },
    STEPS,
  );

  it(
    'schedules a news item for next year and keeps a draft: the console marks them, the site shows neither',
    async () => {
      const { context, page } = await consolePage();
      await page.goto(consoleUrl(`c/${companyId}/content`));
      const later = `${new Date().getFullYear() + 1}-06-01T09:00`;
      await page.getByRole('button', { name: 'New news item' }).click();
      let editor = page.getByRole('dialog', { name: 'New news item' });
      await editor.getByRole('textbox', { name: 'Title' }).fill('Kisumu region opens');
      await editor.getByRole('textbox', { name: 'Content' }).fill('Our Kisumu region opens next year.');
      await editor.getByLabel('Published').fill(later);
      await editor.getByRole('button', { name: 'Schedule' }).click();
      await visible(page.getByText(/^News item scheduled: the site shows it from /));
      const scheduled = page.getByRole('article', { name: 'Kisumu region opens' });
      await visible(scheduled.getByText('Scheduled', { exact: true }));
      await visible(scheduled.getByText(/^Shows from /));

      await page.getByRole('button', { name: 'New news item' }).click();
      editor = page.getByRole('dialog', { name: 'New news item' });
      await editor.getByRole('textbox', { name: 'Title' }).fill('Durban region (draft)');
      await editor.getByRole('textbox', { name: 'Content' }).fill('Not yet.');
      await editor.getByRole('switch', { name: 'Draft' }).check();
      await editor.getByRole('button', { name: 'Save draft' }).click();
      await visible(page.getByText('Draft saved. The site does not show it.'));
      await visible(page.getByRole('article', { name: 'Durban region (draft)' }).getByText('Draft', { exact: true }));
      await screenshot(page, 'console-content-news-states-desktop');
      await page.setViewportSize(PHONE);
      await screenshot(page, 'console-content-news-states-phone');
      await context.close();

      const visitor = await newPage(browser);
      await visitor.page.goto(`${site}/news`);
      await visible(visitor.page.getByRole('article', { name: newsTitle }));
      expect(await visitor.page.getByRole('article', { name: 'Kisumu region opens' }).count()).toBe(0);
      expect(await visitor.page.getByRole('article', { name: 'Durban region (draft)' }).count()).toBe(0);
      await visitor.context.close();
    },
    STEPS,
  );

  it(
    'adds FAQ questions and orders them; the site FAQ shows them in that order',
    async () => {
      const { context, page } = await consolePage();
      await openTab(page, 'faq');
      for (const question of [firstQuestion, secondQuestion]) {
        await page.getByRole('button', { name: 'Add question' }).click();
        const editor = page.getByRole('dialog', { name: 'Add a question' });
        await editor.getByRole('textbox', { name: 'Question' }).fill(question);
        await editor.getByRole('textbox', { name: 'Answer' }).fill(`The answer to “${question}”: Johannesburg and Cape Town.`);
        if (question === secondQuestion) await screenshot(page, 'console-content-faq-editor-desktop');
        await editor.getByRole('button', { name: 'Add', exact: true }).click();
        await visible(page.getByText('Question added.'));
        await expect.poll(() => editor.isVisible()).toBe(false);
      }
      const list = page.getByRole('list', { name: 'Questions under General' });
      const questions = () => list.getByTestId('admin-faq-row').locator('p[id]').allInnerTexts();
      await expect.poll(async () => (await questions()).slice(-2)).toEqual([firstQuestion, secondQuestion]);

      // The second goes first: by keyboard, as the arrows are buttons.
      const second = page.getByRole('article', { name: secondQuestion });
      const count = (await questions()).length;
      for (let i = 0; i < count - 1; i += 1) {
        await second.getByRole('button', { name: 'Move up' }).focus();
        await page.keyboard.press('Enter');
        await expect.poll(async () => (await questions()).indexOf(secondQuestion)).toBe(count - 2 - i);
      }
      await expect.poll(async () => (await questions())[0]).toBe(secondQuestion);
      await screenshot(page, 'console-content-faq-desktop');
      await expectAccessible(page);
      await context.close();

      const visitor = await newPage(browser);
      await visitor.page.goto(`${site}/Faq`);
      const accordion = visitor.page.getByRole('tabpanel');
      await visible(accordion.getByRole('button', { name: secondQuestion }));
      const shown = await accordion.getByRole('button').allInnerTexts();
      expect(shown.indexOf(secondQuestion)).toBe(0);
      expect(shown.indexOf(firstQuestion)).toBeGreaterThan(0);
      await accordion.getByRole('button', { name: firstQuestion }).click();
      await visible(visitor.page.getByText(`The answer to “${firstQuestion}”: Johannesburg and Cape Town.`));
      await visitor.context.close();
    },
    STEPS,
  );

  it(
    'notifies Amani, who sees it under the bell after logging in; "all" asks first',
    async () => {
      const { context, page } = await consolePage();
      await openTab(page, 'notifications');
      const form = page.getByRole('form', { name: 'Send a notification' });
      await visible(form.getByRole('radio', { name: /^All customers \(\d+\)$/ }));

      // "All" asks with the number of customers, and Cancel sends nothing.
      await form.getByRole('radio', { name: /^All customers/ }).check();
      await form.getByRole('textbox', { name: 'Message' }).fill('Not sent: cancelled in the confirmation.');
      await form.getByRole('button', { name: 'Send to all…' }).click();
      const confirm = page.getByRole('dialog', { name: 'Notify every customer?' });
      await visible(confirm.getByRole('button', { name: /^Send to \d+ customers?$/ }));
      await screenshot(page, 'console-content-notify-confirm-desktop');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => confirm.isVisible()).toBe(false);

      await form.getByRole('radio', { name: 'One customer' }).check();
      await form.getByRole('button', { name: 'Send', exact: true }).click();
      await visible(form.getByText('Choose the customer.'));
      // Mantine's searchable select: a text box that opens a list box.
      const picker = form.getByRole('textbox', { name: 'Customer' }).or(form.getByRole('combobox', { name: 'Customer' }));
      await picker.fill('amani');
      const option = page.getByRole('option', { name: /amani@lifecycle\.example/ });
      await visible(option);
      await option.click();
      await form.getByRole('textbox', { name: 'Message' }).fill(notice);
      await screenshot(page, 'console-content-notify-desktop');
      await expectAccessible(page);
      await form.getByRole('button', { name: 'Send', exact: true }).click();
      await visible(page.getByText('Notification sent to 1 customer.'));
      await context.close();

      const customer = await newPage(browser);
      await logIn(customer.page, site, LIFECYCLE_CUSTOMER.email, LIFECYCLE_CUSTOMER.password);
      const bell = customer.page.getByRole('button', { name: /^Notifications, \d+ unread/ });
      await visible(bell);
      await bell.click();
      await visible(customer.page.getByRole('dialog').getByText(notice));
      await screenshot(customer.page, 'console-content-amani-bell-desktop');
      await customer.context.close();
    },
    STEPS,
  );

  it(
    'exports the subscribers as CSV and sends a newsletter that arrives with a working unsubscribe link',
    async () => {
      // A visitor subscribes through the site's footer.
      const visitor = await newPage(browser);
      await visitor.page.goto(`${site}/home`);
      await scrollToEnd(visitor.page);
      const footer = visitor.page.getByRole('contentinfo');
      await footer.getByRole('textbox', { name: 'E-mail address' }).fill(reader);
      await footer.getByRole('button', { name: 'Subscribe' }).click();
      await visible(visitor.page.getByText('Subscribed successfully', { exact: true }));

      const { context, page } = await consolePage();
      await openTab(page, 'newsletter');
      await page.getByRole('searchbox', { name: 'Search e-mail addresses' }).fill(reader);
      await visible(page.getByRole('table', { name: 'Newsletter subscribers' }).getByRole('cell', { name: reader }));
      await page.getByRole('searchbox', { name: 'Search e-mail addresses' }).fill('');
      await visible(page.getByText(/^\d+ active subscribers?$/));
      await screenshot(page, 'console-content-newsletter-desktop');
      await expectAccessible(page);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d\d-\d\d\.csv$/);
      const csv = fs.readFileSync((await file.path())!, 'utf8');
      expect(csv.startsWith('\uFEFF"email","status","subscribed_at","unsubscribed_at"\r\n')).toBe(true);
      expect(csv).toMatch(new RegExp(`\\r\\n"${reader.replaceAll('.', '\\.')}","active","\\d{4}-[^"]+",""\\r\\n`));

      // Send: the confirmation names how many get it.
      const sendForm = page.getByRole('form', { name: 'Send a newsletter' });
      const active = Number(/^(\d+)/.exec(await page.getByText(/^\d+ active subscribers?$/).innerText())![1]);
      await sendForm.getByRole('textbox', { name: 'Subject' }).fill(`Lifecycle news ${stamp}`);
      await sendForm
        .getByRole('textbox', { name: 'Text' })
        .fill('<h3>Cape Town is open</h3><p>New VMs can run in Cape Town from today.</p>');
      await sendForm.getByRole('button', { name: new RegExp(`^Send to ${active} subscribers?…$`) }).click();
      const confirm = page.getByRole('dialog', { name: 'Send the newsletter?' });
      await visible(confirm.getByText(new RegExp(`goes to ${active} active subscribers? now`)));
      await screenshot(page, 'console-content-newsletter-confirm-desktop');
      await confirm.getByRole('button', { name: new RegExp(`^Send to ${active} subscribers?$`) }).click();
      await visible(page.getByText(new RegExp(`^Newsletter queued for ${active} subscribers?\\.$`)));
      await context.close();

      const mail = await waitForMail((m) => sentTo(reader)(m) && m.subject === `Lifecycle news ${stamp}`, 30_000);
      expect(mail.text).toContain('Cape Town is open');
      const link = /https?:\/\/\S+\/newsletter\?token=[\w-]+/.exec(mail.text)?.[0];
      expect(link?.startsWith(`${site}/newsletter?token=`)).toBe(true);
      await visitor.page.goto(link!);
      await visitor.page.getByRole('button', { name: 'Yes, Unsubscribe' }).click();
      await visible(visitor.page.getByText('You have been Unsubscribed successfully', { exact: true }));
      await visitor.context.close();
    },
    STEPS,
  );

  it(
    'every content page on a phone',
    async () => {
      const { context, page } = await consolePage(PHONE);
      for (const tab of ['news', 'faq', 'notifications', 'newsletter'] as const) {
        await openTab(page, tab);
        await page.waitForLoadState('networkidle');
        await screenshot(page, `console-content-${tab}-phone`);
        await expectAccessible(page);
      }
      // The news editor fills the phone's screen.
      await openTab(page, 'news');
      await page.getByRole('article', { name: newsTitle }).getByRole('button', { name: 'Edit' }).click();
      const editor = page.getByRole('dialog', { name: 'Edit news item' });
      await visible(editor.getByRole('textbox', { name: 'Title' }));
      expect(await editor.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(newsTitle);
      await screenshot(page, 'console-content-news-editor-phone');
      await expectAccessible(page);
      await context.close();
    },
    STEPS,
  );
});
