import { describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import purchase from '../../i18n/purchase/en.json';
import { billOf, buyNowOutcome, initialSizes, onSlider, processorForMemory } from './configurator.ts';
import { makeProductDetails } from './purchase.test-helper.tsx';

describe('configurator rules', () => {
  const ranges = makeProductDetails().ramCpuDependecy;

  it.each([
    [2, 2],
    [4, 2],
    [6, 4],
    [8, 4],
    [10, 8],
    [32, 8],
    [5, null],
    [40, null],
  ])('memory %i selects processor %s (start <= memory <= end)', (memory, cpu) => {
    expect(processorForMemory(ranges, memory)).toBe(cpu);
  });

  it('puts a value on the slider: within min–max and on the step grid from min', () => {
    const row = { minValue: 20, maxValue: 500, size: 10 };
    expect(onSlider(row, 45)).toBe(40);
    expect(onSlider(row, 5)).toBe(20);
    expect(onSlider(row, 9999)).toBe(500);
    expect(onSlider({ minValue: 1, maxValue: 16, size: 0 }, 3)).toBe(3);
  });

  it('starts from the product’s sizes with the processor its memory selects', () => {
    const base = makeProductDetails();
    const details = makeProductDetails({
      vmSpec: base.vmSpec.map((r) => (r.specificationName === 'Memory' ? { ...r, specificationCount: 12 } : r)),
    });
    expect(initialSizes(details)).toEqual({ memory: 12, processor: 8, disk: 40 });
  });

  it.each([
    [['PayFast Payment'], 1, 'ZAR', { kind: 'bypass' }],
    [[], 0, 'ZAR', { kind: 'none' }],
    [['PayFast Payment'], 0, 'ZAR', { kind: 'one', gateway: 'PayFast Payment', askUsd: false }],
    [['Paypal Payment'], 0, 'ZAR', { kind: 'one', gateway: 'Paypal Payment', askUsd: true }],
    [['Paypal Payment'], 0, 'KES', { kind: 'one', gateway: 'Paypal Payment', askUsd: false }],
    [['Ozow Payment', 'Paypal Payment'], 0, 'ZAR', { kind: 'choose', gateways: ['Ozow Payment', 'Paypal Payment'] }],
  ] as const)('Buy Now with gateways %j, byPassflag %i, %s', (gateways, bypass, currency, outcome) => {
    expect(buyNowOutcome(gateways, bypass, currency)).toEqual(outcome);
  });

  it('keeps the spec’s texts word for word in English', () => {
    const asContract = (text: string) => text.replace(/\{\{(\w+)\}\}/g, '{$1}');
    for (const [key, text] of Object.entries(purchase.spec)) {
      expect(asContract(text), key).toBe(messages[key as keyof typeof messages]);
    }
  });

  it('taxes the discounted price where the region’s seller says so, as the server does (ADR 0126)', () => {
    const details = makeProductDetails();
    const sizes = { processor: 2, memory: 4, disk: 40 };
    const listed = billOf(details, sizes, 1, 30);
    const discounted = billOf(
      { ...details, country: details.country.map((c) => (c.countryID === 1 ? { ...c, vatOnDiscountedPrice: 1 as const } : c)) },
      sizes,
      1,
      30,
    );
    expect({ price: discounted.price, discount: discounted.discount }).toEqual({ price: listed.price, discount: listed.discount });
    const cents = (amount: string) => Math.round(Number(amount) * 100);
    // Tax 15 % of the list price by default; of price − discount with the seller's setting.
    expect(cents(listed.tax)).toBe(Math.round(cents(listed.price) * 0.15));
    expect(cents(discounted.tax)).toBe(Math.round((cents(listed.price) - cents(listed.discount)) * 0.15));
    expect(cents(discounted.total)).toBe(cents(listed.price) - cents(listed.discount) + cents(discounted.tax));
    expect(Number(listed.discount)).toBeGreaterThan(0);
  });
});
