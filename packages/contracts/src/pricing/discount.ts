import { Money, ONE_HUNDREDTH, percent, toCents, type DecimalInput } from './money.ts';

/** The product's category discounts (spec: discount.ramDiscount, diskDiscount, cpuDiscount), in percent. */
export type CategoryDiscounts = {
  ramDiscount?: DecimalInput | null;
  diskDiscount?: DecimalInput | null;
  cpuDiscount?: DecimalInput | null;
};

/** Which discount applies to a specification line: Memory → ram, Disk → disk, Processor → cpu. */
export function discountPercentFor(specificationName: string, discounts: CategoryDiscounts | null | undefined): DecimalInput {
  const name = specificationName.trim().toLowerCase();
  const pick =
    name === 'memory'
      ? discounts?.ramDiscount
      : name === 'disk'
        ? discounts?.diskDiscount
        : name === 'processor'
          ? discounts?.cpuDiscount
          : null;
  return pick ?? '0';
}

/**
 * Σ rounded line amount × its discount %, rounded half-up once. Each percentage is at most 100, so
 * the discount never exceeds the price and a total can never go below zero.
 */
export function discountOn(lines: readonly { amount: Money; discountPercent?: DecimalInput | undefined }[]): Money {
  let total = new Money(0);
  lines.forEach((l, i) => {
    if (l.discountPercent !== undefined) total = total.plus(l.amount.times(percent(l.discountPercent, `lines[${i}].discountPercent`)));
  });
  return toCents(total.times(ONE_HUNDREDTH));
}
