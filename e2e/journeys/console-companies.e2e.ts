import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expectAccessible } from '../accessibility.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollToEnd } from '../browser.ts';
import { signInToConsole } from '../console-login.ts';
import { CONSOLE } from '../fixtures/console.ts';
import { lifecycleOrigin } from '../fixtures/lifecycle.ts';

const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);

type Reply<T> = { status: number; message: string; data: T };
type Configuration = {
  companyName: string;
  brandColor: string;
  bannerMessage: string;
  imagePath: string | null;
  brandPalette: { colors: string[]; shade: number };
};

// A 48 × 48 PNG (a green disc), as an operator's logo file.
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAAhklEQVR42u3YwQ2AMAwEweuHHlIgTcOfQLAi4lzQWi5gnvbqMBsBAjQHtO0lshmgIKWbpaGUDpZyNHGTcihxlpI1rybla9qmdUBDNQ2TZmmeTCuA0jS3JntQsqY2AQIECBAgQH8DcX4UTthPQHZfB4/ior+9Y/1w7EOmBc2xMZpWWMI5oMucsRf7T7krVbkAAAAASUVORK5CYII=',
  'base64',
);

const rgbOf = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

/**
 * Companies in the console (issue 7, point 2): the owner creates a second company on a second
 * origin and sets its name, colour, logo and banner; that origin shows the new brand at once while
 * the lifecycle company's site keeps its own. The lifecycle company's admin sees only that company
 * and is refused another company's settings.
 */
// Each step does several pages and axe checks: minutes on a machine shared by several builds.
describe('console: companies (white label)', () => {
  const port = inject('port');
  const consoleUrl = (path: string) => `http://localhost:${port}/admin/${path}`;
  const second = `http://second.mawingu.test:${port}`;
  const lifecycle = lifecycleOrigin(port);
  let browser: Browser;
  let owner: { context: BrowserContext; page: Page };
  let secondId: number;

  const configuration = async (origin: string) => {
    const res = await fetch(`http://localhost:${port}/api/getCompanyConfiguration`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customerUrl: origin }),
    });
    return (await res.json()) as Reply<Configuration>;
  };

  /** Mantine's toast with a text. */
  const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await newPage(browser, DESKTOP);
    await signInToConsole(owner.page, port, CONSOLE.owner);
  });
  afterAll(async () => {
    await owner?.context.close();
    await browser?.close();
  });

  it('the owner sees every company and creates a second one on a second origin', async () => {
    const { page } = owner;
    await page.goto(consoleUrl('companies'));
    await visible(page.getByRole('table', { name: 'Companies' }));
    await visible(page.getByRole('cell', { name: 'Lifecycle Hosting', exact: true }));
    // Each company's website addresses tell the shops apart, each a link to its site.
    const lifecycleRow = page.getByTestId('company-row').filter({ hasText: 'Lifecycle Hosting' });
    const siteLink = lifecycleRow.getByRole('link', { name: lifecycleOrigin(port).replace('http://', '') });
    expect(await siteLink.getAttribute('href')).toBe(lifecycleOrigin(port));
    expect(await page.getByTestId('company-row').count()).toBeGreaterThanOrEqual(2);
    await expectAccessible(page);
    await screenshot(page, 'console-companies-list-desktop');

    await page.getByRole('button', { name: 'New company' }).click();
    const dialog = page.getByRole('dialog', { name: 'New company' });
    await visible(dialog);
    // Nothing filled: each required field says what it needs.
    await dialog.getByRole('button', { name: 'Create company' }).click();
    await visible(dialog.getByText('Enter the company name.'));
    await visible(dialog.getByText('Enter a website address like https://cloud.example.com.'));

    await dialog.getByRole('textbox', { name: 'Company name' }).fill('Second Cloud');
    // The slug follows the name until typed.
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Slug' }).inputValue()).toBe('second-cloud');
    // An address another company has is refused by the server, under the field.
    await dialog.getByRole('textbox', { name: 'Website address 1' }).fill(lifecycle);
    await dialog.getByRole('textbox', { name: 'Phone number' }).fill('+27 21 555 0199');
    await dialog.getByRole('textbox', { name: 'E-mail address' }).fill('hello@second.example');
    await dialog.getByRole('textbox', { name: 'Office address' }).fill('9 Loop Street, Cape Town');
    await dialog.getByRole('textbox', { name: 'Country' }).fill('South Africa');
    await expectAccessible(page);
    await screenshot(page, 'console-companies-new-desktop');
    await dialog.getByRole('button', { name: 'Create company' }).click();
    await visible(dialog.getByText(`${lifecycle} is already the website address of another company.`));

    await dialog.getByRole('textbox', { name: 'Website address 1' }).fill(second);
    await dialog.getByRole('button', { name: 'Create company' }).click();
    await page.waitForURL(/\/admin\/c\/\d+\/settings/);
    secondId = Number(/\/admin\/c\/(\d+)\/settings/.exec(page.url())![1]);
    await visible(page.getByRole('heading', { name: 'Company settings' }));
    // The picker lists the new company and has it chosen.
    await expect.poll(() => page.getByRole('combobox', { name: 'Company' }).inputValue()).toBe('Second Cloud');

    // Its site opens at once, with the defaults.
    const site = await configuration(second);
    expect(site.status).toBe(200);
    expect(site.data.companyName).toBe('Second Cloud');
  }, 180_000);

  it('the owner sets the name, brand colour, banner message and logo; the second origin shows them', async () => {
    const { page } = owner;
    await page.goto(consoleUrl(`c/${secondId}/settings?tab=brand`));
    const brand = page.getByRole('form', { name: 'Name, colour and banner' });
    await visible(brand);
    await brand.getByRole('textbox', { name: 'Company name' }).fill('Second Skies');
    const color = brand.getByRole('textbox', { name: 'Brand colour' });
    await color.fill('#2b8a3e');
    await color.press('Escape');
    await brand.getByRole('textbox', { name: 'Banner message' }).fill('Second Skies: clouds on the second origin.');
    await brand.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Saved. The website shows the change now.'));

    const logo = page.getByRole('region', { name: 'Logo' });
    await logo.locator('input[type="file"]').setInputFiles({ name: 'second-logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
    await visible(toast(page, 'Uploaded. The website shows it now.'));
    await expect.poll(() => page.getByTestId('logo-preview').getAttribute('src')).toMatch(/^\/api\/files\//);
    // A file that is not an image is refused by its content, under the input.
    await logo
      .locator('input[type="file"]')
      .setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: Buffer.from('<svg><script>alert(1)</script></svg>') });
    await visible(logo.getByText('The logo must be a PNG, JPEG, WebP or GIF image.'));
    await expect.poll(() => page.getByRole('combobox', { name: 'Company' }).inputValue()).toBe('Second Skies');
    await expectAccessible(page);
    await screenshot(page, 'console-settings-brand-desktop');

    const config = await configuration(second);
    expect(config.data).toMatchObject({
      companyName: 'Second Skies',
      brandColor: '#2b8a3e',
      bannerMessage: 'Second Skies: clouds on the second origin.',
    });
    const logoPath = config.data.imagePath!;
    expect(logoPath).toMatch(/^\/api\/files\//);

    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const visitor = await newPage(browser, viewport);
      await visitor.page.goto(`${second}/home`);
      await visitor.page.waitForURL(`${second}/home`);
      await expect.poll(() => visitor.page.title()).toBe('Second Skies');
      await visible(visitor.page.getByTestId('banner-message').getByText('Second Skies: clouds on the second origin.'));
      const headerLogo = visitor.page.locator('header img').first();
      await expect.poll(() => headerLogo.getAttribute('src')).toBe(logoPath);
      await expect.poll(() => headerLogo.getAttribute('alt')).toBe('Second Skies – home');
      await expect.poll(() => headerLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      // Buttons take the brand colour (the palette's filled shade, derived from #2b8a3e).
      const filled = config.data.brandPalette.colors[config.data.brandPalette.shade]!;
      const explore = visitor.page.getByRole('link', { name: 'Explore' }).first();
      await expect.poll(() => explore.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgbOf(filled));
      await screenshot(visitor.page, `console-second-origin-home-${label}`);
      await visitor.context.close();
    }
  }, 180_000);

  it('the owner adds a product to the new company’s catalogue; its marketplace lists it, the lifecycle one does not', async () => {
    const { page } = owner;
    const productName = 'Second Skies VM';
    // A new company sells nowhere yet: first a region (a product is sold where its currency is paid).
    await page.goto(consoleUrl(`c/${secondId}/catalogue/regions`));
    await page.getByRole('button', { name: 'Add region' }).click();
    const region = page.getByRole('dialog', { name: 'Add region' });
    await visible(region);
    await region.getByRole('textbox', { name: 'Country', exact: true }).fill('South Africa');
    await region.getByRole('textbox', { name: 'Country code', exact: true }).fill('ZA');
    await region.getByRole('textbox', { name: 'Currency', exact: true }).fill('ZAR');
    await region.getByRole('textbox', { name: 'Tax', exact: true }).fill('15');
    await region.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => region.isVisible()).toBe(false);
    await visible(page.getByRole('cell', { name: 'South Africa' }));

    await page.goto(consoleUrl(`c/${secondId}/catalogue`));
    await page.getByRole('link', { name: 'Add product' }).click();
    await page.waitForURL(/\/catalogue\/products\/new$/);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(productName);
    await page.getByLabel('Description').fill('The second company’s first machine, added in the console.');
    await page.getByLabel('Provider').selectOption('simulator');
    await page.getByLabel('Template').fill('ubuntu-24.04');
    await page.getByLabel('Processor: Cost per unit (30 days)').fill('90');
    await page.getByLabel('Memory: Cost per unit (30 days)').fill('40');
    await page.getByLabel('Disk: Cost per unit (30 days)').fill('1.5');
    await page.getByRole('button', { name: 'Add product' }).click();
    await page.waitForURL(/\/catalogue$/);
    await visible(page.getByRole('link', { name: productName }));

    const visitor = await newPage(browser, DESKTOP);
    await visitor.page.goto(`${second}/marketplace/virtualmachine`);
    await visible(visitor.page.getByRole('link', { name: `Select ${productName}` }), 20_000);
    await screenshot(visitor.page, 'console-second-origin-marketplace-desktop');
    await visitor.context.close();

    const products = async (origin: string) => {
      const res = await fetch(`http://localhost:${port}/api/marketPlace/getProducts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ serviceName: 'virtualmachine', websiteUrl: origin }),
      });
      return JSON.stringify(await res.json());
    };
    expect(await products(second)).toContain(productName);
    expect(await products(lifecycle)).not.toContain(productName);
  }, 180_000);

  it('the lifecycle company’s site keeps its own name and brand', async () => {
    const config = await configuration(lifecycle);
    expect(config.data.companyName).toBe('Lifecycle Hosting');
    expect(config.data.bannerMessage).not.toContain('Second Skies');
    const visitor = await newPage(browser, DESKTOP);
    await visitor.page.goto(`${lifecycle}/home`);
    await expect.poll(() => visitor.page.title()).toBe('Lifecycle Hosting');
    await scrollToEnd(visitor.page);
    await visible(visitor.page.getByText('v2.4.33', { exact: true }));
    expect(await visitor.page.content()).not.toContain('Second Skies');
    await visitor.context.close();
  }, 180_000);

  it('the owner turns maintenance on (after confirming) and off for the second company', async () => {
    const { page } = owner;
    await page.goto(consoleUrl(`c/${secondId}/settings?tab=maintenance`));
    const form = page.getByRole('form', { name: 'Maintenance mode' });
    await visible(form);
    await form.getByRole('switch', { name: 'Maintenance mode' }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    // Without a message the form refuses before asking.
    await visible(form.getByText('Enter the message visitors see during maintenance.'));
    await form.getByRole('textbox', { name: 'Maintenance message' }).fill('Second Skies is moving house. Back soon.');
    await form.getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('dialog', { name: 'Turn maintenance mode on?' });
    await visible(confirm);
    await screenshot(page, 'console-settings-maintenance-confirm-desktop');
    await confirm.getByRole('button', { name: 'Turn on' }).click();
    await visible(toast(page, 'Saved. The website shows the change now.'));

    const visitor = await newPage(browser, DESKTOP);
    await visitor.page.goto(`${second}/home`);
    await visitor.page.waitForURL(`${second}/undermaintenanceMode`);
    await visible(visitor.page.getByTestId('maintenance-message').getByText('Second Skies is moving house. Back soon.'));

    await form.getByRole('switch', { name: 'Maintenance mode' }).uncheck();
    // The first save's toast may still show: wait for this save's own answer, not for a toast.
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/companies/${secondId}/settings`));
    await form.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    // The maintenance page finds the site open again and goes home.
    await visitor.page.reload();
    await visitor.page.waitForURL(`${second}/home`);
    await visitor.context.close();
  }, 180_000);

  it('keeps unsaved settings across a tab switch, until they are put back', async () => {
    const { page } = owner;
    await page.goto(consoleUrl(`c/${secondId}/settings?tab=brand`));
    const banner = page.getByRole('form', { name: 'Name, colour and banner' }).getByRole('textbox', { name: 'Banner message' });
    await visible(banner);
    const saved = await banner.inputValue();
    await banner.fill('Half-price VMs this week');
    await page.getByRole('tab', { name: 'Contact' }).click();
    await visible(page.getByRole('form', { name: 'Contact details' }));
    await page.getByRole('tab', { name: 'Brand' }).click();
    await expect.poll(() => banner.inputValue()).toBe('Half-price VMs this week');
    await visible(page.getByRole('form', { name: 'Name, colour and banner' }).getByText('Unsaved changes'));
    await banner.fill(saved);
    await expect.poll(() => page.getByRole('form', { name: 'Name, colour and banner' }).getByText('Unsaved changes').count()).toBe(0);
  });

  it('the owner adds an office and a Benefits menu item; the second origin’s home shows them', async () => {
    const { page } = owner;
    await page.goto(consoleUrl(`c/${secondId}/settings?tab=addresses`));
    const addresses = page.getByRole('form', { name: 'Addresses (Our Reach)' });
    await visible(addresses);
    await addresses.getByRole('button', { name: 'Add an address' }).click();
    const first = addresses.getByRole('group', { name: 'Address 1' });
    await first.getByRole('textbox', { name: 'Street address' }).fill('12 Kloof Street');
    await first.getByRole('textbox', { name: 'City' }).fill('Cape Town');
    await first.getByRole('textbox', { name: 'Country' }).fill('South Africa');
    await addresses.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Saved. The website shows the change now.'));

    await page.goto(consoleUrl(`c/${secondId}/settings?tab=social`));
    const menus = page.getByRole('form', { name: 'www link and Benefits menu' });
    await visible(menus);
    await menus.getByRole('textbox', { name: 'Website (www) address' }).fill('https://www.second.example');
    await menus.getByRole('button', { name: 'Add a menu item' }).click();
    const item = menus.getByRole('group', { name: 'Menu item 1' });
    await item.getByRole('textbox', { name: 'Name' }).fill('Second Perks');
    // An address without a scheme is refused under its field before anything is sent.
    await item.getByRole('textbox', { name: 'Address' }).fill('second.example/perks');
    await menus.getByRole('button', { name: 'Save' }).click();
    await visible(item.getByText('Enter an address starting with https:// or http://.'));
    await item.getByRole('textbox', { name: 'Address' }).fill('https://second.example/perks');
    await menus.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Saved. The website shows the change now.'));

    const visitor = await newPage(browser, DESKTOP);
    await visitor.page.goto(`${second}/home`);
    await scrollToEnd(visitor.page);
    await visible(visitor.page.getByText('12 Kloof Street'), 20_000);
    await visible(visitor.page.getByRole('link', { name: /www/ }));
    await visitor.page.getByRole('button', { name: 'Benefits' }).click();
    await visible(visitor.page.getByRole('menuitem', { name: 'Second Perks' }));
    await visitor.context.close();
  }, 180_000);

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`every settings tab is accessible and looked at (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await signInToConsole(page, port, CONSOLE.owner);
      await page.goto(consoleUrl('companies'));
      await visible(page.getByTestId('company-row'));
      if (label === 'phone') await screenshot(page, 'console-companies-list-phone');
      for (const tab of ['brand', 'contact', 'addresses', 'social', 'documents', 'maintenance', 'origins']) {
        await page.goto(consoleUrl(`c/${secondId}/settings?tab=${tab}`));
        await visible(page.getByRole('tabpanel').getByRole('heading').first());
        await expectAccessible(page);
        await screenshot(page, `console-settings-${tab}-${label}`);
      }
      await context.close();
    }, 300_000);
  }

  it('an admin of the lifecycle company sees only that company and is refused another company’s settings', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInToConsole(page, port, CONSOLE.lifecycleAdmin);
    await page.goto(consoleUrl(''));
    await page.waitForURL(/\/admin\/c\/\d+\/dashboard/);
    const session = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('mawingu.console') ?? 'null') as { token: string; operator: { companyId: number } },
    );
    // No company picker: an admin works on their own company only; the list the console reads has only it.
    await visible(page.getByRole('navigation', { name: 'Console sections' }));
    expect(await page.getByRole('combobox', { name: 'Company' }).count()).toBe(0);
    const listed = await fetch(`http://localhost:${port}/api/admin/companies`, { headers: { authorization: `Bearer ${session.token}` } });
    expect(((await listed.json()) as Reply<{ id: number; name: string }[]>).data).toEqual([
      {
        id: session.operator.companyId,
        name: 'Lifecycle Hosting',
        slug: 'lifecycle-hosting',
        origins: [lifecycleOrigin(port)],
        brandColor: expect.stringMatching(/^#[0-9a-f]{6}$/i),
      },
    ]);
    // Their own settings open; the companies section (the owner's) and the other company's settings do not.
    await page.goto(consoleUrl(`c/${session.operator.companyId}/settings`));
    await visible(page.getByRole('form', { name: 'Name, colour and banner' }));
    await expect.poll(() => page.getByRole('textbox', { name: 'Company name' }).inputValue()).toBe('Lifecycle Hosting');
    await page.goto(consoleUrl('companies'));
    await visible(page.getByRole('alert'));
    expect(await page.getByRole('button', { name: 'New company' }).count()).toBe(0);
    await page.goto(consoleUrl(`c/${secondId}/settings`));
    await visible(page.getByRole('alert').getByText('Company not found'));
    expect(await page.content()).not.toContain('Second Skies');
    await screenshot(page, 'console-settings-refused-desktop');
    await context.close();
  }, 180_000);
});
