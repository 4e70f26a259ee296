/**
 * Dates in one format everywhere (ARCHITECTURE, look and feel): "21 Nov 2026", optionally with the
 * time, in the visitor's language. English uses South African conventions (day before month).
 */
export const LOCALES: Record<string, string> = { en: 'en-ZA', ko: 'ko-KR' };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, withTime: boolean): Intl.DateTimeFormat {
  const locale = LOCALES[language] ?? language;
  const key = `${locale}:${withTime}`;
  let hit = formatters.get(key);
  if (!hit) {
    hit = new Intl.DateTimeFormat(locale, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });
    formatters.set(key, hit);
  }
  return hit;
}

/** An ISO instant as the visitor reads it; an unreadable value is shown as it came. */
export function formatDate(iso: string, language: string, options: { withTime?: boolean } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatter(language, options.withTime ?? false).format(date);
}
