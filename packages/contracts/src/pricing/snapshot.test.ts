import { describe, expect, it } from 'vitest';
import { snapshotPrice } from './snapshot.ts';

describe('snapshotPrice = disk count × drive cost per unit, plus tax', () => {
  it.each([
    // diskCount, driveCostPerUnit, taxPercent → line, tax, total
    [80, '2', '15.00', '160.00', '24.00', '184.00'], // 80 × 2 = 160; tax 24
    [100, '0.125', '16.00', '12.50', '2.00', '14.50'], // 100 × 0.125 = 12.5; tax 2
    [3, '0.335', '15.00', '1.01', '0.15', '1.16'], // 3 × 0.335 = 1.005 → 1.01; tax 0.1515 → 0.15
    [0, '2', '15.00', '0.00', '0.00', '0.00'],
  ] as const)('%s × %s at %s %%', (diskCount, driveCostPerUnit, taxPercent, line, tax, total) => {
    const bill = snapshotPrice({ diskCount, driveCostPerUnit, taxPercent });
    expect(bill.lines).toEqual([{ name: 'Disk', unit: 'GB', count: diskCount, amount: line }]);
    expect({ price: bill.price, tax: bill.tax, discount: bill.discount, total: bill.total }).toEqual({
      price: line,
      tax,
      discount: '0.00',
      total,
    });
  });
});
