import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { etimsReceiptUrl } from '../../apps/api/src/integrations/etims/etims.ts';
import { pdfHasQrOf, pdfToText } from '../../apps/api/test/pdf-text.ts';
import { expectAccessible } from '../accessibility.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot } from '../browser.ts';
import { signInToConsole } from '../console-login.ts';
import { ETIMS_ADMIN, ETIMS_ENTITY, ETIMS_ORDERS, ETIMS_SELLER_PIN } from '../fixtures/etims.ts';

const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);

/**
 * Kenya's eTIMS in the console (ADR 0121), in Savanna Cloud (its own company, e2e/fixtures/etims.ts)
 * against the OSCU fake on its own port: an invoice issued before the Kenyan entity's device is
 * initialised is signed once the admin initialises it from the legal entity form, shows signed in
 * Settings › eTIMS, and its PDF carries the control unit's signature and KRA's QR code. While eTIMS
 * is out, the next invoice shows pending with the reason; once it is back, Resubmit signs it.
 */
describe('console: eTIMS', () => {
  const port = inject('port');
  const etimsUrl = inject('etimsUrl');
  const consoleUrl = (path: string) => `http://localhost:${port}/admin/${path}`;
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };
  let companyId: number;

  /** The console's API with the page's session (as the console itself calls it). */
  async function api(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; message: string; data: any }> {
    return admin.page.evaluate(
      async ({ url, method, body }) => {
        const session = JSON.parse(sessionStorage.getItem('mawingu.console') ?? 'null') as { token: string };
        const res = await fetch(url, {
          method,
          headers: { authorization: `Bearer ${session.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        return res.json();
      },
      { url: `/api/admin/companies/${companyId}/${path}`, method, body },
    );
  }
  /** The operator marks a fixture order paid (EFT), as the order page's Reconcile does: its invoice is issued. */
  async function markPaid(reference: string): Promise<number> {
    const found = await api('GET', `orders?q=${reference}`);
    const orderId = found.data.items[0].id as number;
    const paid = await api('POST', `orders/${orderId}/reconcile`, { action: 'paid', reason: 'EFT received at the bank' });
    expect(paid.status, paid.message).toBe(200);
    return orderId;
  }
  /** The invoice PDF, fetched in the browser with the console session (as its Download button does). */
  async function invoicePdf(orderId: number): Promise<Buffer> {
    const base64 = await admin.page.evaluate(async (url) => {
      const session = JSON.parse(sessionStorage.getItem('mawingu.console') ?? 'null') as { token: string };
      const res = await fetch(url, { headers: { authorization: `Bearer ${session.token}` } });
      if (!res.headers.get('content-type')?.includes('application/pdf')) throw new Error(`no PDF: ${res.status}`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      return btoa(binary);
    }, `/api/admin/companies/${companyId}/orders/${orderId}/invoice/pdf`);
    return Buffer.from(base64, 'base64');
  }
  /** Settings › eTIMS, one view, reloaded until the document's row says `text` (the jobs run in the background). */
  async function listShows(page: Page, view: 'Awaiting or refused' | 'Signed', serial: string, text: string): Promise<Locator> {
    const row = rowOf(page, serial);
    await expect
      .poll(
        async () => {
          await page.goto(consoleUrl(`c/${companyId}/settings?tab=etims`));
          await page
            .locator('label')
            .filter({ hasText: new RegExp(`^${view}$`) })
            .click();
          await visible(page.getByText(view === 'Signed' ? /signed|KE-/ : /KE-|Every document/).first());
          return (await row.count()) ? row.textContent() : '';
        },
        { timeout: 20_000, interval: 500 },
      )
      .toContain(text);
    return row;
  }
  const outage = (down: boolean) =>
    fetch(new URL('/control/outage', etimsUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ down }),
    }).then((r) => expect(r.status).toBe(200));
  const rowOf = (page: Page, serial: string) => page.getByTestId('etims-row').filter({ hasText: serial });

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await newPage(browser, DESKTOP);
    await signInToConsole(admin.page, port, ETIMS_ADMIN);
    await admin.page.goto(consoleUrl('c/0/orders'));
    companyId = await admin.page.evaluate(
      () => (JSON.parse(sessionStorage.getItem('mawingu.console') ?? 'null') as { operator: { companyId: number } }).operator.companyId,
    );
  });
  afterAll(async () => {
    await outage(false).catch(() => undefined);
    await admin?.context.close();
    await browser?.close();
  });

  it('an invoice issued before the device is initialised is signed once the admin initialises it, with signature and QR on its PDF', async () => {
    const { page } = admin;
    const orderId = await markPaid(ETIMS_ORDERS.first.reference);
    expect(pdfToText(await invoicePdf(orderId))).toContain('eTIMS pending: this document is awaiting its control unit signature from KRA.');

    await page.goto(consoleUrl(`c/${companyId}/settings?tab=entities`));
    await page.getByRole('button', { name: `Edit ${ETIMS_ENTITY}` }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText('Not initialised'));
    await dialog.getByRole('button', { name: 'Initialise device' }).click();
    await visible(page.getByText('The eTIMS device is initialised.'));

    // Queued when the device was initialised, and signed by the control unit.
    const row = await listShows(page, 'Signed', 'KE-1', 'Kamau Traders Ltd');
    expect(await row.textContent()).toContain('Signed');
    expect(await row.getByRole('button', { name: /Resubmit/ }).count()).toBe(0);

    const pdf = await invoicePdf(orderId);
    const text = pdfToText(pdf);
    for (const part of [
      `KRA PIN: ${ETIMS_SELLER_PIN}`,
      'KRA PIN: A123456789B',
      'KRA eTIMS',
      'CU serial number KRACU0',
      'CU invoice number KRACU0',
      'Receipt number 1/1',
    ])
      expect(text).toContain(part);
    const signature = /Receipt signature ([A-Z2-7]{16})/.exec(text)?.[1];
    expect(signature, text).toBeDefined();
    // The QR code is KRA's verification link of this receipt (the fake's OSCU counts as the sandbox).
    const url = etimsReceiptUrl({ baseUrl: etimsUrl, tin: ETIMS_SELLER_PIN, bhfId: '00' }, signature!);
    expect(url).toBe(`https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=${ETIMS_SELLER_PIN}00${signature}`);
    expect(pdfHasQrOf(pdf, url)).toBe(true);
  });

  it('while eTIMS is out the next invoice shows pending with the reason; once it is back, Resubmit signs it', async () => {
    const { page } = admin;
    await outage(true);
    await markPaid(ETIMS_ORDERS.second.reference);
    // The job's first try keeps why it could not be sent.
    const row = await listShows(page, 'Awaiting or refused', 'KE-2', 'eTIMS could not be reached');
    expect(await row.textContent()).toContain('Pending');
    await screenshot(page, 'console-etims-pending-desktop');
    await expectAccessible(page);

    const phone = await newPage(browser, PHONE);
    try {
      await signInToConsole(phone.page, port, ETIMS_ADMIN);
      await phone.page.goto(consoleUrl(`c/${companyId}/settings?tab=etims`));
      await visible(rowOf(phone.page, 'KE-2'));
      await screenshot(phone.page, 'console-etims-pending-phone');
      await expectAccessible(phone.page);
    } finally {
      await phone.context.close();
    }

    await outage(false);
    await row.getByRole('button', { name: 'Resubmit KE-2 to eTIMS' }).click();
    await visible(page.getByText('KE-2 is signed by eTIMS.'));
    await expect.poll(() => row.count()).toBe(0);
    await listShows(page, 'Signed', 'KE-2', 'Signed');
    await screenshot(page, 'console-etims-signed-desktop');
    await expectAccessible(page);
  });
});
