import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney } from './money.ts';

describe('money for display', () => {
  it('shows ZAR as R with thousands separators and two decimals', () => {
    expect(formatMoney('1234.5', 'ZAR')).toBe('R1,234.50');
    expect(formatMoney('0', 'zar')).toBe('R0.00');
    expect(formatMoney('1234567.891', 'ZAR')).toBe('R1,234,567.89');
  });

  it('shows other currencies with their code', () => {
    expect(formatMoney('99', 'KES')).toBe('KES 99.00');
    expect(formatMoney('-12.5', 'USD')).toBe('-USD 12.50');
  });

  it('rounds half-up to the cent without floating point', () => {
    expect(formatAmount('0.005')).toBe('0.01');
    expect(formatAmount('1.004')).toBe('1.00');
    expect(formatAmount('999.995')).toBe('1,000.00');
    expect(formatAmount('90071992547409.935')).toBe('90,071,992,547,409.94');
  });

  it('leaves something that is not a number as it is', () => {
    expect(formatAmount('abc')).toBeNull();
    expect(formatMoney('n/a', 'ZAR')).toBe('Rn/a');
  });
});
