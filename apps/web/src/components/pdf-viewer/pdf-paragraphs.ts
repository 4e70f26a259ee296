/** What this needs of pdf.js's text items. */
export type TextItem = { str: string; hasEOL: boolean; transform: number[]; height: number };

/** A paragraph of the text version and the height of its largest text (headings are larger than the body). */
export type PdfParagraph = { text: string; height: number };

/**
 * A page's text as paragraphs: lines end where pdf.js marks an end of line; a paragraph ends where
 * the gap to the next line is clearly wider than the line's height (a blank line in the PDF) or the
 * text size changes (a heading and its body).
 */
export function paragraphsOf(items: TextItem[]): PdfParagraph[] {
  const paragraphs: PdfParagraph[] = [];
  let current = '';
  let height = 0;
  let line = '';
  let lastY: number | null = null;
  let lastHeight = 0;
  const endLine = () => {
    const text = line.replace(/\s+/g, ' ').trim();
    if (text) current = current ? `${current} ${text}` : text;
    line = '';
  };
  const endParagraph = () => {
    endLine();
    if (current) paragraphs.push({ text: current, height });
    current = '';
    height = 0;
  };
  for (const item of items) {
    const y = item.transform[5] ?? 0;
    const words = item.str.trim() !== '';
    if (words && lastY !== null && line === '') {
      const gap = lastY - y > Math.max(lastHeight, item.height) * 1.6;
      const resized = Math.abs(item.height - lastHeight) > lastHeight * 0.1;
      if (gap || resized) endParagraph();
    }
    line += item.str;
    if (words) {
      lastY = y;
      lastHeight = item.height;
      height = Math.max(height, item.height);
    }
    if (item.hasEOL) endLine();
  }
  endParagraph();
  return paragraphs;
}

/** The body's text height: the one most of the document's characters are set in. */
export function bodyHeightOf(pages: PdfParagraph[][]): number {
  const chars = new Map<number, number>();
  for (const p of pages.flat()) chars.set(Math.round(p.height), (chars.get(Math.round(p.height)) ?? 0) + p.text.length);
  return [...chars.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}
