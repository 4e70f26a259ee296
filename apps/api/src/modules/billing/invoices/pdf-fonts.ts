import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import type PDFDocument from 'pdfkit';

/**
 * The invoice's typefaces (SIL Open Font License, from their npm packages), embedded by pdfkit as a
 * subset of the glyphs used (docs/decisions/0105, 0106). Noto Sans KR sets the invoice: Korean, Latin-1,
 * Cyrillic, Greek. A text it cannot draw whole but Noto Sans (every Latin script, Vietnamese, Greek,
 * Cyrillic) can — a Czech or Turkish name — is set in Noto Sans instead. Read once per process.
 */
const FACES = {
  korean: {
    regular: { name: 'NotoSansKR', file: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf' },
    bold: { name: 'NotoSansKR-Bold', file: '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf' },
  },
  latin: {
    regular: { name: 'NotoSans', file: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf' },
    bold: { name: 'NotoSans-Bold', file: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf' },
  },
} as const;
type Family = keyof typeof FACES;
type Weight = 'regular' | 'bold';

/** The face the invoice's own words (titles, labels, the watermark) are set in. */
export const BODY_FONT = FACES.korean.regular.name;
export const BOLD_FONT = FACES.korean.bold.name;

type Face = fontkit.Font;
type Loaded = Record<Family, Record<Weight, Face>>;
let loaded: Loaded | undefined;

function face(path: string): Face {
  const font = fontkit.create(readFileSync(createRequire(import.meta.url).resolve(path)));
  if (!('hasGlyphForCodePoint' in font)) throw new Error(`${path} is a font collection, not one face`);
  return font;
}

/** Parsed once: each document gets the parsed face (pdfkit takes a fontkit font as it is), not the file. */
function fonts(): Loaded {
  loaded ??= {
    korean: { regular: face(FACES.korean.regular.file), bold: face(FACES.korean.bold.file) },
    latin: { regular: face(FACES.latin.regular.file), bold: face(FACES.latin.bold.file) },
  };
  return loaded;
}

/** Registers the faces on a new document (pdfkit embeds only the glyphs a page uses). */
export function registerInvoiceFonts(doc: InstanceType<typeof PDFDocument>): void {
  const faces = fonts();
  for (const family of Object.keys(FACES) as Family[]) {
    for (const weight of ['regular', 'bold'] as const) {
      // pdfkit 0.20 accepts a parsed fontkit face (its PDFFontFactory checks for `layout`); @types/pdfkit lists only files.
      doc.registerFont(FACES[family][weight].name, faces[family][weight] as unknown as Buffer);
    }
  }
}

const drawsAll = (family: Family, text: string) =>
  [...text].every((ch) => fonts()[family].regular.hasGlyphForCodePoint(ch.codePointAt(0)!));

/** Whether one face draws the whole text, so it can be set without a missing glyph. */
export function drawable(text: string): boolean {
  return drawsAll('korean', text) || drawsAll('latin', text);
}

/** Whether the invoice's main face draws this character. */
export function inMainFace(codePoint: number): boolean {
  return fonts().korean.regular.hasGlyphForCodePoint(codePoint);
}

/** The registered font to set `text` in: the main face, or Noto Sans when only it draws the text whole. */
export function fontFor(text: string, bold: boolean): string {
  const family: Family = !drawsAll('korean', text) && drawsAll('latin', text) ? 'latin' : 'korean';
  return FACES[family][bold ? 'bold' : 'regular'].name;
}
