import { describe, expect, it } from 'vitest';
import { clonePeriodOf, clonePrice, type CloneInput } from './clone.ts';

const vm: CloneInput['lines'] = [
  { name: 'Processor', unit: 'cores', costPerUnit: '100', count: 2 },
  { name: 'Memory', unit: 'GB', costPerUnit: '50', count: 4 },
  { name: 'Disk', unit: 'GB', costPerUnit: '2', count: 80 },
];

describe('clonePrice: costPerUnit / 720 × hours × durationCount × count, half-up per line', () => {
  it.each([
    {
      period: 'daily',
      durationCount: 1,
      taxPercent: '15.00',
      // 200 × 24 / 720 = 6.666… → 6.67 (processor and memory); 160 × 24 / 720 = 5.333… → 5.33
      // price 18.67; tax 2.8005 → 2.80; total 21.47
      lines: ['6.67', '6.67', '5.33'],
      totals: { price: '18.67', tax: '2.80', discount: '0.00', total: '21.47' },
    },
    {
      period: 'weekly',
      durationCount: 2,
      taxPercent: '15.00',
      // 336 h: 200 × 336 / 720 = 93.333… → 93.33 (twice); 160 × 336 / 720 = 74.666… → 74.67
      // price 261.33; tax 39.1995 → 39.20; total 300.53
      lines: ['93.33', '93.33', '74.67'],
      totals: { price: '261.33', tax: '39.20', discount: '0.00', total: '300.53' },
    },
    {
      period: 'monthly',
      durationCount: 3,
      taxPercent: '16.00',
      // 2160 h = 3 months: 600, 600, 480; price 1680; tax 16 % = 268.80; total 1948.80
      lines: ['600.00', '600.00', '480.00'],
      totals: { price: '1680.00', tax: '268.80', discount: '0.00', total: '1948.80' },
    },
    {
      period: 'daily',
      durationCount: 0,
      taxPercent: '15.00',
      lines: ['0.00', '0.00', '0.00'],
      totals: { price: '0.00', tax: '0.00', discount: '0.00', total: '0.00' },
    },
  ] as const)('$period × $durationCount', ({ period, durationCount, taxPercent, lines, totals }) => {
    const bill = clonePrice({ lines: vm, period, durationCount, taxPercent });
    expect(bill.lines.map((l) => l.amount)).toEqual(lines);
    expect({ price: bill.price, tax: bill.tax, discount: bill.discount, total: bill.total }).toEqual(totals);
  });

  it('a daily clone of a 1-unit line at 0.15 is half a cent, rounded up', () => {
    // 0.15 × 24 / 720 = 0.005 → 0.01
    expect(
      clonePrice({
        lines: [{ name: 'Disk', unit: 'GB', costPerUnit: '0.15', count: 1 }],
        period: 'daily',
        durationCount: 1,
        taxPercent: '0',
      }).total,
    ).toBe('0.01');
  });

  it('refuses a fractional duration', () => {
    expect(() => clonePrice({ lines: vm, period: 'daily', durationCount: 1.5, taxPercent: '15' })).toThrow(/durationCount/);
  });
});

describe('clonePeriodOf', () => {
  it.each([
    ['Daily', 'daily'],
    [' WEEKLY ', 'weekly'],
    ['monthly', 'monthly'],
    ['Time (In Days)', null], // the placeholder is no choice
    ['', null],
    [null, null],
    ['constructor', null], // not fooled by the object's prototype
  ] as const)('%s → %s', (text, expected) => {
    expect(clonePeriodOf(text)).toBe(expected);
  });
});
