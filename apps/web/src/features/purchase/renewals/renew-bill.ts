import type { Bill } from '@mawingu/contracts/pricing/bill';
import { configuredLines } from '@mawingu/contracts/pricing/configured-lines';
import { priceMultiRenewal, priceRenewal, type MultiRenewalBill, type RenewalBill } from '@mawingu/contracts/pricing/renew';
import type { MultiRenewDetails, RenewVmDetails } from '@mawingu/contracts/renewals';
import type { PurchaseSpec } from '../purchase-spec.ts';

/** The renewal's time period preselected: the VM's own when still offered, else the first one. */
export function initialDays(periods: readonly { TimePeriod: number }[], own?: number): number | null {
  return periods.find((p) => p.TimePeriod === own)?.TimePeriod ?? periods[0]?.TimePeriod ?? null;
}

/**
 * The renew bill with the server's own engine (priceRenewal): the VM's sizes at the product's
 * current unit costs for the chosen days, the region's tax, arrears for the days past the end date.
 */
export function renewBillOf(details: RenewVmDetails, days: number): RenewalBill {
  const vm = details.VMProductDetail;
  const lines = configuredLines(
    details.vmSpec.map((row) => ({ name: row.specificationName, unit: row.specificationUnit, costPerUnit: row.costPerUnit })),
    { memory: vm.vm_RAM_Count, processor: vm.vm_CPU_Count, disk: vm.vm_Driver_Count },
  ).map(({ name, unit, costPerUnit, count }) => ({ name, unit, costPerUnit, count }));
  return priceRenewal({ lines, days, taxPercent: vm.taxValue, daysExtended: details.daysExtended });
}

/** The multi-renew bill: each VM billed as a renewal of its own, the figures the sums (priceMultiRenewal). */
export function multiRenewBillOf(details: MultiRenewDetails, days: number): MultiRenewalBill {
  return priceMultiRenewal(
    details.VMProductDetail.map((row) => ({
      vmName: row.vmName,
      lines: row.renewLines,
      days,
      taxPercent: details.taxValue,
      daysExtended: row.daysExtended,
    })),
  );
}

/** What the gateway dialogs read (their USD figures include the arrears). */
export const dialogBill = (bill: {
  price: string;
  tax: string;
  arrears: string;
  total: string;
  lines?: Bill['lines'];
}): Bill & { arrears: string } => ({
  lines: bill.lines ?? [],
  price: bill.price,
  tax: bill.tax,
  discount: '0.00',
  arrears: bill.arrears,
  total: bill.total,
});

const line = (bill: RenewalBill, name: string) => bill.lines.find((l) => l.name.trim().toLowerCase() === name);

/** The spec object of a renewal (kind 3) for /purchasedetails/3. */
export function renewSpecOf(details: RenewVmDetails, days: number, gateway: string, bill: RenewalBill): PurchaseSpec {
  const vm = details.VMProductDetail;
  const spec = (name: string) => details.vmSpec.find((r) => r.specificationName.trim().toLowerCase() === name);
  return {
    productId: details.productid,
    productName: vm.productName,
    memory: vm.vm_RAM_Count,
    memoryUnit: vm.vm_RAM_Unit,
    memoryspecificationUnit: vm.vm_RAM_Unit,
    memoryPerUnitPrice: spec('memory')?.costPerUnit ?? '0',
    memoryTax: vm.taxValue,
    processor: vm.vm_CPU_Count,
    processorUnit: 'cores',
    processorspecificationUnit: spec('processor')?.specificationUnit ?? 'vCPU',
    processorPerUnitPrice: spec('processor')?.costPerUnit ?? '0',
    processorTax: vm.taxValue,
    ProcessorspecificationCost: line(bill, 'processor')?.amount ?? '0.00',
    disk: vm.vm_Driver_Count,
    diskUnit: vm.vm_Driver_Unit,
    diskspecificationUnit: vm.vm_Driver_Unit,
    diskPerUnitPrice: spec('disk')?.costPerUnit ?? '0',
    diskTax: vm.taxValue,
    region: vm.regionID,
    regionName: vm.regionName,
    FinalPrice: bill.price,
    calulatedtaxvalue: vm.taxValue,
    taxAmount: bill.tax,
    totalAmountwithTax: bill.total,
    currency: vm.vm_currency,
    time: days,
    paymentGateway: gateway,
    microsoftLicense: 0,
    byPassflag: details.byPassflag,
    discountAmount: '0.00',
    discountArr: [],
    serviceType: vm.serviceType,
    imagePath: vm.imagePath,
    producttype: details.producttype,
    lines: bill.lines,
    clientVMID: vm.ID,
    cost: bill.price,
    countryID: vm.countryID,
    daysExtended: bill.daysExtended,
  };
}

/** One VM of a multi-renew as the page billed it (the spec object's MultiRenewData entries). */
export type MultiRenewEntry = {
  ID: number;
  vmName: string;
  daysExtended: number;
  price: string;
  tax: string;
  arrears: string;
  total: string;
};

/** The spec object of a multi-renew (kind 5) for /purchasedetails/5; the sizes are the VMs' sums. */
export function multiRenewSpecOf(details: MultiRenewDetails, days: number, gateway: string, bill: MultiRenewalBill): PurchaseSpec {
  const rows = details.VMProductDetail;
  const first = rows[0]!;
  const entries: MultiRenewEntry[] = rows.map((row, i) => {
    const own = bill.vms[i]!;
    return {
      ID: row.ID,
      vmName: row.vmName,
      daysExtended: own.daysExtended,
      price: own.price,
      tax: own.tax,
      arrears: own.arrears,
      total: own.total,
    };
  });
  const totalOf = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + pick(r), 0);
  return {
    productId: first.productID,
    productName: rows.map((r) => r.vmName).join(', '),
    memory: totalOf((r) => r.ram_Count),
    memoryUnit: first.ram_Unit,
    memoryspecificationUnit: first.ram_Unit,
    memoryPerUnitPrice: '0',
    memoryTax: details.taxValue,
    processor: totalOf((r) => r.cpu_Count),
    processorUnit: 'cores',
    processorspecificationUnit: 'vCPU',
    processorPerUnitPrice: '0',
    processorTax: details.taxValue,
    ProcessorspecificationCost: '0.00',
    disk: totalOf((r) => r.disk_Count),
    diskUnit: first.disk_Unit,
    diskspecificationUnit: first.disk_Unit,
    diskPerUnitPrice: '0',
    diskTax: details.taxValue,
    region: details.regionID,
    regionName: details.country[0]?.countryName ?? '',
    FinalPrice: bill.price,
    calulatedtaxvalue: details.taxValue,
    taxAmount: bill.tax,
    totalAmountwithTax: bill.total,
    currency: details.currency,
    time: days,
    paymentGateway: gateway,
    microsoftLicense: 0,
    byPassflag: details.byPassflag,
    discountAmount: '0.00',
    discountArr: [],
    serviceType: first.productName,
    imagePath: null,
    producttype: first.producttype,
    lines: entries.map((e) => ({ name: e.vmName, unit: 'days', count: days, amount: e.total })),
    cost: bill.price,
    countryID: details.regionID,
    daysExtended: entries.reduce((n, e) => n + e.daysExtended, 0),
    MultiRenewData: entries,
  };
}

/** MultiRenewData read back from history state (user-controlled): only well-formed entries. */
export function multiRenewEntriesOf(spec: PurchaseSpec): MultiRenewEntry[] {
  const data = Array.isArray(spec.MultiRenewData) ? spec.MultiRenewData : [];
  return data.filter(
    (e): e is MultiRenewEntry =>
      typeof e === 'object' &&
      e !== null &&
      Number.isInteger((e as MultiRenewEntry).ID) &&
      typeof (e as MultiRenewEntry).total === 'string',
  );
}
