import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { rateLine, rateText } from './rate-text.ts';

describe('rateText: a stored rate as people read it', () => {
  it.each([
    ['0.063000', '0.063'],
    ['0.063', '0.063'],
    ['18.50', '18.5'],
    ['2.000', '2'],
    ['2', '2'],
    ['0.000000', '0'],
    ['00.5', '0.5'],
    ['.5', '0.5'],
    ['15.123456789012345678', '15.123456789012345678'],
    [' 0.0550 ', '0.055'],
  ])('%j → %s, as decimal.js writes it', (stored, shown) => {
    expect(rateText(stored)).toBe(shown);
    expect(rateText(stored)).toBe(new Decimal(stored.trim()).toFixed());
  });

  it('leaves text that is not a plain decimal as it is', () => {
    expect(rateText('n/a')).toBe('n/a');
    expect(rateText('')).toBe('');
  });

  it('names both currencies around the rate', () => {
    expect(rateLine('ZAR', 'USD', '0.063000')).toBe('1 ZAR = 0.063 USD');
  });
});
