import type { Bill, BillLine } from '@mawingu/contracts/pricing/bill';
import type { VmProductDetails } from '@mawingu/contracts/purchase';

/**
 * The spec object the configuration screens hand to /purchasedetails/{commingFrom} as navigation
 * state (purchasing spec section 3, names as the spec writes them). Kind 1 (new VM) fills the
 * configurator's part; the clone, snapshot, renew, update and multi-renew pages will add theirs.
 * It lives in the history entry (structured-cloned), so it holds plain values only.
 */
export type PurchaseSpec = {
  productId: number;
  productName: string;
  /** Ours (issue 16): the new VM's name as the configurator checked it; the server suggests one when absent. */
  vmName?: string;
  memory: number;
  memoryUnit: string;
  memoryspecificationUnit: string;
  memoryPerUnitPrice: string;
  memoryTax: string;
  processor: number;
  /** Always 'cores' (spec section 9). */
  processorUnit: 'cores';
  processorspecificationUnit: string;
  processorPerUnitPrice: string;
  processorTax: string;
  /** The processor line's price on the bill. */
  ProcessorspecificationCost: string;
  disk: number;
  diskUnit: string;
  diskspecificationUnit: string;
  diskPerUnitPrice: string;
  diskTax: string;
  region: number;
  regionName: string;
  /** Price before tax and discount. */
  FinalPrice: string;
  /** Tax percent of the region, e.g. "15.00". */
  calulatedtaxvalue: string;
  taxAmount: string;
  /** Total payable: price + tax − discount. */
  totalAmountwithTax: string;
  currency: string;
  /** Days. */
  time: number;
  /** Spec name of the chosen gateway; '' when bypassed. */
  paymentGateway: string;
  microsoftLicense: 0 | 1;
  byPassflag: 0 | 1;
  discountAmount: string;
  discountArr: { specificationName: string; discountPercent: string }[];
  serviceType: string;
  imagePath: string | null;
  producttype: string;
  /** The bill lines as the configurator showed them (item, size, price): each line's price goes into the order. */
  lines: BillLine[];
  // Kinds 2–5 (clone, snapshot, renew, update, multi-renew) add these when they are built.
  clientVMID?: number;
  cost?: string;
  countryID?: number;
  cloneDuration?: number;
  cloneDurationType?: string;
  cloneOptionType?: string;
  isCloneOrSnapshot?: 'Clone' | 'Snapshot';
  updateType?: 'RamAndCpu' | 'Disk';
  daysExtended?: number;
  MultiRenewData?: unknown[];
  /** Kind 1: the profile's SSH keys picked for the new machine (ADR 0100). */
  sshKeyIds?: number[];
};

export type ChosenConfiguration = {
  memory: number;
  processor: number;
  disk: number;
  regionId: number;
  days: number;
  /** The gateway's spec name, '' for bypass. */
  gateway: string;
};

const byName = (details: VmProductDetails, name: string) =>
  details.vmSpec.find((row) => row.specificationName.trim().toLowerCase() === name);

/** The spec object of a new-VM configuration and its bill (the same bill the page shows). */
export function newVmSpecOf(details: VmProductDetails, chosen: ChosenConfiguration, bill: Bill): PurchaseSpec {
  const region = details.country.find((c) => c.countryID === chosen.regionId);
  const memory = byName(details, 'memory');
  const processor = byName(details, 'processor');
  const disk = byName(details, 'disk');
  const line = (name: string) => bill.lines.find((l) => l.name.trim().toLowerCase() === name)?.amount ?? '0.00';
  const product = details.VMProductDetail;
  return {
    productId: details.productid,
    productName: product.productName,
    memory: chosen.memory,
    memoryUnit: memory?.specificationUnit ?? product.vm_RAM_Unit,
    memoryspecificationUnit: memory?.specificationUnit ?? product.vm_RAM_Unit,
    memoryPerUnitPrice: memory?.costPerUnit ?? '0',
    memoryTax: memory?.tax ?? '0',
    processor: chosen.processor,
    processorUnit: 'cores',
    processorspecificationUnit: processor?.specificationUnit ?? 'vCPU',
    processorPerUnitPrice: processor?.costPerUnit ?? '0',
    processorTax: processor?.tax ?? '0',
    ProcessorspecificationCost: line('processor'),
    disk: chosen.disk,
    diskUnit: disk?.specificationUnit ?? product.vm_Driver_Unit,
    diskspecificationUnit: disk?.specificationUnit ?? product.vm_Driver_Unit,
    diskPerUnitPrice: disk?.costPerUnit ?? '0',
    diskTax: disk?.tax ?? '0',
    region: chosen.regionId,
    regionName: region?.countryName ?? '',
    FinalPrice: bill.price,
    calulatedtaxvalue: region?.taxValue ?? product.taxValue,
    taxAmount: bill.tax,
    totalAmountwithTax: bill.total,
    currency: region?.currency ?? product.vm_currency,
    time: chosen.days,
    paymentGateway: chosen.gateway,
    microsoftLicense: details.microsoftLicense,
    byPassflag: details.byPassflag,
    discountAmount: bill.discount,
    discountArr: [
      { specificationName: 'Memory', discountPercent: details.discount.ramDiscount },
      { specificationName: 'Processor', discountPercent: details.discount.cpuDiscount },
      { specificationName: 'Disk', discountPercent: details.discount.diskDiscount },
    ],
    serviceType: product.serviceType,
    imagePath: product.imagePath,
    producttype: details.producttype,
    lines: bill.lines,
  };
}

/** History state is user-controlled (and survives reloads): accept only something shaped like a spec object. */
export function readPurchaseSpec(state: unknown): PurchaseSpec | null {
  if (typeof state !== 'object' || state === null) return null;
  const spec = state as Partial<PurchaseSpec>;
  const ok =
    typeof spec.productId === 'number' &&
    typeof spec.memory === 'number' &&
    typeof spec.processor === 'number' &&
    typeof spec.disk === 'number' &&
    typeof spec.region === 'number' &&
    typeof spec.time === 'number' &&
    typeof spec.FinalPrice === 'string' &&
    typeof spec.taxAmount === 'string' &&
    typeof spec.totalAmountwithTax === 'string' &&
    Array.isArray(spec.lines);
  return ok ? (spec as PurchaseSpec) : null;
}
