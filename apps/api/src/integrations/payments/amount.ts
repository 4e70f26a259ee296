/**
 * Gateway amounts are decimal strings ("1250.00"). They are compared in integer cents, never as floats.
 */
const DECIMAL = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

/** Cents of a non-negative decimal with at most 2 decimals, or undefined if it is not one. */
export function toCents(amount: string): bigint | undefined {
  const m = DECIMAL.exec(amount.trim());
  if (!m) return undefined;
  return BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}

/** True only when both are well-formed and equal to the cent. */
export function sameAmount(a: string, b: string): boolean {
  const x = toCents(a);
  const y = toCents(b);
  return x !== undefined && y !== undefined && x === y;
}

/** "1250" / "1250.5" → "1250.50"; throws on anything that is not a 2-decimal amount. */
export function formatAmount(amount: string): string {
  const cents = toCents(amount);
  if (cents === undefined) throw new Error(`not an amount: ${amount}`);
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}
