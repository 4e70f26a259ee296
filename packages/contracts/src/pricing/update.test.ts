import { describe, expect, it } from 'vitest';
import { updateDelta, type UpdateLineInput } from './update.ts';

const line = (name: string, costPerUnit: string, fromCount: number, toCount: number): UpdateLineInput => ({
  name,
  unit: name === 'Processor' ? 'cores' : 'GB',
  costPerUnit,
  fromCount,
  toCount,
});

describe('updateDelta: only changed lines, the difference over the remaining days', () => {
  it('charges the added memory for the 15 days left', () => {
    const bill = updateDelta({
      lines: [line('Memory', '50', 4, 8), line('Processor', '100', 2, 2), line('Disk', '2', 80, 80)],
      remainingDays: 15,
      taxPercent: '15.00',
    });
    // 50 × (8 − 4) × 15 / 30 = 100; tax 15; total 115
    expect(bill.lines).toEqual([{ name: 'Memory', unit: 'GB', fromCount: 4, toCount: 8, difference: 4, amount: '100.00' }]);
    expect(bill).toMatchObject({ price: '100.00', tax: '15.00', discount: '0.00', total: '115.00' });
  });

  it('a lowered resource is listed at 0.00 and earns no credit', () => {
    const bill = updateDelta({ lines: [line('Memory', '50', 4, 2), line('Disk', '2', 80, 120)], remainingDays: 10, taxPercent: '15.00' });
    // memory −2: 0.00; disk 2 × 40 × 10 / 30 = 26.666… → 26.67; tax 4.0005 → 4.00; total 30.67
    expect(bill.lines.map((l) => [l.name, l.difference, l.amount])).toEqual([
      ['Memory', -2, '0.00'],
      ['Disk', 40, '26.67'],
    ]);
    expect(bill).toMatchObject({ price: '26.67', tax: '4.00', total: '30.67' });
  });

  it('only lowering is a zero bill, never a negative one', () => {
    const bill = updateDelta({
      lines: [line('Memory', '50', 8, 2), line('Processor', '100', 4, 1)],
      remainingDays: 30,
      taxPercent: '16.00',
    });
    expect(bill).toMatchObject({ price: '0.00', tax: '0.00', total: '0.00' });
  });

  it.each([
    // remainingDays, costPerUnit, from → to, expected line   // arithmetic
    [1, '0.15', 1, 2, '0.01'], // 0.15 × 1 × 1 / 30 = 0.005 → 0.01
    [29, '100', 2, 3, '96.67'], // 100 × 29 / 30 = 96.666…
    [0, '100', 2, 8, '0.00'], // nothing left of the period: nothing to pay
  ] as const)('%s days left, %s per unit, %s → %s: %s', (remainingDays, costPerUnit, from, to, expected) => {
    expect(updateDelta({ lines: [line('Processor', costPerUnit, from, to)], remainingDays, taxPercent: '0' }).lines[0]!.amount).toBe(
      expected,
    );
  });

  it('nothing changed: no lines, zero bill', () => {
    expect(updateDelta({ lines: [line('Memory', '50', 4, 4)], remainingDays: 20, taxPercent: '15' })).toEqual({
      lines: [],
      price: '0.00',
      tax: '0.00',
      discount: '0.00',
      total: '0.00',
    });
  });

  it('refuses negative remaining days', () => {
    expect(() => updateDelta({ lines: [], remainingDays: -1, taxPercent: '15' })).toThrow(/remainingDays/);
  });
});
