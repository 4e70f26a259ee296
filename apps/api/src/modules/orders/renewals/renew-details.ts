import type { SpecificationRow } from '@mawingu/contracts/catalog';
import { priceRenewal } from '@mawingu/contracts/pricing/renew';
import { DAYS_PER_PRICE_PERIOD } from '@mawingu/contracts/pricing/line-cost';
import { GATEWAY_NAMES, type GatewayKey, type PurchaseRegion } from '@mawingu/contracts/purchase';
import type { MultiRenewDetails, MultiRenewRow, RenewVmDetails } from '@mawingu/contracts/renewals';
import { productTypeOf, type PurchaseRegionRow } from '../purchase/purchase-product.ts';
import type { PurchaseTerms } from '../purchase/purchase-terms.ts';
import type { RenewalTarget } from './renewal-target.ts';

const offered = (terms: PurchaseTerms, regionId: number): GatewayKey[] => (terms.bypass ? [] : terms.gatewaysIn(regionId));

function regionOf(region: PurchaseRegionRow, terms: PurchaseTerms): PurchaseRegion {
  return {
    countryID: region.id,
    countryName: region.name,
    taxValue: region.taxPercent,
    currency: region.currency,
    paymentGateway: offered(terms, region.id).map((g) => GATEWAY_NAMES[g]),
  };
}

const timePeriodsOf = (terms: PurchaseTerms) => terms.timePeriods.map((p) => ({ TimePeriod: p.days, label: p.label }));

/** The VM's 30-day price at current costs (the spec's vm_Cost), before tax. */
const monthlyPrice = (target: RenewalTarget) =>
  priceRenewal({ lines: target.lines, days: DAYS_PER_PRICE_PERIOD, taxPercent: '0', daysExtended: 0 }).price;

const sizeOf = (target: RenewalTarget, name: string) => target.lines.find((l) => l.name.trim().toLowerCase() === name);

/** The renew page's payload: the VM's own sizes on the product's sliders, its region, periods and gateways. */
export function renewDetailsOf(
  target: RenewalTarget,
  vmSpec: SpecificationRow[],
  terms: PurchaseTerms,
  zarToUsdRate: string,
): RenewVmDetails {
  const { vm, product, region } = target;
  const counts: Record<string, number> = { memory: vm.ramGb, processor: vm.cpu, disk: vm.diskGb };
  return {
    productid: product.row.id,
    VMProductDetail: {
      ID: vm.id,
      productID: product.row.id,
      productName: product.row.name,
      vmName: vm.name,
      aliasName: vm.alias?.trim() || null,
      vm_Cost: monthlyPrice(target),
      vm_RAM_Count: vm.ramGb,
      vm_RAM_Unit: sizeOf(target, 'memory')?.unit ?? 'GB',
      vm_CPU_Count: vm.cpu,
      vm_Driver_Count: vm.diskGb,
      vm_Driver_Unit: sizeOf(target, 'disk')?.unit ?? 'GB',
      vm_currency: region.currency,
      osType: vm.os,
      taxValue: region.taxPercent,
      serviceType: product.row.serviceType,
      serviceCategory: product.row.serviceName,
      imagePath: product.row.imagePath,
      isGoldCopy: product.row.isGoldCopy ? 1 : 0,
      regionName: region.name,
      regionID: region.id,
      countryID: region.id,
      vm_validity: vm.days,
      endDate: vm.endAt?.toISOString() ?? null,
      daysExtended: target.daysExtended,
    },
    // The sliders sit at the VM's sizes (shown disabled): a renewal keeps the configuration.
    vmSpec: vmSpec.map((row) => {
      const count = counts[row.specificationName.trim().toLowerCase()];
      if (count === undefined) return row;
      const line = sizeOf(target, row.specificationName.trim().toLowerCase());
      const total = line
        ? priceRenewal({ lines: [line], days: DAYS_PER_PRICE_PERIOD, taxPercent: '0', daysExtended: 0 }).price
        : row.totalCost;
      return { ...row, specificationCount: count, totalCost: total, tax: region.taxPercent };
    }),
    ramCpuDependecy: terms
      .ramCpuRangesOf(product.row.id)
      .map((r) => ({ ramStartLimit: r.ramFrom, ramEndLimit: r.ramTo, cpuCount: r.cpuCount })),
    country: [regionOf(region, terms)],
    timePeriod: timePeriodsOf(terms),
    paymentGateway: offered(terms, region.id).map((g) => GATEWAY_NAMES[g]),
    byPassflag: terms.bypass ? 1 : 0,
    daysExtended: target.daysExtended,
    microsoftLicense: product.row.microsoftLicense ? 1 : 0,
    producttype: productTypeOf(vm.os),
    zarToUsdRate,
  };
}

function rowOf(target: RenewalTarget): MultiRenewRow {
  const { vm, product, region } = target;
  return {
    ID: vm.id,
    vmName: vm.name,
    aliasName: vm.alias?.trim() || null,
    osType: vm.os,
    producttype: productTypeOf(vm.os),
    productID: product.row.id,
    productName: product.row.name,
    cpu_Count: vm.cpu,
    ram_Count: vm.ramGb,
    ram_Unit: sizeOf(target, 'memory')?.unit ?? 'GB',
    disk_Count: vm.diskGb,
    disk_Unit: sizeOf(target, 'disk')?.unit ?? 'GB',
    daysExtended: target.daysExtended,
    vm_Cost: monthlyPrice(target),
    taxValue: region.taxPercent,
    endDate: vm.endAt?.toISOString() ?? null,
    renewLines: target.lines.map((l) => ({ name: l.name, unit: l.unit, costPerUnit: String(l.costPerUnit), count: Number(l.count) })),
  };
}

/** The multi-renew page's payload: one row per VM, one tax and currency, the first VM's region's gateways. */
export function multiRenewDetailsOf(targets: readonly RenewalTarget[], terms: PurchaseTerms, zarToUsdRate: string): MultiRenewDetails {
  const region = targets[0]!.region;
  return {
    VMProductDetail: targets.map(rowOf),
    taxData: { currency: region.currency, taxValue: region.taxPercent },
    currency: region.currency,
    taxValue: region.taxPercent,
    regionID: region.id,
    country: [regionOf(region, terms)],
    timePeriod: timePeriodsOf(terms),
    paymentGateway: offered(terms, region.id).map((g) => GATEWAY_NAMES[g]),
    byPassflag: terms.bypass ? 1 : 0,
    zarToUsdRate,
  };
}
