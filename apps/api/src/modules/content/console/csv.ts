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
