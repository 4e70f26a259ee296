import { describe, expect, it } from 'vitest';
import { bodyHeightOf, paragraphsOf, type TextItem } from './pdf-paragraphs.ts';

/** A line of text at baseline y in a font of the given height, as pdf.js gives it (with its end of line). */
const line = (str: string, y: number, height = 11): TextItem[] => [
  { str, hasEOL: false, transform: [1, 0, 0, 1, 56, y], height },
  { str: '', hasEOL: true, transform: [1, 0, 0, 1, 56, y], height: 0 },
];

describe('the text version of a PDF page', () => {
  it('joins wrapped lines, and starts a new paragraph at a blank line or where the text size changes', () => {
    const items = [
      ...line('Terms and Conditions of Service', 760, 16),
      ...line('1. Service levels', 720, 13),
      ...line('We target 99% uptime for every', 700),
      ...line('virtual machine.', 686),
      // A blank line's gap, same size: a new paragraph.
      ...line('Support is available during business hours.', 650),
    ];
    expect(paragraphsOf(items)).toEqual([
      { text: 'Terms and Conditions of Service', height: 16 },
      { text: '1. Service levels', height: 13 },
      { text: 'We target 99% uptime for every virtual machine.', height: 11 },
      { text: 'Support is available during business hours.', height: 11 },
    ]);
  });

  it('takes the size most characters are set in as the body (headings are larger)', () => {
    const pages = [paragraphsOf([...line('Heading', 760, 16), ...line('A long body paragraph of the document.', 730)])];
    expect(bodyHeightOf(pages)).toBe(11);
  });
});
