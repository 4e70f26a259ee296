import type { ANSWER_ATTACHMENT_TYPES } from '@mawingu/contracts/admin/tickets';
import { sniffImageType } from '../../../http/sniff-image.ts';

export type AnswerAttachmentType = (typeof ANSWER_ATTACHMENT_TYPES)[number];

const PDF = Buffer.from('%PDF-');
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Plain text: valid UTF-8 without control characters other than tab, line feed, form feed and
 * carriage return (so no NUL: not a binary file with a .txt name). Empty files are not text.
 */
function isPlainText(bytes: Buffer): boolean {
  if (bytes.length === 0) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(bytes.subarray(0, 3).equals(UTF8_BOM) ? 3 : 0));
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

/**
 * What an operator's attachment is, read from its bytes (the name and the browser's declared type
 * are claims): an image the browser decodes (PNG, JPEG, GIF, WebP; not SVG, which can carry
 * script), a PDF, or plain UTF-8 text. Anything else (executables, archives, HTML with a .png name
 * that is not an image…) is null and refused. The customer downloads these files, so the server
 * stores and serves the sniffed type, never the claimed one.
 */
export function sniffAnswerAttachment(bytes: Buffer): AnswerAttachmentType | null {
  const image = sniffImageType(bytes);
  if (image) return image;
  if (bytes.subarray(0, PDF.length).equals(PDF)) return 'application/pdf';
  if (isPlainText(bytes)) return 'text/plain';
  return null;
}
