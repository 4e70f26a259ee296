import { describe, expect, it } from 'vitest';
import { DEFAULT_ZAR_TO_USD_RATE, paysInUsd, toUsd, totalsInUsd } from './currency.ts';

describe('toUsd = amount × rate, half-up to the cent', () => {
  it.each([
    ['100.00', DEFAULT_ZAR_TO_USD_RATE, '6.30'], // 100 × 0.063
    ['644.00', DEFAULT_ZAR_TO_USD_RATE, '40.57'], // 40.572
    ['0.08', DEFAULT_ZAR_TO_USD_RATE, '0.01'], // 0.00504 → 0.01
    ['0.07', DEFAULT_ZAR_TO_USD_RATE, '0.00'], // 0.00441
    ['7.94', DEFAULT_ZAR_TO_USD_RATE, '0.50'], // 0.50022
    ['1000', '0.055', '55.00'], // a configured rate
    ['90325324.30', DEFAULT_ZAR_TO_USD_RATE, '5690495.43'], // 5690495.4309
  ] as const)('%s × %s → %s', (amount, rate, expected) => {
    expect(toUsd(amount, rate)).toBe(expected);
  });

  it('uses 0.063 by default and refuses a rate of zero or below', () => {
    expect(toUsd('100')).toBe('6.30');
    expect(() => toUsd('100', '0')).toThrow(/rate/);
    expect(() => toUsd('100', '-0.063')).toThrow(/rate/);
  });
});

describe('totalsInUsd: each figure converted, the payable their sum', () => {
  it.each([
    {
      why: 'new VM without discount',
      totals: { price: '560.00', tax: '84.00', discount: '0.00' },
      // 560 × 0.063 = 35.28; 84 × 0.063 = 5.292 → 5.29; payable 35.28 + 5.29 = 40.57
      expected: { currency: 'USD', price: '35.28', tax: '5.29', discount: '0.00', arrears: '0.00', total: '40.57' },
    },
    {
      why: 'with a discount',
      totals: { price: '3160.00', tax: '505.60', discount: '156.00' },
      // 199.08; 31.8528 → 31.85; 9.828 → 9.83; 199.08 + 31.85 − 9.83 = 221.10
      expected: { currency: 'USD', price: '199.08', tax: '31.85', discount: '9.83', arrears: '0.00', total: '221.10' },
    },
    {
      why: 'a renewal with arrears',
      totals: { price: '560.00', tax: '84.00', arrears: '64.40' },
      // 35.28; 5.29; 64.40 × 0.063 = 4.0572 → 4.06; 35.28 + 5.29 + 4.06 = 44.63
      expected: { currency: 'USD', price: '35.28', tax: '5.29', discount: '0.00', arrears: '4.06', total: '44.63' },
    },
  ])('$why', ({ totals, expected }) => {
    expect(totalsInUsd(totals)).toEqual(expected);
  });
});

describe('paysInUsd: ZAR through the PayPal-type gateway', () => {
  it.each([
    ['ZAR', 'Paypal Payment', true],
    ['zar', 'Paypal Payment', true],
    ['KES', 'Paypal Payment', false],
    ['ZAR', 'PayFast Payment', false],
    ['ZAR', null, false],
  ] as const)('%s via %s → %s', (currency, gateway, expected) => {
    expect(paysInUsd(currency, gateway)).toBe(expected);
  });
});
