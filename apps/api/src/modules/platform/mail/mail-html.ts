import type { Language } from '@mawingu/contracts/languages';
import type { MailTextKey } from '@mawingu/contracts/mail-texts';

/**
 * A customer mail's words as its domain writes them. An editable one (packages/contracts/src/mail-texts.ts)
 * carries its key and values, so delivery can put the company's own text in its place.
 */
export type MailContent = {
  subject: string;
  text: string;
  html: string;
  language?: Language;
  template?: { key: MailTextKey; vars: Record<string, string> };
};

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/**
 * The frame of every mail's HTML: its language declared (mail programs pick fonts and line breaks
 * by it), a font list with Korean faces after the Latin ones, and Korean lines broken between
 * words, not inside them.
 */
export function mailHtml(language: Language, parts: string[]): string {
  const koreanBreaks = language === 'ko' ? ';word-break:keep-all' : '';
  return [
    `<div lang="${language}" style="font-family:Arial,Helvetica,'Apple SD Gothic Neo','Malgun Gothic','Noto Sans KR',sans-serif;font-size:15px;line-height:1.5;color:#1f2933${koreanBreaks}">`,
    ...parts,
    '</div>',
  ].join('');
}

/** Plain lines as the HTML's paragraphs. */
export const paragraphs = (lines: string[]) => lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`);
