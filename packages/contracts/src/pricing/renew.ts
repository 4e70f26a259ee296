import { priceNewVm, type BillLine, type SpecLineInput } from './bill.ts';
import { DAYS_PER_PRICE_PERIOD } from './line-cost.ts';
import { Money, formatCents, nonNegative, sum, wholeNumber, type DecimalInput } from './money.ts';

/** Renewal lines carry no category discount: the spec's renewal bill has none. */
export type RenewLineInput = Omit<SpecLineInput, 'discountPercent'>;

export type RenewalInput = {
  lines: readonly RenewLineInput[];
  /** The renewal's time period in days. */
  days: number;
  taxPercent: DecimalInput;
  /** Days the VM ran past its end date; arrears are charged for them (0 = none). */
  daysExtended: number;
};

/** The renew bill: Total Price, Tax, Arrears for N Days, Total Payable = price + tax + arrears. */
export type RenewalBill = { lines: BillLine[]; price: string; tax: string; arrears: string; total: string; daysExtended: number };

/**
 * Arrears = (price + tax) / 30 × daysExtended (ruling), from the bill's rounded price and tax,
 * multiplied before the division and rounded half-up once.
 */
export function renewArrears(input: { price: DecimalInput; tax: DecimalInput; daysExtended: number }): string {
  const base = nonNegative(input.price, 'price').plus(nonNegative(input.tax, 'tax'));
  return formatCents(base.times(wholeNumber(input.daysExtended, 'daysExtended')).dividedBy(DAYS_PER_PRICE_PERIOD));
}

export function priceRenewal(input: RenewalInput): RenewalBill {
  const bill = priceNewVm({ lines: input.lines.map(withoutDiscount), days: input.days, taxPercent: input.taxPercent });
  const arrears = renewArrears({ price: bill.price, tax: bill.tax, daysExtended: input.daysExtended });
  return {
    lines: bill.lines,
    price: bill.price,
    tax: bill.tax,
    arrears,
    total: formatCents(sum([bill.price, bill.tax, arrears].map((v) => new Money(v)))),
    daysExtended: input.daysExtended,
  };
}

export type MultiRenewalBill = {
  vms: (RenewalBill & { vmName: string })[];
  price: string;
  tax: string;
  arrears: string;
  total: string;
};

/** Several VMs renewed at once: each VM billed on its own, the bill's figures the sums of theirs. */
export function priceMultiRenewal(vms: readonly (RenewalInput & { vmName: string })[]): MultiRenewalBill {
  const billed = vms.map((vm) => ({ vmName: vm.vmName, ...priceRenewal(vm) }));
  const total = (field: 'price' | 'tax' | 'arrears' | 'total') => formatCents(sum(billed.map((b) => new Money(b[field]))));
  return { vms: billed, price: total('price'), tax: total('tax'), arrears: total('arrears'), total: total('total') };
}

function withoutDiscount({ name, unit, costPerUnit, count }: RenewLineInput): SpecLineInput {
  return { name, unit, costPerUnit, count };
}
