import PDFDocument from 'pdfkit';
import type { InvoiceBuyer, InvoiceSeller } from '@mawingu/contracts/invoices';
import type { InvoiceLogo } from './invoice-logo.ts';
import { fontFor, registerInvoiceFonts } from './pdf-fonts.ts';
import { pdfText } from './pdf-text.ts';
import { drawSvgLogo } from './svg-logo.ts';

export type Doc = InstanceType<typeof PDFDocument>;

/** The A4 page, margins and colours every billing document shares (invoice, credit note). */
export const PAGE = { width: 595.28, height: 841.89 };
export const MARGIN = 48;
export const RIGHT = PAGE.width - MARGIN;
export const CONTENT = RIGHT - MARGIN;
export const INK = '#1a2b4a';
export const MUTED = '#5c6f8a';
export const RULE = '#d9e0ea';
export const BAND = '#f1f4f8';
/** Any one field is cut here: enough for every real value, and the layout stays a document. */
const MAX_FIELD = 600;

/** A value as the PDF can print it (pdf-text.ts), cut at MAX_FIELD with an ellipsis. */
export const clean = (value: string | null | undefined) => {
  const text = pdfText((value ?? '').trim());
  return text.length > MAX_FIELD ? `${text.slice(0, MAX_FIELD - 1)}…` : text;
};

/** The brand colour when it is one (#rrggbb), else a neutral blue. */
export const accentOf = (accent: string | undefined) => (accent && /^#[0-9a-f]{6}$/i.test(accent) ? accent : '#1c6dd0');

/**
 * A new A4 billing document in the invoice's typefaces (`info` and any further pdfkit options its
 * own), and its bytes once it ends.
 */
export function openDocument(options: PDFKit.PDFDocumentOptions & { info: PDFKit.DocumentInfo }): { doc: Doc; done: Promise<Buffer> } {
  const doc: Doc = new PDFDocument({ size: 'A4', margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 40 }, ...options });
  registerInvoiceFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/**
 * Drawing helpers bound to one document. The weight set last decides the face each text is set in
 * (pdf-fonts.ts: Latin or Korean, regular or bold).
 */
export function penOf(doc: Doc) {
  let bold = false;
  return {
    font(isBold: boolean, size: number, color = INK) {
      bold = isBold;
      return doc.fontSize(size).fillColor(color, 1);
    },
    write: (text: string, x: number, at: number, options: PDFKit.Mixins.TextOptions) =>
      doc.font(fontFor(text, bold)).text(text, x, at, options),
    height: (text: string, width: number) => doc.font(fontFor(text, bold)).heightOfString(text || ' ', { width }),
    rule: (at: number, color = RULE, width = 0.75, from = MARGIN, to = RIGHT) =>
      doc.moveTo(from, at).lineTo(to, at).lineWidth(width).strokeColor(color).stroke(),
  };
}
export type Pen = ReturnType<typeof penOf>;

/** Width of the seller's block at the top left; the document's numbers stand to its right. */
export const SELLER_WIDTH = 270;

/**
 * The seller at the top left, as on every document it issues: its logo (or its name in large type
 * in the brand colour), then name, address, tax number, phone, e-mail and site. Returns where the
 * block ends.
 */
export function drawSeller(
  doc: Doc,
  pen: Pen,
  seller: InvoiceSeller,
  options: { logo: InvoiceLogo | null; accent: string; taxLabel: string },
  top: number,
): number {
  let y = top;
  let drewLogo = false;
  if (options.logo?.kind === 'raster') {
    try {
      // openImage is pdfkit's (typed in neither @types/pdfkit nor the docs' examples): it reads the size.
      const image = (doc as unknown as { openImage(src: Buffer): { width: number; height: number } }).openImage(options.logo.bytes);
      const scale = Math.min(180 / image.width, 56 / image.height, 1);
      doc.image(options.logo.bytes, MARGIN, y, { width: image.width * scale, height: image.height * scale });
      y += image.height * scale + 10;
      drewLogo = true;
    } catch {
      drewLogo = false; // Unreadable image: the name is shown instead.
    }
  } else if (options.logo?.kind === 'svg') {
    y += drawSvgLogo(doc, options.logo.logo, MARGIN, y, 180, 56).height + 10;
    drewLogo = true;
  }
  const name = clean(seller.companyName);
  pen.font(true, drewLogo ? 11 : 18, drewLogo ? INK : options.accent);
  pen.write(name, MARGIN, y, { width: SELLER_WIDTH });
  y += pen.height(name, SELLER_WIDTH) + 3;
  pen.font(false, 8.5, MUTED);
  const place = [seller.city, seller.postalCode, seller.country].map(clean).filter(Boolean).join(', ');
  const lines = [
    clean(seller.officeAddress),
    place,
    seller.companyVATNumber.trim() ? `${options.taxLabel}: ${clean(seller.companyVATNumber)}` : '',
    seller.contactNo.trim() ? `Tel: ${clean(seller.contactNo)}` : '',
    clean(seller.emailID),
    clean(seller.websiteURL),
  ].filter(Boolean);
  for (const text of lines) {
    pen.write(text, MARGIN, y, { width: SELLER_WIDTH });
    y += pen.height(text, SELLER_WIDTH) + 1.5;
  }
  return y;
}

/**
 * A framed stamp ("PAID", "COPY") whose right edge is at `right`, its top at `top`. Returns its
 * width, so stamps can stand side by side from the right.
 */
export function drawStamp(doc: Doc, pen: Pen, stamp: string, color: string, right: number, top: number): number {
  pen.font(true, 9, color);
  const width = doc.font(fontFor(stamp, true)).widthOfString(stamp) + 16;
  doc
    .roundedRect(right - width, top + 2, width, 16, 3)
    .lineWidth(1)
    .strokeColor(color)
    .stroke();
  pen.write(stamp, right - width, top + 6.5, { width, align: 'center' });
  return width;
}

/**
 * The document's numbers and dates at the top right: a muted label `labelWidth` wide, its value
 * in bold to the right edge, a row each. Returns where they end.
 */
export function drawMeta(pen: Pen, rows: [string, string][], left: number, top: number, labelWidth: number): number {
  let y = top;
  for (const [label, value] of rows) {
    pen.font(false, 9, MUTED);
    pen.write(label, left, y, { width: labelWidth });
    pen.font(true, 9);
    pen.write(value, left + labelWidth, y, { width: RIGHT - left - labelWidth, align: 'right' });
    y += 15;
  }
  return y;
}

/**
 * The amounts on the right (a muted label, the value aligned right), a rule, then the total in
 * bold. Returns the top of the total's line.
 */
export function drawTotals(
  pen: Pen,
  rows: readonly (readonly [string, string])[],
  total: [string, string],
  left: number,
  top: number,
): number {
  let y = top;
  for (const [label, value] of rows) {
    pen.font(false, 9.5, MUTED);
    pen.write(label, left, y, { width: 120 });
    pen.font(false, 9.5, INK);
    pen.write(value, left + 110, y, { width: 120, align: 'right' });
    y += 17;
  }
  pen.rule(y, INK, 1, left, RIGHT);
  y += 8;
  pen.font(true, 12);
  pen.write(total[0], left, y, { width: 120 });
  pen.write(total[1], left + 90, y, { width: 140, align: 'right' });
  return y;
}

/** The buyer's tax number as the seller's country names it: the KRA PIN in Kenya, the VAT number elsewhere. */
export const buyerTaxNumber = (seller: InvoiceSeller, buyer: InvoiceBuyer) =>
  (seller.taxCountry === 'KE' ? (buyer.kraPin ?? '') : buyer.vatNumber).trim();

/** The seller's name, site and phone in one footer line. */
export const contactLine = (seller: InvoiceSeller) =>
  [clean(seller.companyName), clean(seller.websiteURL), clean(seller.contactNo)].filter(Boolean).join('  ·  ');
