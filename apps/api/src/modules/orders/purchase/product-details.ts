import type { SpecificationRow } from '@mawingu/contracts/catalog';
import { GATEWAY_NAMES, type GatewayKey, type VmProductDetails } from '@mawingu/contracts/purchase';
import { productTypeOf, purchaseRegionsOf, type PurchaseProduct } from './purchase-product.ts';
import type { PurchaseTerms } from './purchase-terms.ts';

/** The configuration screen's payload (purchasing spec "Product details response"), for a customer; the caller adds the suggested VM name. */
export function productDetailsOf(
  product: PurchaseProduct,
  vmSpec: SpecificationRow[],
  terms: PurchaseTerms,
  zarToUsdRate: string,
): VmProductDetails {
  const { row, card } = product;
  const regions = purchaseRegionsOf(product);
  const offered = (regionId: number): GatewayKey[] => (terms.bypass ? [] : terms.gatewaysIn(regionId));
  const everyGateway = [...new Set(regions.flatMap((r) => offered(r.id)))];
  return {
    productid: row.id,
    VMProductDetail: {
      ID: row.id,
      productName: row.name,
      description: row.description,
      vm_Cost: card.listPrice,
      vm_RAM_Count: card.vm_RAM_Count,
      vm_RAM_Unit: card.vm_RAM_Unit,
      vm_CPU_Count: card.vm_CPU_Count,
      vm_Driver_Count: card.vm_Driver_Count,
      vm_Driver_Unit: card.vm_Driver_Unit,
      vm_currency: row.currency,
      osType: row.osType,
      taxValue: regions[0]?.taxPercent ?? '0.00',
      serviceType: row.serviceType,
      serviceCategory: row.serviceName,
      imagePath: row.imagePath,
      isGoldCopy: row.isGoldCopy ? 1 : 0,
    },
    vmSpec,
    ramCpuDependecy: terms.ramCpuRangesOf(row.id).map((r) => ({
      ramStartLimit: r.ramFrom,
      ramEndLimit: r.ramTo,
      cpuCount: r.cpuCount,
    })),
    country: regions.map((r) => ({
      countryID: r.id,
      countryName: r.name,
      taxValue: r.taxPercent,
      vatOnDiscountedPrice: terms.vatOnDiscountedPriceIn(r.id) ? 1 : 0,
      currency: r.currency,
      paymentGateway: offered(r.id).map((g) => GATEWAY_NAMES[g]),
    })),
    timePeriod: terms.timePeriods.map((p) => ({
      TimePeriod: p.days,
      label: p.label,
    })),
    paymentGateway: everyGateway.map((g) => GATEWAY_NAMES[g]),
    byPassflag: terms.bypass ? 1 : 0,
    discount: terms.discountFor(row.id),
    microsoftLicense: row.microsoftLicense ? 1 : 0,
    producttype: productTypeOf(row.osType),
    zarToUsdRate,
  };
}
