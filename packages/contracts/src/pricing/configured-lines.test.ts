import { describe, expect, it } from 'vitest';
import { priceNewVm } from './bill.ts';
import { configuredLines, type CatalogueSpec } from './configured-lines.ts';

const specs: CatalogueSpec[] = [
  { name: 'Processor', unit: 'cores', costPerUnit: '100.0000' },
  { name: 'Memory', unit: 'GB', costPerUnit: '50.0000' },
  { name: 'Disk', unit: 'GB', costPerUnit: '2.0000' },
];
const discounts = { ramDiscount: '10', diskDiscount: '0', cpuDiscount: '5' };

describe('configuredLines', () => {
  it('pairs each catalogue row with its chosen size and category discount, in catalogue order', () => {
    expect(configuredLines(specs, { memory: 8, processor: 4, disk: 100 }, discounts)).toEqual([
      { name: 'Processor', unit: 'cores', costPerUnit: '100.0000', count: 4, discountPercent: '5' },
      { name: 'Memory', unit: 'GB', costPerUnit: '50.0000', count: 8, discountPercent: '10' },
      { name: 'Disk', unit: 'GB', costPerUnit: '2.0000', count: 100, discountPercent: '0' },
    ]);
  });

  it('prices a configuration end to end', () => {
    const bill = priceNewVm({
      lines: configuredLines(specs, { memory: 8, processor: 4, disk: 100 }, discounts),
      days: 30,
      taxPercent: '15.00',
    });
    // 400 + 400 + 200 = 1000; tax 150; discount 400 × 5 % + 400 × 10 % = 20 + 40 = 60; total 1090
    expect(bill).toMatchObject({ price: '1000.00', tax: '150.00', discount: '60.00', total: '1090.00' });
  });

  it('leaves out rows of another name and gives no discount without discounts', () => {
    const lines = configuredLines([...specs, { name: 'GPU', unit: 'cards', costPerUnit: '900' }], { memory: 1, processor: 1, disk: 1 });
    expect(lines.map((l) => [l.name, l.discountPercent])).toEqual([
      ['Processor', '0'],
      ['Memory', '0'],
      ['Disk', '0'],
    ]);
  });

  it('refuses a row without a price (what a visitor sees)', () => {
    expect(() => configuredLines([{ name: 'Memory', unit: 'GB', costPerUnit: null }], { memory: 1, processor: 1, disk: 1 })).toThrow(
      /Memory\.costPerUnit/,
    );
  });
});
