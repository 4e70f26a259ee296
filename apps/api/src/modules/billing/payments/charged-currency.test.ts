import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../../../test/test-app.ts';
import { queuedMails } from '../../../../test/queued-mails.ts';
import { signInOperator } from '../../../../test/operator-sign-in.ts';
import { companies } from '../../../db/schema.ts';
import { openWorld, type World } from './payments.test-helper.ts';

/**
 * Issue 16 point 2: a rand order paid through PayPal is charged in USD; the invoice (and its PDF),
 * the purchase history, the payment mail and the console's order show the USD amount and the rate
 * as recorded when the payment started, not as recomputed later.
 */
let w: World;
let buyer: Awaited<ReturnType<World['customer']>>;
beforeAll(async () => {
  w = await openWorld();
  buyer = await w.customer(w.ids.acme);
});
afterAll(() => w.close());

const queryOf = (location: string) => Object.fromEntries(new URL(location).searchParams);

/** The PDF's text as pdftotext reads it (layout kept, so a label and its value stay on one line). */
function pdfToText(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-'));
  const file = path.join(dir, 'invoice.pdf');
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function payWithPaypal(): Promise<number> {
  const orderId = await w.order(buyer, 'ubuntu', 'Paypal Payment');
  const data = (await w.start(buyer, orderId)).body.data;
  const back = await w.payRedirect(data.start.url, 'pay');
  const query = queryOf(back);
  expect(
    (await w.update(buyer, { token: query.token, PayerID: query.PayerID, paymentMode: 'Paypal Payment' })).body.data.transactionStatus,
  ).toBe('Complete');
  await w.expectPaidOnce(buyer, orderId);
  return orderId;
}

const historyRow = async (orderId: number) => {
  const res = await w.t.app.inject({ method: 'GET', url: '/api/virtualMachine/getPurchaseHistory', headers: w.as(buyer) });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { ID: number }[]).find((r) => r.ID === orderId) as Record<string, unknown>;
};

describe('a rand order paid through PayPal', () => {
  // 2,250.00 × 0.063 = 141.75; 337.50 × 0.063 = 21.26; 65.25 × 0.063 = 4.11: USD 158.90 for R2,522.25.
  const charged = { currencyCode: 'USD', amount: '158.90', rate: '0.063' };
  let orderId: number;
  beforeAll(async () => {
    orderId = await payWithPaypal();
  });

  it('keeps the rate on the attempt that charged it', async () => {
    const [attempt] = await w.attemptsOf(orderId);
    expect(attempt).toMatchObject({ amount: '158.90', currency: 'USD', exchangeRate: '0.063000', status: 'paid' });
  });

  it('shows the order in rand and the USD charge with its rate in the purchase history and the invoice', async () => {
    expect(await historyRow(orderId)).toMatchObject({ currencyCode: 'ZAR', totalCost: '2522.25', charged, paymentMode: 'Paypal Payment' });
    const row = await historyRow(orderId);
    const invoice = await post(w.t.app, 'invoice/generateInvoice', { token: row.invoiceToken }, w.as(buyer));
    expect(invoice.http).toBe(200);
    expect(invoice.body.data.invoiceDetail).toMatchObject({ currencyCode: 'ZAR', totalCost: '2522.25', charged });
  });

  it('prints the USD amount and the rate on the PDF, beside the rand total', async () => {
    const row = await historyRow(orderId);
    const res = await w.t.app.inject({ method: 'GET', url: `/api/invoice/pdf/${String(row.invoiceToken)}`, headers: w.as(buyer) });
    expect(res.statusCode).toBe(200);
    const text = pdfToText(res.rawPayload);
    expect(text).toMatch(/Total\s+R2,522\.25/);
    expect(text).toMatch(/Charged\s+USD 158\.90/);
    expect(text).toMatch(/Rate\s+1 ZAR = 0\.063 USD/);
  });

  it('says in the payment mail what PayPal charged for the rand total, and at which rate', async () => {
    const [mail] = (await queuedMails(w.t, buyer.email)).filter((m) => m.subject.startsWith(`Payment received for order ${orderId}:`));
    expect(mail?.subject).toBe(`Payment received for order ${orderId}: USD 158.90`);
    expect(mail?.text).toContain("Paypal Payment charged USD 158.90 for the order's total of ZAR 2522.25 (1 ZAR = 0.063 USD).");
  });

  it("shows the charge and the attempt's rate on the console's order", async () => {
    const operator = await signInOperator(w.t, 'admin', w.ids.acme);
    const res = await w.t.app.inject({
      method: 'GET',
      url: `/api/admin/companies/${w.ids.acme}/orders/${orderId}`,
      headers: operator.headers,
    });
    expect(res.statusCode).toBe(200);
    const detail = res.json().data;
    expect(detail).toMatchObject({ currency: 'ZAR', total: '2522.25', charged });
    expect(detail.attempts[0]).toMatchObject({ amount: '158.90', currency: 'USD', exchangeRate: '0.063' });
  });

  it('keeps what was charged when the company changes its rate later', async () => {
    await w.db.update(companies).set({ zarToUsdRate: '0.070000' }).where(eq(companies.id, w.ids.acme));
    expect((await historyRow(orderId)).charged).toEqual(charged);
    await w.db.update(companies).set({ zarToUsdRate: null }).where(eq(companies.id, w.ids.acme));
  });
});

describe('an order paid in its own currency', () => {
  it('has no charge in another currency anywhere', async () => {
    const orderId = await w.order(buyer);
    const data = (await w.start(buyer, orderId)).body.data;
    const back = await w.payForm(data.start, 'pay');
    await w.update(buyer, { TransactionReference: queryOf(back).ref, paymentMode: 'PayFast Payment' });
    await w.expectPaidOnce(buyer, orderId);
    const row = await historyRow(orderId);
    expect(row).toMatchObject({ currencyCode: 'ZAR', totalCost: '2522.25', charged: null });
    const res = await w.t.app.inject({ method: 'GET', url: `/api/invoice/pdf/${String(row.invoiceToken)}`, headers: w.as(buyer) });
    const text = pdfToText(res.rawPayload);
    expect(text).toMatch(/Total\s+R2,522\.25/);
    expect(text).not.toContain('Charged');
    expect(text).not.toContain('USD');
    expect((await w.attemptsOf(orderId))[0]?.exchangeRate).toBeNull();
  });
});
