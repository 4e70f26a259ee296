import { describe, expect, it } from 'vitest';
import { priceNewVm, type NewVmInput, type SpecLineInput } from './bill.ts';
import { discountPercentFor } from './discount.ts';

const memory = (count: number, costPerUnit: string, discountPercent?: string): SpecLineInput => ({
  name: 'Memory',
  unit: 'GB',
  costPerUnit,
  count,
  discountPercent,
});
const processor = (count: number, costPerUnit: string, discountPercent?: string): SpecLineInput => ({
  name: 'Processor',
  unit: 'cores',
  costPerUnit,
  count,
  discountPercent,
});
const disk = (count: number, costPerUnit: string, discountPercent?: string): SpecLineInput => ({
  name: 'Disk',
  unit: 'GB',
  costPerUnit,
  count,
  discountPercent,
});

type Row = { why: string; input: NewVmInput; lines: string[]; price: string; tax: string; discount: string; total: string };

const rows: Row[] = [
  {
    why: 'ZA, 30 days, 15 % VAT',
    input: { lines: [memory(4, '50'), processor(2, '100'), disk(80, '2')], days: 30, taxPercent: '15.00' },
    // 50×4 = 200; 100×2 = 200; 2×80 = 160; price 560; tax 560 × 15 % = 84; total 644
    lines: ['200.00', '200.00', '160.00'],
    price: '560.00',
    tax: '84.00',
    discount: '0.00',
    total: '644.00',
  },
  {
    why: 'ZA, 7 days: each line rounded, the price their sum',
    input: { lines: [memory(4, '50'), processor(2, '100'), disk(80, '2')], days: 7, taxPercent: '15.00' },
    // 200×7/30 = 46.666… → 46.67 (twice); 160×7/30 = 37.333… → 37.33; price 130.67;
    // tax 130.67 × 0.15 = 19.6005 → 19.60; total 150.27
    lines: ['46.67', '46.67', '37.33'],
    price: '130.67',
    tax: '19.60',
    discount: '0.00',
    total: '150.27',
  },
  {
    why: 'KE, 16 % VAT with category discounts on the pre-discount price',
    input: { lines: [memory(8, '120.00', '10'), processor(4, '300.00', '5'), disk(100, '10.00', '0')], days: 30, taxPercent: '16.00' },
    // 960; 1200; 1000; price 3160; tax 3160 × 0.16 = 505.60;
    // discount 960 × 10 % + 1200 × 5 % + 0 = 96 + 60 = 156; total 3160 + 505.60 − 156 = 3509.60
    lines: ['960.00', '1200.00', '1000.00'],
    price: '3160.00',
    tax: '505.60',
    discount: '156.00',
    total: '3509.60',
  },
  {
    why: 'tax of exactly half a cent goes up',
    input: { lines: [disk(1, '0.30')], days: 30, taxPercent: '15.00' },
    // price 0.30; tax 0.30 × 0.15 = 0.045 → 0.05; total 0.35
    lines: ['0.30'],
    price: '0.30',
    tax: '0.05',
    discount: '0.00',
    total: '0.35',
  },
  {
    why: 'tax just under half a cent goes down',
    input: { lines: [disk(1, '10.03')], days: 30, taxPercent: '15.00' },
    // tax 10.03 × 0.15 = 1.5045 → 1.50; total 11.53
    lines: ['10.03'],
    price: '10.03',
    tax: '1.50',
    discount: '0.00',
    total: '11.53',
  },
  {
    why: 'a discount of half a cent goes up',
    input: { lines: [memory(1, '0.50', '1')], days: 30, taxPercent: '15.00' },
    // price 0.50; tax 0.075 → 0.08; discount 0.50 × 1 % = 0.005 → 0.01; total 0.50 + 0.08 − 0.01 = 0.57
    lines: ['0.50'],
    price: '0.50',
    tax: '0.08',
    discount: '0.01',
    total: '0.57',
  },
  {
    why: 'a 100 % discount leaves the tax (tax is on the pre-discount price)',
    input: { lines: [memory(2, '10', '100')], days: 30, taxPercent: '15.00' },
    // price 20; tax 3; discount 20; total 20 + 3 − 20 = 3
    lines: ['20.00'],
    price: '20.00',
    tax: '3.00',
    discount: '20.00',
    total: '3.00',
  },
  {
    why: 'lines of a third of a cent each: the price is the sum of rounded lines, not the rounded sum',
    input: { lines: [memory(1, '1'), processor(1, '1'), disk(1, '1')], days: 1, taxPercent: '15.00' },
    // each 1/30 = 0.0333… → 0.03; price 0.09 (not 3/30 = 0.10); tax 0.09 × 0.15 = 0.0135 → 0.01; total 0.10
    lines: ['0.03', '0.03', '0.03'],
    price: '0.09',
    tax: '0.01',
    discount: '0.00',
    total: '0.10',
  },
  {
    why: '0 days costs nothing',
    input: { lines: [memory(4, '50', '10'), processor(2, '100')], days: 0, taxPercent: '15.00' },
    lines: ['0.00', '0.00'],
    price: '0.00',
    tax: '0.00',
    discount: '0.00',
    total: '0.00',
  },
  {
    why: 'a line of 0 units stays on the bill at 0.00',
    input: { lines: [memory(0, '50'), disk(10, '3')], days: 30, taxPercent: '16.00' },
    // 0; 30; price 30; tax 4.80; total 34.80
    lines: ['0.00', '30.00'],
    price: '30.00',
    tax: '4.80',
    discount: '0.00',
    total: '34.80',
  },
  {
    why: 'large amounts, a year',
    input: { lines: [processor(64, '99999.99')], days: 365, taxPercent: '16.00' },
    // 99999.99 × 64 = 6399999.36; × 365 = 2335999766.4; / 30 = 77866658.88;
    // tax × 0.16 = 12458665.4208 → 12458665.42; total 90325324.30
    lines: ['77866658.88'],
    price: '77866658.88',
    tax: '12458665.42',
    discount: '0.00',
    total: '90325324.30',
  },
  {
    why: 'no tax region',
    input: { lines: [memory(3, '33.3333')], days: 30, taxPercent: '0' },
    // 99.9999 → 100.00
    lines: ['100.00'],
    price: '100.00',
    tax: '0.00',
    discount: '0.00',
    total: '100.00',
  },
];

describe('priceNewVm', () => {
  it.each(rows)('$why', ({ input, lines, price, tax, discount, total }) => {
    const bill = priceNewVm(input);
    expect(bill.lines.map((l) => l.amount)).toEqual(lines);
    expect({ price: bill.price, tax: bill.tax, discount: bill.discount, total: bill.total }).toEqual({ price, tax, discount, total });
  });

  it('with the seller\'s "VAT on the discounted price", taxes the price after the discount (ADR 0126)', () => {
    const lines = [memory(8, '120.00', '10'), processor(4, '300.00', '5'), disk(100, '10.00', '0')];
    // price 3160; discount 156; tax (3160 − 156) × 0.16 = 480.64; total 3160 − 156 + 480.64 = 3484.64
    const bill = priceNewVm({ lines, days: 30, taxPercent: '16.00', taxBase: 'discounted-price' });
    expect({ price: bill.price, tax: bill.tax, discount: bill.discount, total: bill.total }).toEqual({
      price: '3160.00',
      tax: '480.64',
      discount: '156.00',
      total: '3484.64',
    });
    // The spec's default is unchanged: tax on the list price.
    expect(priceNewVm({ lines, days: 30, taxPercent: '16.00', taxBase: 'list-price' }).tax).toBe('505.60');
  });

  it('rounds VAT on the discounted price once, half-up, on price − discount', () => {
    // 7 days: 46.67 + 46.67 + 37.33 = 130.67; discount 46.67 × 12.5 % = 5.83375 → 5.83;
    // tax (130.67 − 5.83) × 0.15 = 18.726 → 18.73; total 130.67 − 5.83 + 18.73 = 143.57
    const bill = priceNewVm({
      lines: [memory(4, '50', '12.5'), processor(2, '100'), disk(80, '2')],
      days: 7,
      taxPercent: '15.00',
      taxBase: 'discounted-price',
    });
    expect({ price: bill.price, tax: bill.tax, discount: bill.discount, total: bill.total }).toEqual({
      price: '130.67',
      tax: '18.73',
      discount: '5.83',
      total: '143.57',
    });
  });

  it('names each line with its count and unit, in the order given', () => {
    const bill = priceNewVm({ lines: [processor(2, '100'), memory(4, '50'), disk(80, '2')], days: 30, taxPercent: '15.00' });
    expect(bill.lines).toEqual([
      { name: 'Processor', unit: 'cores', count: 2, amount: '200.00' },
      { name: 'Memory', unit: 'GB', count: 4, amount: '200.00' },
      { name: 'Disk', unit: 'GB', count: 80, amount: '160.00' },
    ]);
  });

  it('an empty configuration is a zero bill', () => {
    expect(priceNewVm({ lines: [], days: 30, taxPercent: '15.00' })).toEqual({
      lines: [],
      price: '0.00',
      tax: '0.00',
      discount: '0.00',
      total: '0.00',
    });
  });

  it.each([
    [{ lines: [memory(1, '1', '101')], days: 30, taxPercent: '15' }, /lines\[0\]\.discountPercent: must be at most 100/],
    [{ lines: [memory(1, '1')], days: 30, taxPercent: '-1' }, /taxPercent: must not be negative/],
    [{ lines: [memory(1, '1'), disk(-5, '1')], days: 30, taxPercent: '15' }, /lines\[1\]\.count: must not be negative/],
  ])('refuses bad input naming the field: %o', (input, message) => {
    expect(() => priceNewVm(input)).toThrow(message);
  });
});

describe('discountPercentFor (Memory → ram, Disk → disk, Processor → cpu)', () => {
  const discounts = { ramDiscount: '10', diskDiscount: '2.5', cpuDiscount: '5' };
  it.each([
    ['Memory', discounts, '10'],
    ['Disk', discounts, '2.5'],
    ['Processor', discounts, '5'],
    [' memory ', discounts, '10'],
    ['GPU', discounts, '0'],
    ['Memory', null, '0'],
    ['Disk', { ramDiscount: '10', diskDiscount: null }, '0'],
  ] as const)('%s → %s', (name, given, expected) => {
    expect(discountPercentFor(name, given)).toBe(expected);
  });
});
