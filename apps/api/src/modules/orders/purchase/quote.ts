import { fill, messages } from '@mawingu/contracts/messages';
import { priceNewVm, type Bill } from '@mawingu/contracts/pricing/bill';
import { configuredLines, type ChosenSizes } from '@mawingu/contracts/pricing/configured-lines';
import { sameAmount } from '@mawingu/contracts/pricing/money';
import { gatewayKeyOf, type CreateOrder, type GatewayKey } from '@mawingu/contracts/purchase';
import { AppError } from '../../../http/app-error.ts';
import { purchaseRegionsOf, type PurchaseProduct, type PurchaseRegionRow } from './purchase-product.ts';
import type { PurchaseTerms } from './purchase-terms.ts';

/** A new-VM order as the server prices it from the catalogue; the client's figures only compared. */
export type Quote = {
  product: PurchaseProduct;
  region: PurchaseRegionRow;
  days: number;
  sizes: { memory: number; processor: number; disk: number };
  bill: Bill;
  /** Unit cost and discount % per bill line, in the bill's order (frozen on the order lines). */
  rates: { costPerUnit: string; discountPercent: string }[];
  gateways: GatewayKey[];
  chosenGateway: GatewayKey | null;
  bypass: boolean;
};

type SpecType = 'memory' | 'processor' | 'disk';
const LABELS: Record<SpecType, string> = {
  memory: 'Memory',
  processor: 'Processor',
  disk: 'Disk',
};

function refuse(status: 400 | 422, fieldErrors: Record<string, string>): never {
  const first = Object.values(fieldErrors)[0]!;
  throw status === 400 ? AppError.badRequest(first, fieldErrors) : new AppError('amount_mismatch', 422, first, fieldErrors);
}

/** Region, time period, sizes (min, max, step, RAM → CPU) and units: what the configurator could have produced. */
function checkChoices(input: CreateOrder, product: PurchaseProduct, terms: PurchaseTerms) {
  const errors: Record<string, string> = {};
  const region = purchaseRegionsOf(product).find((r) => r.id === input.region);
  if (!region) errors.region = messages.regionUnknown;
  const period = terms.timePeriods.find((p) => p.days === input.timePeriod);
  if (!period) errors.timePeriod = messages.timePeriodUnknown;

  const sizes = {} as Record<SpecType, number>;
  input.specification.forEach((entry, i) => {
    sizes[entry.type] = entry.value;
    const spec = product.specs.find((s) => s.name.trim().toLowerCase() === entry.type);
    if (!spec) {
      errors[`specification.${i}.type`] = messages.specificationEntries;
      return;
    }
    const onSlider =
      entry.value >= spec.minValue && entry.value <= spec.maxValue && (entry.value - spec.minValue) % Math.max(spec.step, 1) === 0;
    if (!onSlider) {
      errors[`specification.${i}.value`] = fill(messages.sizeOutOfRange, {
        field: LABELS[entry.type],
        min: String(spec.minValue),
        max: String(spec.maxValue),
        step: String(spec.step),
      });
    }
    // The spec's processor unit is always "cores"; memory and disk units must be the product's.
    if (entry.type !== 'processor' && entry.unit && entry.unit.toLowerCase() !== spec.unit.toLowerCase()) {
      errors[`specification.${i}.unit`] ??= fill(messages.unitMismatch, {
        field: `${LABELS[entry.type]} unit`,
        unit: spec.unit,
      });
    }
  });

  // Memory selects the processor count where the product has a range for it (start <= memory <= end).
  const range = terms.ramCpuRangesOf(product.row.id).find((r) => r.ramFrom <= sizes.memory && sizes.memory <= r.ramTo);
  if (range && sizes.processor !== range.cpuCount) {
    const i = input.specification.findIndex((e) => e.type === 'processor');
    const memoryUnit = product.specs.find((s) => s.name.trim().toLowerCase() === 'memory')?.unit ?? 'GB';
    errors[`specification.${i}.value`] ??= fill(messages.processorForMemory, {
      count: String(range.cpuCount),
      memory: `${sizes.memory} ${memoryUnit}`,
    });
  }
  if (Object.keys(errors).length) refuse(400, errors);
  return {
    region: region!,
    days: period!.days,
    sizes: sizes as ChosenSizes & Record<SpecType, number>,
  };
}

/** The gateway the order will use: the one chosen, or the only one offered; bypass needs none. */
function checkGateway(input: CreateOrder, gateways: GatewayKey[], bypass: boolean): GatewayKey | null {
  if (bypass) return null;
  if (gateways.length === 0) throw AppError.conflict(messages.noPaymentGateway);
  const sent = (Array.isArray(input.paymentGateway) ? input.paymentGateway : [input.paymentGateway ?? '']).filter((n) => n.trim() !== '');
  const keys = sent.map(gatewayKeyOf);
  if (keys.some((k) => !k || !gateways.includes(k))) refuse(400, { paymentGateway: messages.gatewayUnavailable });
  if (keys.length === 1) return keys[0]!;
  return gateways.length === 1 ? gateways[0]! : null;
}

/** Every amount the client sent, compared to the cent with the server's bill. */
function checkAmounts(input: CreateOrder, bill: Bill, currency: string) {
  const errors: Record<string, string> = {};
  if (input.currency && input.currency !== currency) {
    errors.currency = fill(messages.currencyMismatch, { currency });
  }
  const differs = (field: string, label: string, sent: string | number | undefined, computed: string) => {
    if (sent !== undefined && !sameAmount(sent, computed)) {
      errors[field] = fill(messages.amountMismatch, {
        field: label,
        amount: `${computed} ${currency}`,
      });
    }
  };
  input.specification.forEach((entry, i) => {
    const line = bill.lines.find((l) => l.name.trim().toLowerCase() === entry.type);
    if (line) differs(`specification.${i}.price`, `${LABELS[entry.type]} price`, entry.price, line.amount);
  });
  differs('cost', 'Cost', input.cost, bill.price);
  differs('discountAmount', 'Discount', input.discountAmount, bill.discount);
  differs('taxAmount', 'Tax amount', input.taxAmount, bill.tax);
  differs('totalAmount', 'Total amount', input.totalAmount, bill.total);
  if (Object.keys(errors).length) refuse(422, errors);
}

/**
 * Prices a CreateOrder payload from the catalogue: 400 for a choice the configurator could not have
 * produced, 409 when no payment is possible, 422 when a client amount differs from the server's.
 */
export function quoteNewVm(input: CreateOrder, product: PurchaseProduct, terms: PurchaseTerms): Quote {
  const { region, days, sizes } = checkChoices(input, product, terms);
  const bypass = terms.bypass;
  const gateways = terms.gatewaysIn(region.id);
  const chosenGateway = checkGateway(input, gateways, bypass);
  const lines = configuredLines(
    product.specs.map((s) => ({
      name: s.name,
      unit: s.unit,
      costPerUnit: s.costPerUnit,
    })),
    sizes,
    terms.discountFor(product.row.id),
  );
  const taxBase = terms.vatOnDiscountedPriceIn(region.id) ? 'discounted-price' : 'list-price';
  const bill = priceNewVm({ lines, days, taxPercent: region.taxPercent, taxBase });
  checkAmounts(input, bill, region.currency);
  return {
    product,
    region,
    days,
    sizes,
    bill,
    rates: lines.map((l) => ({
      costPerUnit: String(l.costPerUnit),
      discountPercent: String(l.discountPercent ?? '0'),
    })),
    gateways: bypass ? [] : gateways,
    chosenGateway,
    bypass,
  };
}
