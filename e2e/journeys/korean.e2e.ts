import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot } from '../browser.ts';
import { siteOrigins } from '../fixtures/load-fixtures.ts';
import { sentTo, waitForMail } from '../mailbox.ts';
import { configurePurchase } from '../buy-vm.ts';
import { invoiceText, openInvoiceViewer } from '../invoice-pdf.ts';
import { logIn } from '../log-in.ts';

const port = inject('port');
const site = siteOrigins(port).demo;
/** Signed up in Korean by the second journey; buys a VM in the third. */
const KOREAN_CUSTOMER = {
  email: 'minji.kim@example.co.kr',
  password: 'Seoul@2026',
  company: '서울 클라우드 주식회사',
  street: '테헤란로 152',
  city: '서울',
} as const;
const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible(), { timeout: 15_000 }).toBe(true);

/** The screen as a person sees it (header and open menu), beside the full-page shots. */
async function screenView(page: Page, name: string) {
  // Away from the button just pressed, so the picture shows it at rest, not hovered.
  await page.mouse.move(2, 600);
  await screenshot(page, name, { fullPage: false });
}

/** What the company wrote itself (its name, business units, Benefits entries): shown as written. */
async function companyTexts(): Promise<Set<string>> {
  const call = async (path: string, body: unknown) =>
    (
      (await (
        await fetch(`${site}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      ).json()) as { data: unknown }
    ).data;
  const config = (await call('getCompanyConfiguration', { customerUrl: site })) as { companyName: string };
  const units = (await call('home/getProductServices', { websiteUrl: site })) as { businessName: string }[];
  const benefits = (await call('getDropdownList', { customerUrl: site })) as { menuName: string }[];
  return new Set([config.companyName, ...units.map((u) => u.businessName), ...benefits.map((b) => b.menuName.trim())]);
}

/**
 * The texts of an element a reader sees or hears (text, aria-label, title, alt) that are not Korean:
 * no Hangul, at least two Latin letters, not marked as another language (the switch's "English"),
 * and not the company's own words.
 */
async function englishIn(root: Locator, allowed: Set<string>): Promise<string[]> {
  const texts = await root.evaluate((element) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement!;
      if (parent.closest('[lang]:not([lang="ko"])') || parent.closest('[aria-hidden="true"]')) continue;
      if (node.textContent!.trim()) found.push(node.textContent!.trim());
    }
    for (const el of [element, ...element.querySelectorAll('*')]) {
      if (el.closest('[lang]:not([lang="ko"])')) continue;
      for (const name of ['aria-label', 'title', 'alt', 'placeholder']) {
        const value = el.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    return found;
  });
  return texts.filter((text) => !/[\uac00-\ud7a3]/.test(text) && /[A-Za-z]{2}/.test(text) && !allowed.has(text));
}

async function openMenu(page: Page): Promise<Locator> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^(Open navigation|메뉴 열기)$/ })
    .click();
  const drawer = page.getByRole('dialog');
  await visible(drawer.getByRole('group'));
  return drawer;
}

/**
 * Issue 16 point 4: the whole site in Korean from a switch found in the header, on a phone: header,
 * menus and home's sub-line in Korean, <html lang="ko">, headings broken between words, the
 * signup in Korean with its code mailed in Korean, and the customer's menus in Korean too.
 */
describe('Korean', () => {
  let browser: Browser;
  let allowed: Set<string>;
  beforeAll(async () => {
    browser = await launchBrowser();
    allowed = await companyTexts();
  });
  afterAll(() => browser.close());

  it('switches a phone visitor to Korean from the header: no English in the header or the menu', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`${site}/home`);
    const header = page.getByRole('banner');
    await visible(header.getByRole('button', { name: 'Register / Log In' }).or(header.getByRole('link', { name: 'Register / Log In' })));
    await screenView(page, 'korean-home-en-phone');
    const englishMenu = await openMenu(page);
    await visible(englishMenu.getByRole('link', { name: 'Explore Marketplace' }));
    await screenView(page, 'korean-menu-en-phone');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('[role=dialog]').count()).toBe(0);

    // The switch names Korean in Korean, so a reader who cannot read the page finds it.
    const toKorean = header.getByRole('button', { name: '한국어' });
    expect(await toKorean.getAttribute('lang')).toBe('ko');
    await toKorean.click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ko');
    await visible(page.getByRole('heading', { level: 1, name: '아프리카 기업을 위한 클라우드 인프라' }));
    await visible(page.getByText(/필요한 사양을 구성하고 현지 통화로 결제하면 VM이 자동으로 시작됩니다/));
    // Headings break between words (keep-all), not inside them.
    expect(await page.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).wordBreak)).toBe('keep-all');
    expect(await englishIn(header, allowed)).toEqual([]);
    await screenView(page, 'korean-home-ko-phone');
    await screenshot(page, 'korean-home-ko-phone-full');

    const drawer = await openMenu(page);
    await visible(drawer.getByRole('link', { name: '마켓플레이스 둘러보기' }));
    expect(await drawer.getByRole('button', { name: '한국어' }).getAttribute('aria-pressed')).toBe('true');
    expect(await englishIn(drawer, allowed)).toEqual([]);
    await screenView(page, 'korean-menu-ko-phone');

    // The choice is kept: a new visit starts in Korean, with no English first paint.
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ko');
    await visible(page.getByRole('banner').getByRole('link', { name: '회원가입 / 로그인' }));
    await context.close();
  });

  it('signs a customer up in Korean, mails the code in Korean, and shows the customer’s menus in Korean', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`${site}/home`);
    await page.evaluate(() => localStorage.setItem('language', 'ko'));
    const { email } = KOREAN_CUSTOMER;
    const since = Date.now();
    await page.goto(`${site}/signup`);

    await page.getByRole('textbox', { name: '이름', exact: true }).fill('민지');
    await page.getByRole('textbox', { name: '성', exact: true }).fill('김');
    await page.getByRole('textbox', { name: '이메일', exact: true }).fill(email);
    await page.getByRole('combobox', { name: '국가 번호' }).click();
    await page.getByRole('option', { name: /South Africa/ }).click();
    await page.getByRole('textbox', { name: '휴대폰 번호', exact: true }).fill('821234567');
    await page.getByRole('textbox', { name: '비밀번호', exact: true }).fill(KOREAN_CUSTOMER.password);
    await page.getByRole('textbox', { name: '비밀번호 확인', exact: true }).fill(KOREAN_CUSTOMER.password);
    await page.getByRole('button', { name: '다음' }).click();
    await page.getByRole('textbox', { name: /^회사 이름/ }).fill(KOREAN_CUSTOMER.company);
    await page.getByRole('textbox', { name: '도로명 주소', exact: true }).fill(KOREAN_CUSTOMER.street);
    await page.getByRole('textbox', { name: '도시', exact: true }).fill(KOREAN_CUSTOMER.city);
    await page.getByRole('textbox', { name: '주/도', exact: true }).fill('Western Cape');
    await page.getByRole('textbox', { name: '우편번호', exact: true }).fill('8001');
    await page.getByRole('button', { name: '가입하기' }).click();
    const agreement = page.getByRole('dialog');
    await visible(agreement.getByRole('button', { name: '진행' }));
    await agreement.getByRole('checkbox').nth(0).check();
    await agreement.getByRole('checkbox').nth(1).check();
    await agreement.getByRole('button', { name: '진행' }).click();
    await page.waitForURL(/\/loginotp\/[^/]+\/[^/]+\/1$/);

    const mail = await waitForMail((m) => sentTo(email)(m) && Date.parse(m.receivedAt) >= since - 1_000);
    expect(mail.subject).toBe('Mawingu Cloud 인증 코드');
    expect(mail.text).toContain('계정 만들기를 마치려면 아래 일회용 코드를 입력하세요.');
    expect(mail.html).toContain('lang="ko"');
    await page.getByLabel('6자리 중 1번째').click();
    await page.keyboard.type(mail.text.match(/^(\d{6})$/m)![1]!);
    await page.getByRole('button', { name: '확인' }).click();
    await page.waitForURL(/\/home$/, { timeout: 15_000 });
    await expect.poll(() => page.locator('[role=dialog]').count()).toBe(0);

    const header = page.getByRole('banner');
    await visible(header.getByRole('link', { name: /내 프로필/ }));
    // The toasts (the code was sent, "로그인되었습니다!") sit over the header: closed, to see it. The
    // first may already have closed by itself, so each is closed while any is left.
    const toasts = page.locator('.mantine-Notification-root');
    await expect
      .poll(async () => {
        const left = await toasts.count();
        if (left > 0)
          await toasts
            .first()
            .getByRole('button', { name: '닫기' })
            .click({ timeout: 2_000 })
            .catch(() => {});
        return left;
      })
      .toBe(0);
    expect(await englishIn(header, allowed)).toEqual([]);
    await screenView(page, 'korean-customer-ko-phone');
    const drawer = await openMenu(page);
    await visible(drawer.getByText('민지 김 님으로 로그인됨'));
    await visible(drawer.getByRole('link', { name: '가상 머신 보기' }));
    expect(await englishIn(drawer, allowed)).toEqual([]);
    await screenView(page, 'korean-customer-menu-ko-phone');
    await context.close();
  });

  it('gives the Korean customer an invoice that prints her name, company and address in Hangul', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await logIn(page, site, KOREAN_CUSTOMER.email, KOREAN_CUSTOMER.password);
    const { vmName } = await configurePurchase(page, port, site, {
      product: 'Ubuntu Server 24.04 LTS',
      region: 'South Africa',
      gateway: 'PayFast Payment',
    });
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.origin === inject('gateways').payfast);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/PurchaseSuccessful/i, { timeout: 30_000 });

    const { viewer, token } = await openInvoiceViewer(page);
    await visible(viewer.getByText(/Page 1 of \d+/));
    await screenshot(viewer, 'korean-invoice-desktop');
    await viewer.close();
    // The text layer of the PDF: what a reader copies, searches and files (pdftotext).
    const text = await invoiceText(page, port, site, token);
    expect(text).toContain('민지 김');
    expect(text).toContain(KOREAN_CUSTOMER.company);
    expect(text).toContain(`${KOREAN_CUSTOMER.street}, ${KOREAN_CUSTOMER.city}`);
    expect(text).toContain(vmName);
    expect(text).not.toContain('?');
    await context.close();
  }, 120_000);

  it('offers the switch in the desktop header, both ways, with the menus in the chosen language', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(`${site}/home`);
    const header = page.getByRole('banner');
    await visible(header.getByRole('link', { name: 'Register / Log In' }));
    await visible(header.getByRole('link', { name: 'Home' }));
    await screenView(page, 'korean-home-en-desktop');

    await header.getByRole('button', { name: '한국어' }).click();
    await visible(header.getByRole('link', { name: '회원가입 / 로그인' }));
    await screenView(page, 'korean-home-ko-desktop');
    await header.getByRole('button', { name: '마켓플레이스' }).click();
    const menu = page.getByRole('menu');
    await visible(menu.getByRole('menuitem', { name: '마켓플레이스 둘러보기' }));
    expect(await englishIn(header, allowed)).toEqual([]);
    expect(await englishIn(menu, allowed)).toEqual([]);
    await screenView(page, 'korean-marketplace-menu-ko-desktop');
    await page.keyboard.press('Escape');

    await header.getByRole('button', { name: 'English' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await visible(header.getByRole('link', { name: 'Register / Log In' }));
    await context.close();
  });
});
