import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import type PDFDocument from 'pdfkit';

/**
 * The invoice's typeface: Noto Sans KR (SIL Open Font License, from its npm package), embedded by
 * pdfkit as a subset of the glyphs used, so every name prints — Latin with its accents, Korean,
 * Greek, Cyrillic — where PDF's standard Helvetica had only Latin-1 (docs/decisions/0105).
 * Read once per process, on the first invoice.
 */
const FILES = {
  regular: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
} as const;

/** The names the invoice's text is set in, once registered on a document. */
export const BODY_FONT = 'NotoSansKR';
export const BOLD_FONT = 'NotoSansKR-Bold';

type Loaded = { regular: Buffer; bold: Buffer; hasGlyph: (codePoint: number) => boolean };
let loaded: Loaded | undefined;

function fonts(): Loaded {
  if (!loaded) {
    const resolve = createRequire(import.meta.url).resolve;
    const regular = readFileSync(resolve(FILES.regular));
    const face = fontkit.create(regular);
    if (!('hasGlyphForCodePoint' in face)) throw new Error(`${FILES.regular} is a font collection, not one face`);
    loaded = { regular, bold: readFileSync(resolve(FILES.bold)), hasGlyph: (codePoint) => face.hasGlyphForCodePoint(codePoint) };
  }
  return loaded;
}

/** Registers the two weights on a new document (pdfkit embeds only what the page uses). */
export function registerInvoiceFonts(doc: InstanceType<typeof PDFDocument>): void {
  const { regular, bold } = fonts();
  doc.registerFont(BODY_FONT, regular);
  doc.registerFont(BOLD_FONT, bold);
}

/** Whether the invoice's typeface draws this character (else it would print as an empty box). */
export function printable(codePoint: number): boolean {
  return fonts().hasGlyph(codePoint);
}
