import { fill, messages } from '@mawingu/contracts/messages';
import { sameAmount } from '@mawingu/contracts/pricing/money';
import { priceMultiRenewal, priceRenewal, type RenewalBill } from '@mawingu/contracts/pricing/renew';
import { gatewayKeyOf, type GatewayKey } from '@mawingu/contracts/purchase';
import type { RenewSelectedVM, RenewVM } from '@mawingu/contracts/renewals';
import { AppError } from '../../../http/app-error.ts';
import type { PurchaseRegionRow } from '../purchase/purchase-product.ts';
import type { PurchaseTerms } from '../purchase/purchase-terms.ts';
import type { RenewalTarget } from './renewal-target.ts';

/** A renewal as the server prices it: one bill per VM (one VM for kind 3), their sums, and how it is paid. */
export type RenewalQuote = {
  kind: 3 | 5;
  region: PurchaseRegionRow;
  days: number;
  vms: { target: RenewalTarget; bill: RenewalBill }[];
  price: string;
  tax: string;
  arrears: string;
  total: string;
  gateways: GatewayKey[];
  chosenGateway: GatewayKey | null;
  bypass: boolean;
};

type Sent = string | number | undefined;

/** Collects the differences between the client's figures and the server's, then refuses them together. */
class Comparison {
  readonly errors: Record<string, string> = {};
  constructor(private readonly currency: string) {}
  amount(field: string, label: string, sent: Sent, computed: string) {
    if (sent !== undefined && !sameAmount(sent, computed)) {
      this.errors[field] ??= fill(messages.amountMismatch, { field: label, amount: `${computed} ${this.currency}` });
    }
  }
  days(field: string, sent: number | undefined, computed: number) {
    if (sent !== undefined && sent !== computed)
      this.errors[field] ??= fill(messages.renewDaysExtendedMismatch, { days: String(computed) });
  }
  percent(field: string, label: string, sent: Sent, computed: string) {
    if (sent !== undefined && !sameAmount(sent, computed))
      this.errors[field] ??= fill(messages.amountMismatch, { field: label, amount: `${computed} %` });
  }
  currencyIs(sent: string | undefined) {
    if (sent && sent !== this.currency) this.errors.currency = fill(messages.currencyMismatch, { currency: this.currency });
  }
  refuse() {
    const first = Object.values(this.errors)[0];
    if (first) throw new AppError('amount_mismatch', 422, first, this.errors);
  }
}

function periodOf(terms: PurchaseTerms, days: number): number {
  const period = terms.timePeriods.find((p) => p.days === days);
  if (!period) throw AppError.badRequest(messages.timePeriodUnknown, { timePeriod: messages.timePeriodUnknown });
  return period.days;
}

/** The gateway the order will use: the one chosen, or the only one offered; bypass needs none (as CreateOrder). */
function gatewayOf(sent: string | string[] | undefined, gateways: GatewayKey[], bypass: boolean): GatewayKey | null {
  if (bypass) return null;
  if (gateways.length === 0) throw AppError.conflict(messages.noPaymentGateway);
  const names = (Array.isArray(sent) ? sent : [sent ?? '']).filter((n) => n.trim() !== '');
  const keys = names.map(gatewayKeyOf);
  if (keys.some((k) => !k || !gateways.includes(k)))
    throw AppError.badRequest(messages.gatewayUnavailable, { paymentGateway: messages.gatewayUnavailable });
  if (keys.length === 1) return keys[0]!;
  return gateways.length === 1 ? gateways[0]! : null;
}

/** The renew payload's sizes and region must be the VM's: a renewal keeps its configuration. */
function checkConfiguration(input: RenewVM, target: RenewalTarget) {
  const { vm, region } = target;
  const errors: Record<string, string> = {};
  const size = (field: string, label: string, sent: number, own: number, unit: string) => {
    if (sent !== own) errors[field] = fill(messages.renewSizeMismatch, { field: label, value: `${own} ${unit}` });
  };
  const unitOf = (name: string) => target.lines.find((l) => l.name.trim().toLowerCase() === name)?.unit ?? '';
  size('ramCount', 'Memory', input.ramCount, vm.ramGb, unitOf('memory'));
  size('processorCount', 'Processor', input.processorCount, vm.cpu, 'cores');
  size('diskCount', 'Disk', input.diskCount, vm.diskGb, unitOf('disk'));
  for (const field of ['region', 'countryID'] as const) {
    const sent = input[field];
    if (sent !== undefined && sent !== region.id) errors[field] = fill(messages.renewRegionMismatch, { region: region.name });
  }
  const first = Object.values(errors)[0];
  if (first) throw AppError.badRequest(first, errors);
}

/**
 * Prices a renewVM payload: the VM's sizes at the product's current costs for the chosen period,
 * tax of its region, arrears for the days past its end date (the server's count). 400 for a
 * configuration that is not the VM's, 409 when no payment is possible, 422 when a figure differs.
 */
export function quoteRenewal(input: RenewVM, target: RenewalTarget, terms: PurchaseTerms): RenewalQuote {
  checkConfiguration(input, target);
  const days = periodOf(terms, input.timePeriod);
  const { region } = target;
  const gateways = terms.gatewaysIn(region.id);
  const chosenGateway = gatewayOf(input.paymentGateway, gateways, terms.bypass);
  const bill = priceRenewal({ lines: target.lines, days, taxPercent: region.taxPercent, daysExtended: target.daysExtended });
  const compare = new Comparison(region.currency);
  compare.currencyIs(input.currency);
  compare.days('daysExtended', input.daysExtended, target.daysExtended);
  compare.amount('cost', 'Cost', input.cost, bill.price);
  compare.amount('taxAmount', 'Tax amount', input.taxAmount, bill.tax);
  compare.amount('penaltyCostRenew', 'Arrears', input.penaltyCostRenew, bill.arrears);
  compare.amount('totalAmount', 'Total amount', input.totalAmount, bill.total);
  compare.refuse();
  const { price, tax, arrears, total } = bill;
  return {
    kind: 3,
    region,
    days,
    vms: [{ target, bill }],
    price,
    tax,
    arrears,
    total,
    gateways: terms.bypass ? [] : gateways,
    chosenGateway,
    bypass: terms.bypass,
  };
}

/**
 * Prices a renewSelectedVM payload: each VM billed as a renewal of its own, the bill the sums
 * (priceMultiRenewal); the first VM's region's gateways. Per-VM figures in MultiRenewData are
 * compared when sent, naming `MultiRenewData.{i}.{field}`.
 */
export function quoteMultiRenewal(input: RenewSelectedVM, targets: RenewalTarget[], terms: PurchaseTerms): RenewalQuote {
  const days = periodOf(terms, input.timePeriod);
  const region = targets[0]!.region;
  const gateways = terms.gatewaysIn(region.id);
  const chosenGateway = gatewayOf(input.paymentGateway, gateways, terms.bypass);
  const bill = priceMultiRenewal(
    targets.map((t) => ({ vmName: t.vm.name, lines: t.lines, days, taxPercent: t.region.taxPercent, daysExtended: t.daysExtended })),
  );
  const compare = new Comparison(region.currency);
  compare.currencyIs(input.currency);
  (input.MultiRenewData ?? []).forEach((entry, i) => {
    const at = targets.findIndex((t) => t.vm.id === entry.ID);
    if (at < 0) {
      compare.errors[`MultiRenewData.${i}.ID`] = fill(messages.renewVmUnknown, { id: String(entry.ID) });
      return;
    }
    const own = bill.vms[at]!;
    compare.days(`MultiRenewData.${i}.daysExtended`, entry.daysExtended, own.daysExtended);
    compare.amount(`MultiRenewData.${i}.price`, `Price of ${own.vmName}`, entry.price, own.price);
    compare.amount(`MultiRenewData.${i}.tax`, `Tax of ${own.vmName}`, entry.tax, own.tax);
    compare.amount(`MultiRenewData.${i}.arrears`, `Arrears of ${own.vmName}`, entry.arrears, own.arrears);
    compare.amount(`MultiRenewData.${i}.total`, `Amount of ${own.vmName}`, entry.total, own.total);
  });
  compare.days(
    'daysExtended',
    input.daysExtended,
    targets.reduce((n, t) => n + t.daysExtended, 0),
  );
  compare.percent('calulatedtaxvalue', 'Tax percent', input.calulatedtaxvalue, region.taxPercent);
  compare.amount('FinalPrice', 'Total price', input.FinalPrice, bill.price);
  compare.amount('cost', 'Cost', input.cost, bill.price);
  compare.amount('taxAmount', 'Tax amount', input.taxAmount, bill.tax);
  compare.amount('penaltyCostRenew', 'Arrears', input.penaltyCostRenew, bill.arrears);
  compare.amount('totalAmountwithTax', 'Total payable amount', input.totalAmountwithTax, bill.total);
  compare.refuse();
  return {
    kind: 5,
    region,
    days,
    vms: targets.map((target, i) => ({ target, bill: bill.vms[i]! })),
    price: bill.price,
    tax: bill.tax,
    arrears: bill.arrears,
    total: bill.total,
    gateways: terms.bypass ? [] : gateways,
    chosenGateway,
    bypass: terms.bypass,
  };
}
