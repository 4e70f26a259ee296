import type { InvoiceData } from '@mawingu/contracts/invoices';
import { rateLine } from '@mawingu/contracts/pricing/rate-text';
import { invoiceDate, money, percent } from './invoice-format.ts';
import type { InvoiceLogo } from './invoice-logo.ts';
import { BOLD_FONT } from './pdf-fonts.ts';
import {
  BAND,
  CONTENT,
  INK,
  MARGIN,
  MUTED,
  PAGE,
  RIGHT,
  SELLER_WIDTH,
  accentOf,
  buyerTaxNumber,
  clean,
  contactLine,
  drawMeta,
  drawSeller,
  drawStamp,
  drawTotals,
  openDocument,
  penOf,
} from './pdf-layout.ts';
import { documentTitle, taxNumberLabel } from './tax-form.ts';
import { ETIMS_BLOCK_HEIGHT, drawEtimsBlock, type EtimsPrint } from '../etims/etims-pdf.ts';

export type InvoicePdfOptions = {
  logo: InvoiceLogo | null;
  /** The company's brand colour (#rrggbb) for the title and rules; a neutral blue otherwise. */
  accent?: string;
  /** Not the original: the customer had it already, or the console reads it (ADR 0111). */
  copy?: boolean;
  /** A Kenyan entity's invoice: its eTIMS stamp ("pending", or the control unit's signature and QR; ADR 0121). */
  etims?: EtimsPrint | null;
};

const FOOTER_TOP = PAGE.height - 64;
const PAID = '#2f9e44';

/**
 * "Charged USD 35.18" and "Rate 1 ZAR = 0.063 USD" when the gateway took another currency, with
 * the VAT in the invoice's own currency beside them: SARS wants the rand VAT and the rate used.
 */
function chargedRows(inv: InvoiceData['invoiceDetail']): [string, string][] {
  if (!inv.charged) return [];
  const { currencyCode, amount, rate } = inv.charged;
  return [
    ['Charged', money(amount, currencyCode)],
    ...(rate === null ? [] : [['Rate', rateLine(inv.currencyCode, currencyCode, rate)] as [string, string]]),
    [`VAT in ${inv.currencyCode}`, `${money(inv.taxAmount, inv.currencyCode)} (${percent(inv.tax)})`],
  ];
}

/** Renders the invoice as an A4 PDF: company and customer, the frozen lines and totals, payment. */
export function renderInvoicePdf(data: InvoiceData, options: InvoicePdfOptions): Promise<Buffer> {
  const { invoiceDetail: inv, companyDetail: co, userDetails: user } = data;
  const proforma = inv.taxForm === 'proforma';
  const title = documentTitle(inv.taxForm);
  const taxLabel = taxNumberLabel(co);
  const copy = options.copy === true;
  const dated = (iso: string) => invoiceDate(iso, co.timeZone);
  const accent = accentOf(options.accent);
  const cur = inv.currencyCode;

  const { doc, done } = openDocument({
    bufferPages: true,
    autoFirstPage: false,
    info: {
      Title: clean(`${title} ${inv.serialNumber}${copy ? ' (Copy)' : ''} - ${co.companyName}`),
      Author: clean(co.companyName),
      Subject: `Order ${inv.orderID}`,
    },
  });

  // Behind everything else on every page: the diagonal PAID of a paid (non-test) invoice.
  doc.on('pageAdded', () => {
    if (proforma) return;
    doc.save();
    doc.rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
    doc.font(BOLD_FONT).fontSize(150).fillColor(PAID, 0.09);
    const w = doc.widthOfString('PAID');
    doc.text('PAID', PAGE.width / 2 - w / 2, PAGE.height / 2 - 60, { lineBreak: false });
    doc.restore();
  });
  doc.addPage();

  let y = MARGIN;
  const pen = penOf(doc);
  const { font, write, height, rule } = pen;
  /** Starts a new page when `needed` points do not fit above the footer. */
  const newPage = () => {
    doc.addPage();
    y = MARGIN;
  };
  const room = (needed: number) => {
    if (y + needed > FOOTER_TOP - 12) newPage();
  };

  // Header, left: the seller (logo or name, then its details).
  const leftWidth = SELLER_WIDTH;
  const left = drawSeller(doc, pen, co, { logo: options.logo, accent, taxLabel }, y);

  // Header, right: the title and the invoice's numbers and dates.
  const metaLeft = MARGIN + leftWidth + 30;
  const metaWidth = RIGHT - metaLeft;
  let right = y;
  // The title may reach left over the company block's width: a logo is at most 180 points wide.
  const titleLeft = MARGIN + 200;
  font(true, 26, accent);
  write(title, titleLeft, right, { width: RIGHT - titleLeft, align: 'right' });
  right += height(title, RIGHT - titleLeft) + 8;
  const meta: [string, string][] = [
    ['Invoice No.', clean(inv.serialNumber)],
    ['Order ID', String(inv.orderID)],
    ['Issue date', dated(inv.transactionDate)],
  ];
  if (inv.endDate) meta.push(['VM end date', dated(inv.endDate)]);
  right = drawMeta(pen, meta, metaLeft, right, 90);
  if (proforma) {
    font(false, 8, MUTED);
    const note = 'Test transaction: not a tax invoice.';
    write(note, metaLeft, right + 2, { width: metaWidth, align: 'right' });
    right += height(note, metaWidth) + 4;
  }
  // Stamps from the right: PAID on a paid invoice, COPY on any but the original.
  const stamps: [string, string][] = [
    ...(proforma ? [] : [['PAID', PAID] as [string, string]]),
    ...(copy ? [['COPY', accent] as [string, string]] : []),
  ];
  let stampRight = RIGHT;
  for (const [stamp, color] of stamps) stampRight -= drawStamp(doc, pen, stamp, color, stampRight, right) + 6;
  if (stamps.length > 0) right += 22;
  y = Math.max(left, right) + 16;
  rule(y, accent, 1.5);
  y += 16;

  // Billed to, and the service bought.
  const colWidth = (CONTENT - 30) / 2;
  const serviceLeft = MARGIN + colWidth + 30;
  const customerName = clean(`${user.firstName} ${user.lastName}`);
  // A full tax invoice names the recipient's address (s20(4)); a missing one is said, not hidden.
  const address = clean(user.address) || (inv.taxForm === 'full' ? 'Address: not on record' : '');
  // A Kenyan invoice names the buyer's KRA PIN; a South African one their VAT number.
  const buyerTax = buyerTaxNumber(co, user);
  const billed = [clean(user.companyName), address, clean(user.emailId), buyerTax ? `${taxLabel}: ${clean(buyerTax)}` : ''].filter(Boolean);
  const service: [string, string][] = [
    ...(inv.aliasName ? [['Alias', clean(inv.aliasName)] as [string, string]] : []),
    ...(inv.productName !== inv.vmName ? [['Product', clean(inv.productName)] as [string, string]] : []),
    ['Region', clean(inv.region)],
    // A snapshot has no period (0 days): it is kept until deleted.
    ['Validity', inv.validity > 0 ? `${inv.validity} ${inv.validity === 1 ? 'day' : 'days'}` : 'Until deleted'],
    ['Currency', clean(cur)],
  ];
  font(false, 9);
  const billedHeight = 16 + height(customerName, colWidth) + billed.reduce((h, t) => h + height(t, colWidth) + 2, 0);
  const vmName = clean(inv.vmName);
  const serviceHeight = 16 + height(vmName, colWidth) + service.reduce((h, [, v]) => h + height(v, colWidth - 70) + 4, 0) + 4;
  room(Math.max(billedHeight, serviceHeight));
  font(true, 8, MUTED);
  write('BILLED TO', MARGIN, y, { width: colWidth });
  write('SERVICE', serviceLeft, y, { width: colWidth });
  let by = y + 14;
  font(true, 10);
  write(customerName, MARGIN, by, { width: colWidth });
  by += height(customerName, colWidth) + 2;
  font(false, 9, INK);
  for (const text of billed) {
    write(text, MARGIN, by, { width: colWidth });
    by += height(text, colWidth) + 2;
  }
  let sy = y + 14;
  font(true, 10);
  write(vmName, serviceLeft, sy, { width: colWidth });
  sy += height(vmName, colWidth) + 4;
  for (const [label, value] of service) {
    font(false, 9, MUTED);
    write(label, serviceLeft, sy, { width: 70 });
    font(false, 9, INK);
    write(value, serviceLeft + 70, sy, { width: colWidth - 70 });
    sy += Math.max(14, height(value, colWidth - 70) + 4);
  }
  y = Math.max(by, sy) + 18;

  // The lines as the order froze them.
  const cols = { item: MARGIN + 10, size: MARGIN + 300, amount: RIGHT - 130 };
  const widths = { item: 280, size: 120, amount: 120 };
  const tableHeader = () => {
    doc.rect(MARGIN, y, CONTENT, 22).fill(BAND);
    font(true, 8.5, MUTED);
    write('DESCRIPTION', cols.item, y + 7, { width: widths.item });
    write('QUANTITY', cols.size, y + 7, { width: widths.size });
    write('AMOUNT', cols.amount, y + 7, { width: widths.amount, align: 'right' });
    y += 22;
  };
  room(22 + 24);
  tableHeader();
  for (const line of inv.lines) {
    const item = clean(line.name);
    const size = clean(`${line.count} ${line.unit}`);
    font(false, 9.5);
    const rowHeight = Math.max(height(item, widths.item), height(size, widths.size)) + 14;
    if (y + rowHeight > FOOTER_TOP - 12) {
      newPage();
      tableHeader();
    }
    write(item, cols.item, y + 7, { width: widths.item });
    write(size, cols.size, y + 7, { width: widths.size });
    write(money(line.amount, cur), cols.amount, y + 7, { width: widths.amount, align: 'right' });
    y += rowHeight;
    rule(y);
  }
  y += 16;

  // Totals on the right, payment on the left.
  const totals: [string, string][] = [
    ['Price excl. VAT', money(inv.cost, cur)],
    ['Discount', Number(inv.discount) > 0 ? `-${money(inv.discount, cur)}` : money(inv.discount, cur)],
    [`VAT (${percent(inv.tax)})`, money(inv.taxAmount, cur)],
  ];
  if (Number(inv.arrears) !== 0) totals.push(['Arrears', money(inv.arrears, cur)]);
  const totalsLeft = RIGHT - 230;
  const paymentWidth = totalsLeft - MARGIN - 30;
  const payment: [string, string][] = [
    ['Payment mode', clean(inv.paymentMode)],
    ['Transaction ID', clean(inv.transactionID)],
    // Charged in another currency (PayPal's USD): the amount and rate recorded when the payment started.
    ...chargedRows(inv),
  ];
  font(false, 9);
  const paymentHeight = 14 + payment.reduce((h, [, v]) => h + height(v, paymentWidth - 80) + 4, 0);
  room(Math.max(totals.length * 17 + 75, paymentHeight));
  const top = y;
  y = drawTotals(pen, totals, ['Total', money(inv.totalCost, cur)], totalsLeft, y) + 17;
  font(false, 8, MUTED);
  write(`Total includes VAT at ${percent(inv.tax)}`, totalsLeft, y, { width: RIGHT - totalsLeft, align: 'right' });
  y += 14;
  doc.rect(totalsLeft, y, RIGHT - totalsLeft, 20).fill(BAND);
  font(true, 9.5);
  write('Balance', totalsLeft + 6, y + 6, { width: 110 });
  write(money(inv.balance, cur), totalsLeft + 110, y + 6, { width: 114, align: 'right' });
  y += 20;

  let py = top;
  font(true, 8, MUTED);
  write('PAYMENT', MARGIN, py, { width: paymentWidth });
  py += 14;
  for (const [label, value] of payment) {
    font(false, 9, MUTED);
    write(label, MARGIN, py, { width: 80 });
    font(false, 9, INK);
    write(value, MARGIN + 80, py, { width: paymentWidth - 80 });
    py += height(value, paymentWidth - 80) + 4;
  }
  y = Math.max(y, py) + 24;
  if (options.etims) {
    room(ETIMS_BLOCK_HEIGHT);
    y = drawEtimsBlock(doc, options.etims, MARGIN, y, CONTENT);
  }

  // Footer on every page: thanks, who to contact, page numbers.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    rule(FOOTER_TOP);
    font(false, 8, MUTED);
    const contact = contactLine(co);
    write('Thank you for your business.', MARGIN, FOOTER_TOP + 10, { width: CONTENT - 190, lineBreak: false, ellipsis: true });
    write(contact, MARGIN, FOOTER_TOP + 22, { width: CONTENT - 190, height: 10, lineBreak: false, ellipsis: true });
    write(
      `${title} ${clean(inv.serialNumber)}${copy ? ' (Copy)' : ''}  ·  Page ${i - range.start + 1} of ${range.count}`,
      RIGHT - 180,
      FOOTER_TOP + 10,
      {
        width: 180,
        align: 'right',
      },
    );
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
