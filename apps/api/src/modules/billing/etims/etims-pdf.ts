import type PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Db } from '../../../db/client.ts';
import { fontFor } from '../invoices/pdf-fonts.ts';
import { etimsStampOf, type EtimsStamp } from './receipt-of.ts';

type Doc = InstanceType<typeof PDFDocument>;

/** What a Kenyan invoice or credit note prints of eTIMS: the stamp, and once signed the QR code as a PNG. */
export type EtimsPrint = { stamp: EtimsStamp; qr: Buffer | null };

export const PENDING_PRINT: EtimsPrint = { stamp: { status: 'pending' }, qr: null };

/** The print of a document, read outside any transaction; null when the document does not go to eTIMS. */
export async function etimsPrintOf(db: Db, invoiceId: number, creditNoteId?: number): Promise<EtimsPrint | null> {
  const stamp = await etimsStampOf(db, invoiceId, creditNoteId);
  if (!stamp) return null;
  const qr =
    stamp.status === 'signed' ? await QRCode.toBuffer(stamp.qrUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 4 }) : null;
  return { stamp, qr };
}

const INK = '#1a2b4a';
const MUTED = '#5c6f8a';
const RULE = '#d9e0ea';
export const ETIMS_BLOCK_HEIGHT = 118;

/**
 * Draws the eTIMS block at `y` across `width` and returns where it ends: while KRA has not signed
 * the document, "eTIMS: pending"; once signed, the control unit's details (KRA's receipt fields)
 * beside the QR code of KRA's verification link.
 */
export function drawEtimsBlock(doc: Doc, print: EtimsPrint, x: number, y: number, width: number): number {
  const write = (text: string, at: number, top: number, w: number, bold = false, size = 8.5, color = INK) =>
    doc.fontSize(size).fillColor(color, 1).font(fontFor(text, bold)).text(text, at, top, { width: w });
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
  y += 10;
  write('KRA eTIMS', x, y, 200, true, 8, MUTED);
  y += 14;
  const { stamp } = print;
  if (stamp.status !== 'signed') {
    write(
      stamp.status === 'refused'
        ? 'eTIMS pending: KRA has not accepted this document yet; it will be submitted again.'
        : 'eTIMS pending: this document is awaiting its control unit signature from KRA.',
      x,
      y,
      width,
    );
    return y + 24;
  }
  const rows: [string, string][] = [
    ['CU serial number', stamp.sdcId],
    ['CU invoice number', `${stamp.sdcId}/${stamp.rcptNo}`],
    ['Receipt number', `${stamp.rcptNo}/${stamp.totRcptNo}`],
    ['MRC number', stamp.mrcNo],
    ['Internal data', stamp.intrlData],
    ['Receipt signature', stamp.rcptSign],
    ['Signed', stamp.signedAt],
  ];
  const textWidth = width - 110;
  let ry = y;
  for (const [label, value] of rows) {
    write(label, x, ry, 110, false, 8.5, MUTED);
    write(value, x + 110, ry, textWidth - 110);
    ry += 12;
  }
  if (print.qr) doc.image(print.qr, x + width - 92, y - 4, { width: 92, height: 92 });
  return Math.max(ry, y + 92) + 6;
}
