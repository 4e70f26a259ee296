import { describe, expect, it } from 'vitest';
import { lineCost } from './line-cost.ts';
import { PricingInputError } from './money.ts';

describe('lineCost = costPerUnit × count × days / 30, half-up per line', () => {
  it.each([
    // costPerUnit, count, days, expected   // arithmetic
    ['100', 4, 30, '400.00'], // 100 × 4 × 30 / 30 = 400
    ['100', 4, 15, '200.00'], // 100 × 4 × 15 / 30 = 200
    ['10.50', 3, 7, '7.35'], // 10.5 × 3 × 7 = 220.5; / 30 = 7.35
    ['1', 1, 1, '0.03'], // 1 / 30 = 0.0333…
    ['0.15', 1, 1, '0.01'], // 0.15 / 30 = 0.005 → half-up 0.01
    ['0.45', 1, 1, '0.02'], // 0.45 / 30 = 0.015 → 0.02
    ['0.1499', 1, 1, '0.00'], // 0.1499 / 30 = 0.0049966… → 0.00
    ['33.3333', 3, 30, '100.00'], // 99.9999 → 100.00
    ['0.0001', 1, 30, '0.00'], // 0.0001 → 0.00
    ['5', '2.5', 30, '12.50'], // a fractional count: 5 × 2.5 = 12.5
    ['250', 0, 30, '0.00'], // 0 count
    ['250', 2, 0, '0.00'], // 0 days
    ['12345678.9999', 1000, 365, '150205761165.45'], // 12345678999.9 × 365 = 4506172834963.5; / 30 = 150205761165.45
  ] as const)('%s × %s × %s days → %s', (costPerUnit, count, days, expected) => {
    expect(lineCost({ costPerUnit, count, days }).toFixed(2)).toBe(expected);
  });

  it.each([
    [{ costPerUnit: '-1', count: 1, days: 30 }, /costPerUnit: must not be negative/],
    [{ costPerUnit: '1', count: -1, days: 30 }, /count: must not be negative/],
    [{ costPerUnit: '1', count: 1, days: 1.5 }, /days: must be a whole number/],
    [{ costPerUnit: '1', count: 1, days: -30 }, /days: must be a whole number/],
    [{ costPerUnit: 10 as unknown as string, count: 1, days: 30 }, /decimal strings/],
  ])('refuses %o', (input, message) => {
    expect(() => lineCost(input)).toThrow(PricingInputError);
    expect(() => lineCost(input)).toThrow(message);
  });
});
