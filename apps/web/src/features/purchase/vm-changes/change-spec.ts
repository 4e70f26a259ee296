import type { Totals } from '@mawingu/contracts/pricing/totals';
import type { BillLine } from '@mawingu/contracts/pricing/bill';
import type { UpdateType, VmChangeDetails } from '@mawingu/contracts/vm-changes';
import type { Sizes } from '../configurator.ts';
import type { PurchaseSpec } from '../purchase-spec.ts';
import { currencyOf, taxPercentOf } from './change-bills.ts';

const rowOf = (details: VmChangeDetails, name: string) => details.vmSpec.find((r) => r.specificationName.trim().toLowerCase() === name);

/** The spec object's common part for a change of a VM: its product, region and the bill's totals. */
function baseSpec(details: VmChangeDetails, sizes: Sizes, totals: Totals, lines: BillLine[], gateway: string): PurchaseSpec {
  const product = details.VMProductDetail;
  const region = details.country[0];
  const memory = rowOf(details, 'memory');
  const processor = rowOf(details, 'processor');
  const disk = rowOf(details, 'disk');
  return {
    productId: product.parentVMId,
    productName: product.productName,
    memory: sizes.memory,
    memoryUnit: product.ram_Unit,
    memoryspecificationUnit: product.ram_Unit,
    memoryPerUnitPrice: memory?.costPerUnit ?? '0',
    memoryTax: memory?.tax ?? '0',
    processor: sizes.processor,
    processorUnit: 'cores',
    processorspecificationUnit: processor?.specificationUnit ?? 'vCPU',
    processorPerUnitPrice: processor?.costPerUnit ?? '0',
    processorTax: processor?.tax ?? '0',
    ProcessorspecificationCost: lines.find((l) => l.name.toLowerCase() === 'processor')?.amount ?? '0.00',
    disk: sizes.disk,
    diskUnit: product.disk_Unit,
    diskspecificationUnit: product.disk_Unit,
    diskPerUnitPrice: disk?.costPerUnit ?? '0',
    diskTax: disk?.tax ?? '0',
    region: region?.countryID ?? 0,
    regionName: region?.countryName ?? product.regionName,
    FinalPrice: totals.price,
    calulatedtaxvalue: taxPercentOf(details),
    taxAmount: totals.tax,
    totalAmountwithTax: totals.total,
    currency: currencyOf(details),
    time: product.validity,
    paymentGateway: gateway,
    microsoftLicense: 0,
    byPassflag: details.byPassflag,
    discountAmount: '0.00',
    discountArr: [],
    serviceType: product.serviceType,
    imagePath: product.imagePath,
    producttype: details.producttype,
    lines,
    clientVMID: product.ID,
    cost: totals.price,
    countryID: region?.countryID ?? 0,
  };
}

/** The update page's spec object: Disk mode carries the added disk's size as `disk`. */
export function updateSpecOf(
  details: VmChangeDetails,
  mode: UpdateType,
  sizes: Sizes,
  addDiskGb: number,
  bill: Totals & {
    lines: { name: string; unit: string; toCount: number; amount: string }[];
  },
  gateway: string,
): PurchaseSpec {
  const chosen =
    mode === 'Disk'
      ? {
          memory: details.VMProductDetail.ram_Count,
          processor: details.VMProductDetail.cpu_Count,
          disk: addDiskGb,
        }
      : sizes;
  const lines = bill.lines.map((l) => ({
    name: l.name,
    unit: l.unit,
    count: l.toCount,
    amount: l.amount,
  }));
  return {
    ...baseSpec(details, chosen, bill, lines, gateway),
    updateType: mode,
    daysExtended: 0,
    time: details.remainingDays,
  };
}

/** The clone or snapshot page's spec object. */
export function backupSpecOf(
  details: VmChangeDetails,
  kind: 'Clone' | 'Snapshot',
  bill: Totals & { lines: BillLine[] },
  clone: { duration: number; type: string; days: number },
  gateway: string,
): PurchaseSpec {
  const product = details.VMProductDetail;
  const sizes = {
    memory: product.ram_Count,
    processor: product.cpu_Count,
    disk: product.disk_Count,
  };
  return {
    ...baseSpec(details, sizes, bill, bill.lines, gateway),
    isCloneOrSnapshot: kind,
    // The days the copy is kept (a clone's periods in days); a snapshot has no end.
    time: kind === 'Clone' ? clone.days : 0,
    ...(kind === 'Clone' && {
      cloneDuration: clone.duration,
      cloneDurationType: clone.type,
      cloneOptionType: clone.type,
    }),
  };
}
