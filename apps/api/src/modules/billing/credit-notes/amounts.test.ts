import { describe, expect, it } from 'vitest';
import { Money } from '@mawingu/contracts/pricing/money';
import { chargedRefundOf, splitCredit, uncreditedOf } from './amounts.ts';

/** ADR 0117: VAT of a part in the invoice's proportion; credits and refunds add up to the cent. */
describe('credit note amounts', () => {
  const invoice = { total: '2522.25', tax: '337.50' };

  it('splits a part at the invoice’s VAT share, half-up to the cent', () => {
    const left = uncreditedOf(invoice, []);
    expect(splitCredit(new Money('575'), invoice, left)).toEqual({ total: '575.00', vat: '76.94', amountExclVat: '498.06' });
    // 100 × 337.50 / 2522.25 = 13.3809… → 13.38
    expect(splitCredit(new Money('100'), invoice, left)).toEqual({ total: '100.00', vat: '13.38', amountExclVat: '86.62' });
  });

  it('gives the last credit exactly the VAT that is left, so the credits add up to the invoice', () => {
    const notes = [
      { total: '575.00', vat: '76.94' },
      { total: '1000.00', vat: '133.81' },
    ];
    const left = uncreditedOf(invoice, notes);
    expect(left.total.toFixed(2)).toBe('947.25');
    const last = splitCredit(left.total, invoice, left);
    expect(last).toEqual({ total: '947.25', vat: '126.75', amountExclVat: '820.50' });
    expect(76.94 * 100 + 133.81 * 100 + 126.75 * 100).toBeCloseTo(33750, 6);
  });

  it('refunds in the charged currency at the payment’s rate, never above what is left of the charge', () => {
    expect(chargedRefundOf(new Money('1000.00'), '0.063', new Money('158.90'), false).toFixed(2)).toBe('63.00');
    expect(chargedRefundOf(new Money('100.00'), '0.063', new Money('5.00'), false).toFixed(2)).toBe('5.00');
    // The refund that completes the invoice takes the rest of the capture, whatever rounding did before.
    expect(chargedRefundOf(new Money('1522.25'), '0.063', new Money('95.90'), true).toFixed(2)).toBe('95.90');
    // Same currency: the amount itself.
    expect(chargedRefundOf(new Money('12.34'), null, new Money('500.00'), false).toFixed(2)).toBe('12.34');
  });
});
