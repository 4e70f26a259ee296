import { printable } from './pdf-fonts.ts';

/**
 * Text as the invoice prints it: composed (NFC), control characters as spaces, and a character the
 * typeface has no glyph for spelt without its accents where that works, else shown as "?" — a box
 * would hide that something is missing.
 */
function isControl(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}

/** Letters NFKD does not take apart, spelt as their plain twin when the typeface lacks them. */
const FALLBACKS: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i', '\u2212': '-', '\u2010': '-' };

const drawn = (text: string) => [...text].every((ch) => printable(ch.codePointAt(0)!));

export function pdfText(value: string): string {
  let out = '';
  for (const ch of value.normalize('NFC')) {
    if (isControl(ch)) out += ' ';
    else if (printable(ch.codePointAt(0)!)) out += ch;
    else if (FALLBACKS[ch] !== undefined) out += FALLBACKS[ch];
    else {
      const plain = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += plain !== '' && drawn(plain) ? plain : '?';
    }
  }
  return out;
}
