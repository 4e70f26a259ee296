/**
 * The invoice uses PDF's standard Helvetica, whose WinAnsi encoding covers Latin-1 and a few
 * typographic marks. Anything else would print as garbage, so it is spelt without its accents
 * where that works ("Łódź" → "Lodz"), else shown as "?". Control characters become spaces.
 */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function encodable(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(ch);
}

const FALLBACKS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
  '\u2212': '-',
  '\u2010': '-',
  '\u2009': ' ',
  '\u202f': ' ',
};

function isControl(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}

export function pdfText(value: string): string {
  let out = '';
  for (const ch of value.normalize('NFC')) {
    if (encodable(ch)) out += ch;
    else if (isControl(ch)) out += ' ';
    else if (FALLBACKS[ch] !== undefined) out += FALLBACKS[ch];
    else {
      const plain = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += plain !== '' && [...plain].every(encodable) ? plain : '?';
    }
  }
  return out;
}
