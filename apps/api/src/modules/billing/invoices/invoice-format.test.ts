import { describe, expect, it } from 'vitest';
import { amount, invoiceDate, money, percent, purchaseType } from './invoice-format.ts';
import { logoOf } from './invoice-logo.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { pdfText } from './pdf-text.ts';
import { parseSvgLogo } from './svg-logo.ts';
import { readPdf } from './invoices.test-helper.ts';
import { PNG, sampleInvoice as sample } from '../../../../test/sample-invoice.ts';

describe('invoice formats', () => {
  it('writes dates as DD MMM, YYYY on the Johannesburg calendar', () => {
    expect(invoiceDate('2026-11-24T10:00:00Z')).toBe('24 Nov, 2026');
    expect(invoiceDate('2026-09-04T08:00:00Z')).toBe('04 Sep, 2026');
    // 23:30 UTC is already the next day in South Africa.
    expect(invoiceDate('2026-12-31T23:30:00Z')).toBe('01 Jan, 2027');
    expect(invoiceDate('nonsense')).toBe('');
    // A Kenyan entity's day: 21:30 UTC is still 31 December in Johannesburg, already 1 January in Nairobi.
    expect(invoiceDate('2026-12-31T21:30:00Z', 'Africa/Johannesburg')).toBe('31 Dec, 2026');
    expect(invoiceDate('2026-12-31T21:30:00Z', 'Africa/Nairobi')).toBe('01 Jan, 2027');
  });

  it('writes money like the marketplace, to the cent, and percentages without trailing zeros', () => {
    expect(money('2522.25', 'ZAR')).toBe('R2,522.25');
    expect(money('1234567.5', 'kes')).toBe('KES 1,234,567.50');
    expect(money('0', 'ZAR')).toBe('R0.00');
    expect(amount('0.005')).toBe('0.01');
    expect(percent('15.00')).toBe('15%');
    expect(percent('16.50')).toBe('16.5%');
    expect(percent('0')).toBe('0%');
  });

  it('names purchase kinds as the history shows them', () => {
    expect([1, 2, 3, 4, 5].map((k) => purchaseType(k, false))).toEqual([
      'VM Purchase',
      'VM Clone',
      'VM Renew',
      'VM Update',
      'VM Multiple Renew',
    ]);
    expect(purchaseType(2, true)).toBe('VM Snapshot');
  });

  it('keeps every text one embedded typeface draws whole (Latin of every language, Korean, Cyrillic, Greek); the rest plain or "?"', () => {
    expect(pdfText('Café Zoë – “R” €5')).toBe('Café Zoë – “R” €5');
    expect(pdfText('서울 김민준 Москва')).toBe('서울 김민준 Москва');
    // Latin Extended-A and Greek tonos: Noto Sans KR lacks them, Noto Sans draws the whole text.
    expect(pdfText('Łódź\tŠkoda ñ')).toBe('Łódź Škoda ñ');
    expect(pdfText('Ελλάδα İstanbul Nguyễn')).toBe('Ελλάδα İstanbul Nguyễn');
    // Korean beside a letter only Noto Sans has: one face sets the text, so the letter loses its mark.
    expect(pdfText('김 Dvořák')).toBe('김 Dvorák');
    // Thai is in neither face: a question mark, not an empty box.
    expect(pdfText('กรุงเทพ')).toBe('???????');
  });
});

describe('company logos', () => {
  it('reads PNG and JPEG by their bytes, simple SVG as shapes, and refuses anything else', () => {
    expect(logoOf(PNG)?.kind).toBe('raster');
    expect(logoOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))?.kind).toBe('raster');
    expect(logoOf(Buffer.from('<svg viewBox="0 0 10 10"><rect width="10" height="10" fill="#f00"/></svg>'))?.kind).toBe('svg');
    expect(logoOf(Buffer.from('GIF89a'))).toBeNull();
    expect(parseSvgLogo('<svg viewBox="0 0 10 10"><g transform="scale(2)"><rect width="1" height="1"/></g></svg>')).toBeNull();
    expect(parseSvgLogo('<svg viewBox="0 0 10 10"><image href="x.png"/></svg>')).toBeNull();
    expect(parseSvgLogo('<svg viewBox="0 0 10 10"></svg>')).toBeNull();
  });

  it('puts a PNG logo on the invoice; without a logo the name stands in large type; KES in its code', async () => {
    const withPng = await renderInvoicePdf(sample(), { logo: logoOf(PNG) });
    const plain = await renderInvoicePdf(sample({ arrears: '0.00' }), { logo: null, accent: 'not-a-colour' });
    expect(withPng.includes(Buffer.from('/Subtype /Image'))).toBe(true);
    expect(plain.includes(Buffer.from('/Subtype /Image'))).toBe(false);
    const { text } = await readPdf(plain);
    expect(text).toContain('Łódź Hosting');
    expect(text).toContain('KES 5,916.00');
    expect(text).toContain('VAT (16%)');
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('PAID');
  });

  it('prints a Korean customer and company as written, in the embedded typeface (no "?")', async () => {
    const data = sample();
    data.userDetails = {
      ...data.userDetails,
      firstName: '민준',
      lastName: '김',
      companyName: '서울 클라우드 주식회사',
      address: '서울특별시 강남구 테헤란로 1',
    };
    const pdf = await renderInvoicePdf(data, { logo: null });
    const { text } = await readPdf(pdf);
    expect(text).toContain('민준 김');
    expect(text).toContain('서울 클라우드 주식회사');
    expect(text).toContain('테헤란로');
    expect(text).not.toMatch(/\?[^ ]*김|민준 \?/);
    // Embedded as a subset of the glyphs used: a few dozen kilobytes, not the 6 MB typeface.
    expect(pdf.includes(Buffer.from('/FontFile2'))).toBe(true);
    expect(pdf.length).toBeLessThan(150_000);
  });

  it('continues a long bill on further pages with the table header and footer again', async () => {
    const lines = Array.from({ length: 45 }, (_, i) => ({
      name: `vm-${i + 1} renewal for 30 days`,
      unit: 'VM',
      count: 1,
      amount: '100.00',
    }));
    const bytes = await renderInvoicePdf(sample({ lines, arrears: '12.40' }), { logo: null });
    const { text, pages, rightmost, pageWidth } = await readPdf(bytes);
    // Page 1 takes the header and the first rows, page 2 the rest; the totals follow where they fit.
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(text).toContain('vm-45 renewal');
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text.match(/DESCRIPTION QUANTITY AMOUNT/g)!.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain('Total KES 5,916.00');
    expect(rightmost).toBeLessThanOrEqual(pageWidth - 40);
  });
});
