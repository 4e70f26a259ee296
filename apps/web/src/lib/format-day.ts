const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * Dates of VMs, invoices and purchases as the spec writes them, "DD MMM, YYYY" (05 Jan, 2027), in the visitor's time
 * zone; Korean gets its own medium date. An unreadable value is shown as it came.
 */
export function formatDay(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (language.startsWith('ko')) return new Intl.DateTimeFormat('ko-KR', { dateStyle: 'medium' }).format(date);
  return `${String(date.getDate()).padStart(2, '0')} ${MONTHS[date.getMonth()]}, ${date.getFullYear()}`;
}
