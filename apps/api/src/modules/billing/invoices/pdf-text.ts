import { drawable, inMainFace } from './pdf-fonts.ts';

/**
 * Text as the invoice prints it: composed (NFC), control characters as spaces. A text one of the
 * invoice's faces draws whole prints as written (pdf-fonts.ts picks the face); otherwise — Korean
 * beside a Czech letter, or a script neither face has — a character the main face lacks is spelt
 * without its accents where that works, else shown as "?": a box would hide that something is missing.
 */
function isControl(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}

/** Letters NFKD does not take apart, spelt as their plain twin when the face lacks them. */
const FALLBACKS: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i', '\u2212': '-', '\u2010': '-' };

const inMain = (text: string) => [...text].every((ch) => inMainFace(ch.codePointAt(0)!));

function spelt(ch: string): string {
  if (inMainFace(ch.codePointAt(0)!)) return ch;
  if (FALLBACKS[ch] !== undefined) return FALLBACKS[ch];
  const plain = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return plain !== '' && inMain(plain) ? plain : '?';
}

export function pdfText(value: string): string {
  const text = [...value.normalize('NFC')].map((ch) => (isControl(ch) ? ' ' : ch)).join('');
  return drawable(text) ? text : [...text].map(spelt).join('');
}
