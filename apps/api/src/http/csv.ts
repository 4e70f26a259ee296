import type { FastifyReply } from 'fastify';

/**
 * One CSV field (RFC 4180): always quoted, quotes doubled. A value a spreadsheet would read as a
 * formula (starting with =, +, -, @, or a tab or carriage return that hides such a start) gets a
 * leading apostrophe, so opening the export never runs anything (OWASP "CSV injection").
 */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * A whole CSV document: header and rows, CRLF line ends, with a UTF-8 byte order mark so a
 * spreadsheet opens non-ASCII addresses correctly.
 */
export function csvDocument(header: string[], rows: (string | number | null)[][]): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A CSV export as it is sent: a download the browser saves, never cached on the way. */
export function sendCsv(res: FastifyReply, file: { filename: string; body: string }) {
  return res
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}

/** "orders-acme-2026-11-28.csv": what, whose (the company's slug) and when. */
export function csvFilename(what: string, slug: string | undefined, now = new Date()): string {
  const safe = (slug ?? 'all').replace(/[^a-z0-9-]/gi, '-');
  return `${what}-${safe}-${now.toISOString().slice(0, 10)}.csv`;
}
