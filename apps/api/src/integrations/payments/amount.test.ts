import { describe, expect, it } from 'vitest';
import { formatAmount, sameAmount, toCents } from './amount.ts';

describe('gateway amounts', () => {
  it('compares to the cent without floats', () => {
    expect(sameAmount('10.00', '10')).toBe(true);
    expect(sameAmount('10.1', '10.10')).toBe(true);
    expect(sameAmount('10.01', '10.00')).toBe(false);
    expect(sameAmount('0.30', '0.3')).toBe(true);
    expect(toCents('123456789012.99')).toBe(12345678901299n);
  });

  it('refuses what is not a plain 2-decimal amount', () => {
    for (const bad of ['', '1.001', '-1.00', '1e3', 'abc', '1,00', '.5']) expect(toCents(bad)).toBeUndefined();
    expect(sameAmount('abc', 'abc')).toBe(false);
  });

  it('formats with exactly two decimals', () => {
    expect(formatAmount('1250')).toBe('1250.00');
    expect(formatAmount('1250.5')).toBe('1250.50');
    expect(formatAmount('0.05')).toBe('0.05');
    expect(() => formatAmount('12.345')).toThrow();
  });
});
