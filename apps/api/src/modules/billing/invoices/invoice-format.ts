/**
 * How an invoice writes dates, money and percentages. Amounts arrive as the order's frozen decimal
 * strings and are formatted as strings (never through binary floating point), like the SPA's
 * money format: ZAR as "R1,234.50", any other currency with its code ("KES 1,234.50").
 */

/**
 * Invoice dates are calendar days of the selling entity's time zone (Africa/Nairobi for a Kenyan
 * entity), so a payment at 00:30 in Johannesburg is dated that day, not the day before as UTC
 * would have it. Without an entity: the platform's home zone, as before legal entities.
 */
export const DEFAULT_INVOICE_TIME_ZONE = 'Africa/Johannesburg';

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: 'short', year: 'numeric' });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** Whether Intl knows `timeZone` (an IANA name such as Africa/Nairobi). */
export function isTimeZone(timeZone: string): boolean {
  try {
    dayFormat(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** DD MMM, YYYY as the spec shows invoice dates: "24 Nov, 2026", the day it was in `timeZone`. */
export function invoiceDate(value: Date | string, timeZone = DEFAULT_INVOICE_TIME_ZONE): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(
    dayFormat(isTimeZone(timeZone) ? timeZone : DEFAULT_INVOICE_TIME_ZONE)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day} ${(parts.month ?? '').slice(0, 3)}, ${parts.year}`;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** "1234.5" → "1,234.50" (half-up to the cent); the input as it came when it is not a decimal. */
export function amount(value: string): string {
  const match = DECIMAL.exec(value.trim());
  if (!match) return value;
  const [, sign, whole, fraction = ''] = match;
  const digits = `${fraction}000`;
  let cents = BigInt(whole!) * 100n + BigInt(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) cents += 1n;
  const text = cents.toString().padStart(3, '0');
  const formatted = `${text.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${text.slice(-2)}`;
  return sign === '-' && cents > 0n ? `-${formatted}` : formatted;
}

/** "R" for rand like the marketplace, otherwise the code and a space. */
export function currencySymbol(currency: string): string {
  const code = currency.trim().toUpperCase();
  return code === 'ZAR' ? 'R' : `${code} `;
}

/** money("1234.5", "ZAR") → "R1,234.50"; money("99", "KES") → "KES 99.00". */
export function money(value: string, currency: string): string {
  const formatted = amount(value);
  const symbol = currencySymbol(currency);
  return formatted.startsWith('-') ? `-${symbol}${formatted.slice(1)}` : `${symbol}${formatted}`;
}

/** A percentage without trailing zeros: "15.00" → "15%", "16.50" → "16.5%". */
export function percent(value: string): string {
  const trimmed = value.trim();
  if (!DECIMAL.test(trimmed)) return `${trimmed}%`;
  return `${trimmed.includes('.') ? trimmed.replace(/\.?0+$/, '') : trimmed}%`;
}

/** Purchase kinds (commingFrom) as the purchase history's bankReference names them. */
export function purchaseType(kind: number, isSnapshot: boolean): string {
  switch (kind) {
    case 1:
      return 'VM Purchase';
    case 2:
      return isSnapshot ? 'VM Snapshot' : 'VM Clone';
    case 3:
      return 'VM Renew';
    case 4:
      return 'VM Update';
    case 5:
      return 'VM Multiple Renew';
    default:
      return 'VM Purchase';
  }
}
