import type { SpecificationRow } from '@mawingu/contracts/catalog';
import { GATEWAY_NAMES } from '@mawingu/contracts/purchase';
import { CLONE_TYPES, type VmChangeDetails } from '@mawingu/contracts/vm-changes';
import { productDetailsOf } from '../purchase/product-details.ts';
import type { VmContext } from './vm-context.ts';

/**
 * The update, clone and snapshot pages' payload: the product details response with the VM's own
 * sizes, only the VM's region (its tax, currency and gateways decide the bill), the product's current
 * sliders and costs, the clone choices and the disks added so far.
 */
export function changeDetailsOf(ctx: VmContext, vmSpec: SpecificationRow[], zarToUsdRate: string): VmChangeDetails {
  const { vm, product, region, terms } = ctx;
  const base = productDetailsOf(product, vmSpec, terms, zarToUsdRate);
  const gateways = terms.bypass ? [] : terms.gatewaysIn(region.id).map((g) => GATEWAY_NAMES[g]);
  const memory = ctx.specOf('memory');
  const disk = ctx.specOf('disk');
  return {
    ...base,
    VMProductDetail: {
      ...base.VMProductDetail,
      ID: vm.id,
      vmName: vm.name,
      aliasName: vm.alias?.trim() || null,
      vm_RAM_Count: vm.ramGb,
      vm_RAM_Unit: memory.unit,
      vm_CPU_Count: vm.cpu,
      vm_Driver_Count: vm.diskGb,
      vm_Driver_Unit: disk.unit,
      vm_currency: region.currency,
      taxValue: region.taxPercent,
      ram_Count: vm.ramGb,
      ram_Unit: memory.unit,
      cpu_Count: vm.cpu,
      disk_Count: vm.diskGb,
      disk_Unit: disk.unit,
      currency: region.currency,
      validity: vm.days,
      regionID: vm.regionId,
      regionName: region.name,
      countryID: region.id,
      drive_Cost_PerUnit: String(disk.costPerUnit),
      parentVMId: product.row.id,
      daysExtended: 0,
      endDate: vm.endAt?.toISOString() ?? null,
    },
    country: [
      {
        countryID: region.id,
        countryName: region.name,
        taxValue: region.taxPercent,
        currency: region.currency,
        paymentGateway: gateways,
      },
    ],
    paymentGateway: gateways,
    remainingDays: ctx.remainingDays,
    cloneDuration: [...terms.cloneDurations],
    cloneType: [...CLONE_TYPES],
    addedDisks: ctx.addedDisks.map((d) => ({
      slot: d.slot,
      sizeGb: d.sizeGb,
      state: d.state,
    })),
    isClone: ctx.hasCopy ? 1 : 0,
  };
}
