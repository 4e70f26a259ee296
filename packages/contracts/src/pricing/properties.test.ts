import { describe, expect, it } from 'vitest';
import { priceNewVm, type SpecLineInput } from './bill.ts';
import { clonePrice, type ClonePeriod } from './clone.ts';
import { totalsInUsd } from './currency.ts';
import { Money } from './money.ts';
import { priceRenewal } from './renew.ts';
import { seededRandom } from './seeded-random.ts';
import { updateDelta } from './update.ts';

/**
 * Properties over 1,000 seeded random configurations per formula. Each bill is also recomputed by an
 * independent oracle in whole cents with BigInt (half-up = floor((2·n + d) / 2·d)), so a rounding
 * slip in the engine shows up as a mismatch against integer arithmetic, not against itself.
 */
const RUNS = 1000;
const CENTS = /^\d+\.\d{2}$/;

/** A decimal string with up to `places` decimals as a whole number of 10^-places. */
function scaled(text: string, places: number): bigint {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole! + fraction.padEnd(places, '0'));
}
const halfUp = (numerator: bigint, denominator: bigint) => (2n * numerator + denominator) / (2n * denominator);
const cents = (amount: string) => scaled(amount, 2);
const asText = (c: bigint) => `${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`;

function randomLines(r: ReturnType<typeof seededRandom>): SpecLineInput[] {
  return Array.from({ length: r.int(0, 4) }, () => ({
    name: r.pick(['Memory', 'Processor', 'Disk']),
    unit: 'GB',
    costPerUnit: r.decimal(r.pick([1, 100, 100000]), r.int(0, 4)),
    count: r.int(0, 256),
    discountPercent: r.next() < 0.3 ? undefined : r.decimal(100, r.int(0, 2)),
  }));
}
const randomTax = (r: ReturnType<typeof seededRandom>) => (r.next() < 0.6 ? r.pick(['0', '15.00', '16.00']) : r.decimal(30, 2));

describe('priceNewVm properties', () => {
  const r = seededRandom(20261121);
  const cases = Array.from({ length: RUNS }, () => ({ lines: randomLines(r), days: r.int(0, 365), taxPercent: randomTax(r) }));

  it('agrees with a whole-cent oracle on every line and figure', () => {
    for (const input of cases) {
      const lineCents = input.lines.map((l) =>
        halfUp(scaled(l.costPerUnit as string, 4) * BigInt(l.count as number) * BigInt(input.days), 3000n),
      );
      const price = lineCents.reduce((a, b) => a + b, 0n);
      const tax = halfUp(price * scaled(input.taxPercent, 2), 10000n);
      const discount = halfUp(
        lineCents.reduce((sum, c, i) => sum + c * scaled((input.lines[i]!.discountPercent as string | undefined) ?? '0', 2), 0n),
        10000n,
      );
      const bill = priceNewVm(input);
      expect(
        bill.lines.map((l) => l.amount),
        JSON.stringify(input),
      ).toEqual(lineCents.map(asText));
      expect([bill.price, bill.tax, bill.discount, bill.total], JSON.stringify(input)).toEqual(
        [price, tax, discount, price + tax - discount].map(asText),
      );
    }
  });

  it('a total is never negative, the discount never above the price, every amount has 2 decimals', () => {
    for (const input of cases) {
      const bill = priceNewVm(input);
      for (const amount of [...bill.lines.map((l) => l.amount), bill.price, bill.tax, bill.discount, bill.total])
        expect(amount).toMatch(CENTS);
      expect(cents(bill.total) >= 0n).toBe(true);
      expect(cents(bill.discount) <= cents(bill.price)).toBe(true);
    }
  });

  it('the rounded lines, tax and discount add up to the total to the cent', () => {
    for (const input of cases) {
      const bill = priceNewVm(input);
      const lines = bill.lines.reduce((sum, l) => sum + cents(l.amount), 0n);
      expect(cents(bill.price)).toBe(lines);
      expect(cents(bill.total)).toBe(lines + cents(bill.tax) - cents(bill.discount));
    }
  });

  it('twice the days never costs less', () => {
    for (const input of cases) {
      const once = priceNewVm(input);
      const twice = priceNewVm({ ...input, days: input.days * 2 });
      expect(cents(twice.price) >= cents(once.price), JSON.stringify(input)).toBe(true);
      expect(cents(twice.total) >= cents(once.total), JSON.stringify(input)).toBe(true);
    }
  });
});

describe('renewal, clone, update and USD properties', () => {
  it('renewal: arrears = (price + tax) × days extended / 30 half-up; total = price + tax + arrears', () => {
    const r = seededRandom(3);
    for (let i = 0; i < RUNS; i++) {
      const input = { lines: randomLines(r), days: r.int(0, 365), taxPercent: randomTax(r), daysExtended: r.int(0, 60) };
      const bill = priceRenewal(input);
      const base = cents(bill.price) + cents(bill.tax);
      expect(cents(bill.arrears)).toBe(halfUp(base * BigInt(input.daysExtended), 30n));
      expect(cents(bill.total)).toBe(base + cents(bill.arrears));
      expect(bill.arrears).toMatch(CENTS);
    }
  });

  it('clone: each line costPerUnit × count × hours × recurrences / 720, half-up', () => {
    const r = seededRandom(5);
    const hours: Record<ClonePeriod, bigint> = { daily: 24n, weekly: 168n, monthly: 720n };
    for (let i = 0; i < RUNS; i++) {
      const input = {
        lines: randomLines(r),
        period: r.pick(['daily', 'weekly', 'monthly'] as const),
        durationCount: r.int(0, 12),
        taxPercent: randomTax(r),
      };
      const bill = clonePrice(input);
      const expected = input.lines.map((l) =>
        halfUp(scaled(l.costPerUnit as string, 4) * BigInt(l.count as number) * hours[input.period] * BigInt(input.durationCount), 72000n),
      );
      expect(bill.lines.map((l) => l.amount)).toEqual(expected.map(asText));
      expect(cents(bill.total)).toBe(expected.reduce((a, b) => a + b, 0n) + cents(bill.tax));
    }
  });

  it('update: only changed lines, never a negative amount or total', () => {
    const r = seededRandom(8);
    for (let i = 0; i < RUNS; i++) {
      const lines = Array.from({ length: r.int(0, 3) }, () => ({
        name: r.pick(['Memory', 'Processor', 'Disk']),
        unit: 'GB',
        costPerUnit: r.decimal(1000, r.int(0, 4)),
        fromCount: r.int(0, 64),
        toCount: r.int(0, 64),
      }));
      const bill = updateDelta({ lines, remainingDays: r.int(0, 365), taxPercent: randomTax(r) });
      expect(bill.lines.length).toBe(lines.filter((l) => l.fromCount !== l.toCount).length);
      for (const l of bill.lines) {
        expect(l.amount).toMatch(CENTS);
        if (l.difference < 0) expect(l.amount).toBe('0.00');
      }
      expect(cents(bill.total)).toBe(bill.lines.reduce((sum, l) => sum + cents(l.amount), 0n) + cents(bill.tax));
    }
  });

  it('USD: the payable is the sum of the converted figures, never negative', () => {
    const r = seededRandom(13);
    for (let i = 0; i < RUNS; i++) {
      const bill = priceNewVm({ lines: randomLines(r), days: r.int(0, 365), taxPercent: randomTax(r) });
      const rate = r.next() < 0.5 ? '0.063' : `0.${String(r.int(1, 9999)).padStart(4, '0')}`;
      const usd = totalsInUsd(bill, rate);
      expect(cents(usd.price)).toBe(halfUp(cents(bill.price) * scaled(rate, 4), 10000n));
      expect(cents(usd.total)).toBe(cents(usd.price) + cents(usd.tax) - cents(usd.discount));
      expect(new Money(usd.total).isNegative()).toBe(false);
    }
  });
});
