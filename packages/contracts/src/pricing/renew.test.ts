import { describe, expect, it } from 'vitest';
import { priceMultiRenewal, priceRenewal, renewArrears, type RenewLineInput } from './renew.ts';

const zaVm: RenewLineInput[] = [
  { name: 'Memory', unit: 'GB', costPerUnit: '50', count: 4 },
  { name: 'Processor', unit: 'cores', costPerUnit: '100', count: 2 },
  { name: 'Disk', unit: 'GB', costPerUnit: '2', count: 80 },
];
const keVm: RenewLineInput[] = [
  { name: 'Memory', unit: 'GB', costPerUnit: '50', count: 2 },
  { name: 'Processor', unit: 'cores', costPerUnit: '100', count: 1 },
  { name: 'Disk', unit: 'GB', costPerUnit: '2', count: 40 },
];

describe('renewArrears = (price + tax) / 30 × daysExtended', () => {
  it.each([
    ['560.00', '84.00', 0, '0.00'], // no days past the end: no arrears
    ['560.00', '84.00', 5, '107.33'], // 644 × 5 / 30 = 107.333…
    ['560.00', '84.00', 30, '644.00'], // a whole period
    ['0.10', '0.05', 1, '0.01'], // 0.15 / 30 = 0.005 → half-up 0.01
    ['100', '15', 2, '7.67'], // 115 × 2 / 30 = 7.666…
  ] as const)('(%s + %s) / 30 × %s → %s', (price, tax, daysExtended, expected) => {
    expect(renewArrears({ price, tax, daysExtended })).toBe(expected);
  });

  it('refuses a fractional or negative daysExtended', () => {
    expect(() => renewArrears({ price: '1', tax: '0', daysExtended: -1 })).toThrow(/daysExtended/);
    expect(() => renewArrears({ price: '1', tax: '0', daysExtended: 0.5 })).toThrow(/daysExtended/);
  });
});

describe('priceRenewal: total payable = price + tax + arrears, no discount', () => {
  it.each([
    // 200 + 200 + 160 = 560; tax 84; arrears 644 × 3 / 30 = 64.40; total 708.40
    [30, '15.00', 3, { price: '560.00', tax: '84.00', arrears: '64.40', total: '708.40' }],
    // no arrears: 560 + 84
    [30, '15.00', 0, { price: '560.00', tax: '84.00', arrears: '0.00', total: '644.00' }],
    // 90 days: 1680; tax 252; arrears (1680 + 252) × 1 / 30 = 64.40; total 1996.40
    [90, '15.00', 1, { price: '1680.00', tax: '252.00', arrears: '64.40', total: '1996.40' }],
    // 7 days: 46.67 + 46.67 + 37.33 = 130.67; tax 19.6005 → 19.60; arrears 150.27 × 2 / 30 = 10.018 → 10.02; total 160.29
    [7, '15.00', 2, { price: '130.67', tax: '19.60', arrears: '10.02', total: '160.29' }],
  ] as const)('%s days, %s %% tax, %s days extended', (days, taxPercent, daysExtended, expected) => {
    const bill = priceRenewal({ lines: zaVm, days, taxPercent, daysExtended });
    expect({ price: bill.price, tax: bill.tax, arrears: bill.arrears, total: bill.total }).toEqual(expected);
    expect(bill.daysExtended).toBe(daysExtended);
  });

  it('ignores a category discount handed in with the lines', () => {
    const withDiscount = zaVm.map((l) => ({ ...l, discountPercent: '50' }));
    expect(priceRenewal({ lines: withDiscount, days: 30, taxPercent: '15.00', daysExtended: 0 }).total).toBe('644.00');
  });
});

describe('priceMultiRenewal: each VM on its own, the bill the sums', () => {
  it('sums price, tax, arrears and total over the VMs', () => {
    const bill = priceMultiRenewal([
      // 560 / 84 / 64.40 / 708.40 (above)
      { vmName: 'za-web', lines: zaVm, days: 30, taxPercent: '15.00', daysExtended: 3 },
      // 100 + 100 + 80 = 280; tax 16 % = 44.80; no arrears; total 324.80
      { vmName: 'ke-db', lines: keVm, days: 30, taxPercent: '16.00', daysExtended: 0 },
    ]);
    expect(bill.vms.map((vm) => [vm.vmName, vm.total])).toEqual([
      ['za-web', '708.40'],
      ['ke-db', '324.80'],
    ]);
    // 560 + 280 = 840; 84 + 44.80 = 128.80; 64.40 + 0; 708.40 + 324.80 = 1033.20
    expect({ price: bill.price, tax: bill.tax, arrears: bill.arrears, total: bill.total }).toEqual({
      price: '840.00',
      tax: '128.80',
      arrears: '64.40',
      total: '1033.20',
    });
  });

  it('no VMs is a zero bill', () => {
    expect(priceMultiRenewal([])).toEqual({ vms: [], price: '0.00', tax: '0.00', arrears: '0.00', total: '0.00' });
  });
});
