import { describe, expect, it } from 'vitest';
import { Money, PricingInputError, formatCents, nonNegative, percent, sameAmount, toCents } from './money.ts';

describe('cents', () => {
  it.each([
    // value → half-up to 2 decimals
    ['0.005', '0.01'], // the half cent goes up
    ['0.0049999', '0.00'],
    ['1.005', '1.01'], // 1.00499999… as a float; exact here
    ['2.675', '2.68'], // 2.67499999… as a float
    ['0.125', '0.13'],
    ['10', '10.00'],
    ['999999999999.995', '1000000000000.00'], // large amounts keep every digit, no exponent
    ['-0', '0.00'], // never "-0.00"
  ])('%s → %s', (value, expected) => {
    expect(formatCents(new Money(value))).toBe(expected);
    expect(toCents(new Money(value)).equals(expected)).toBe(true);
  });
});

describe('input checks', () => {
  it('refuses floats, negatives, non-numbers and percentages above 100, naming the field', () => {
    expect(() => nonNegative(10.5 as unknown as string, 'costPerUnit')).toThrow(PricingInputError);
    expect(() => nonNegative('-0.01', 'costPerUnit')).toThrow(/costPerUnit: must not be negative/);
    expect(() => nonNegative('abc', 'costPerUnit')).toThrow(/costPerUnit: not a number/);
    expect(() => nonNegative('Infinity', 'costPerUnit')).toThrow(/not a finite number/);
    expect(() => percent('100.01', 'taxPercent')).toThrow(/taxPercent: must be at most 100/);
    expect(percent('100', 'discount').toString()).toBe('100');
  });
});

describe('sameAmount (a client figure against the server’s)', () => {
  it.each([
    ['120', '120.00', true],
    ['120.0', '120.00', true],
    [120.5, '120.50', true],
    ['120.01', '120.00', false],
    ['120.001', '120.00', false], // more than cents is not an amount
    [0.1 + 0.2, '0.30', false], // 0.30000000000000004
    ['abc', '0.00', false],
    ['', '0.00', false],
    ['NaN', '0.00', false],
  ] as const)('%s vs %s → %s', (sent, computed, expected) => {
    expect(sameAmount(sent, computed)).toBe(expected);
  });
});
