import type { InvoiceBuyer, InvoiceSeller } from '@mawingu/contracts/invoices';
import { invoiceDate, money, percent } from '../invoices/invoice-format.ts';
import type { InvoiceLogo } from '../invoices/invoice-logo.ts';
import {
  BAND,
  CONTENT,
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
} from '../invoices/pdf-layout.ts';
import { taxNumberLabel } from '../invoices/tax-form.ts';
import { drawEtimsBlock, type EtimsPrint } from '../etims/etims-pdf.ts';

/** What a credit note prints (VAT Act s21(3)): everything is as issued, copied from the invoice and the note. */
export type CreditNoteDocument = {
  serialNumber: string;
  issuedAt: Date;
  reason: string;
  currency: string;
  amountExclVat: string;
  vat: string;
  total: string;
  vatPercent: string;
  invoiceSerialNumber: string;
  invoiceIssuedAt: Date;
  orderId: number;
  /** What was credited: the product (and VM) the invoice was for. */
  description: string;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  /** Against a test transaction's proforma: not a tax document. */
  proforma: boolean;
  /** How the money went back ("PayPal: USD 10.00, completed"), or null when none was refunded. */
  refund: string | null;
};

/**
 * Renders a credit note as an A4 PDF in the invoice's typefaces and colours: the words "Credit
 * Note", the supplier and recipient as on the invoice, its number and date, the original invoice's
 * number and date, the reason, the amount excluding VAT, the VAT and the total credited. `copy`
 * marks any but the mailed original "COPY" (VAT Act s21(4), docs/decisions/0115).
 */
export function renderCreditNotePdf(
  note: CreditNoteDocument,
  options: { logo: InvoiceLogo | null; accent?: string; copy: boolean; etims?: EtimsPrint | null },
): Promise<Buffer> {
  const copied = options.copy ? ' (Copy)' : '';
  const { seller: co, buyer } = note;
  const accent = accentOf(options.accent);
  const dated = (d: Date) => invoiceDate(d, co.timeZone);
  const cur = note.currency;
  const taxLabel = taxNumberLabel(co);
  const { doc, done } = openDocument({
    info: { Title: clean(`Credit Note ${note.serialNumber}${copied} - ${co.companyName}`), Author: clean(co.companyName) },
  });

  const pen = penOf(doc);
  const { font, write, height, rule } = pen;

  // Header, left: the logo or the name, then the supplier as on the invoice.
  const leftWidth = SELLER_WIDTH;
  const left = drawSeller(doc, pen, co, { logo: options.logo, accent, taxLabel }, MARGIN);

  // Header, right: the title, the note's number and date, and the invoice it credits.
  const metaLeft = MARGIN + leftWidth + 30;
  const metaWidth = RIGHT - metaLeft;
  let right = MARGIN;
  font(true, 26, accent);
  write('Credit Note', MARGIN + 200, right, { width: RIGHT - MARGIN - 200, align: 'right' });
  right += 38;
  const meta: [string, string][] = [
    ['Credit Note No.', clean(note.serialNumber)],
    ['Date', dated(note.issuedAt)],
    ['Original invoice', clean(note.invoiceSerialNumber)],
    ['Invoice date', dated(note.invoiceIssuedAt)],
    ['Order ID', String(note.orderId)],
  ];
  right = drawMeta(pen, meta, metaLeft, right, 100);
  if (note.proforma) {
    font(false, 8, MUTED);
    write('Test transaction: not a tax document.', metaLeft, right + 2, { width: metaWidth, align: 'right' });
    right += 14;
  }
  if (options.copy) {
    drawStamp(doc, pen, 'COPY', accent, RIGHT, right);
    right += 22;
  }
  let y = Math.max(left, right) + 16;
  rule(y, accent, 1.5);
  y += 16;

  // The recipient as on the invoice, and the reason.
  const colWidth = (CONTENT - 30) / 2;
  const reasonLeft = MARGIN + colWidth + 30;
  font(true, 8, MUTED);
  write('CREDITED TO', MARGIN, y, { width: colWidth });
  write('REASON', reasonLeft, y, { width: colWidth });
  let by = y + 14;
  const buyerName = clean(`${buyer.firstName} ${buyer.lastName}`);
  const buyerTax = buyerTaxNumber(co, buyer);
  font(true, 10);
  write(buyerName, MARGIN, by, { width: colWidth });
  by += height(buyerName, colWidth) + 2;
  font(false, 9);
  for (const text of [
    clean(buyer.companyName),
    clean(buyer.address),
    clean(buyer.emailId),
    buyerTax ? `${taxLabel}: ${clean(buyerTax)}` : '',
  ].filter(Boolean)) {
    write(text, MARGIN, by, { width: colWidth });
    by += height(text, colWidth) + 2;
  }
  const reason = clean(note.reason);
  font(false, 9.5);
  write(reason, reasonLeft, y + 14, { width: colWidth });
  y = Math.max(by, y + 14 + height(reason, colWidth)) + 20;

  // What is credited, then the amounts.
  doc.rect(MARGIN, y, CONTENT, 22).fill(BAND);
  font(true, 8.5, MUTED);
  write('DESCRIPTION', MARGIN + 10, y + 7, { width: 330 });
  write('AMOUNT EXCL. VAT', RIGHT - 150, y + 7, { width: 140, align: 'right' });
  y += 22;
  const description = clean(
    `Credit against ${note.proforma ? 'Proforma Invoice' : 'Tax Invoice'} ${note.invoiceSerialNumber}: ${note.description}`,
  );
  font(false, 9.5);
  write(description, MARGIN + 10, y + 7, { width: 330 });
  write(money(note.amountExclVat, cur), RIGHT - 150, y + 7, { width: 140, align: 'right' });
  y += height(description, 330) + 14;
  rule(y);
  y += 16;

  const totalsLeft = RIGHT - 230;
  const amounts: [string, string][] = [
    ['Amount excl. VAT', money(note.amountExclVat, cur)],
    [`VAT (${percent(note.vatPercent)})`, money(note.vat, cur)],
  ];
  y = drawTotals(pen, amounts, ['Total credited', money(note.total, cur)], totalsLeft, y) + 30;
  font(true, 8, MUTED);
  write('REFUND', MARGIN, y, { width: CONTENT });
  y += 14;
  font(false, 9);
  write(clean(note.refund ?? 'No refund: the amount is credited to your account.'), MARGIN, y, { width: CONTENT });
  // A Kenyan credit note: eTIMS's stamp, naming the original invoice at KRA (ADR 0121).
  if (options.etims) drawEtimsBlock(doc, options.etims, MARGIN, y + 30, CONTENT);

  // Footer.
  const footerTop = PAGE.height - 64;
  doc.page.margins.bottom = 0;
  rule(footerTop);
  font(false, 8, MUTED);
  write(contactLine(co), MARGIN, footerTop + 10, {
    width: CONTENT - 190,
    lineBreak: false,
    ellipsis: true,
  });
  write(`Credit Note ${clean(note.serialNumber)}${copied}`, RIGHT - 180, footerTop + 10, { width: 180, align: 'right', lineBreak: false });
  doc.end();
  return done;
}
