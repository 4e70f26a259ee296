/**
 * Money for display, in one format everywhere: ZAR as "R1,234.50", other currencies with their
 * code ("KES 1,234.50"). Amounts arrive as decimal strings and are formatted as strings — never
 * through binary floating point — rounded half-up to the cent.
 */
const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

function toCents(amount: string): { negative: boolean; cents: bigint } | null {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const digits = `${fraction}000`;
  let cents = BigInt(whole!) * 100n + BigInt(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) cents += 1n;
  return { negative: sign === '-' && cents > 0n, cents };
}

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** "1234.5" → "1,234.50"; null for something that is not a decimal number. */
export function formatAmount(amount: string): string | null {
  const parsed = toCents(amount);
  if (!parsed) return null;
  const text = parsed.cents.toString().padStart(3, '0');
  const formatted = `${group(text.slice(0, -2))}.${text.slice(-2)}`;
  return parsed.negative ? `-${formatted}` : formatted;
}

export function currencySymbol(currency: string): string {
  const code = currency.trim().toUpperCase();
  return code === 'ZAR' ? 'R' : `${code} `;
}

/** formatMoney("1234.5", "ZAR") → "R1,234.50"; formatMoney("99", "KES") → "KES 99.00". */
export function formatMoney(amount: string, currency: string): string {
  const formatted = formatAmount(amount) ?? amount;
  const symbol = currencySymbol(currency);
  return formatted.startsWith('-') ? `-${symbol}${formatted.slice(1)}` : `${symbol}${formatted}`;
}
