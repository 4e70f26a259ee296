import { messages } from '@mawingu/contracts/messages';
import { configuredLines } from '@mawingu/contracts/pricing/configured-lines';
import { daysPastEnd } from '@mawingu/contracts/renewals';
import type { SpecLineInput } from '@mawingu/contracts/pricing/bill';
import { AppError } from '../../../http/app-error.ts';
import type { CatalogService } from '../../catalogue/index.ts';
import { purchaseRegionsOf, type PurchaseProduct, type PurchaseRegionRow } from '../purchase/purchase-product.ts';
import { findActionableVm, type CustomerVm } from '../../machines/index.ts';
import type { Db } from '../../../db/client.ts';

/** A VM that may be renewed now, with what prices it: its product's current costs and its region. */
export type RenewalTarget = {
  vm: CustomerVm;
  product: PurchaseProduct;
  region: PurchaseRegionRow;
  /** Whole days past the end date at `now` (0 when not expired). */
  daysExtended: number;
  /** Memory, Processor and Disk at the VM's own sizes and the product's current unit costs. */
  lines: SpecLineInput[];
};

/** The VM has a paid next period that has not started yet ("Renewed" on the account page). */
export const isRenewed = (vm: Pick<CustomerVm, 'renewedFrom'>, now: Date) =>
  vm.renewedFrom !== null && now.getTime() < vm.renewedFrom.getTime();

/**
 * One of the customer's VMs, checked for renewal: anyone else's → 404, blocked → 403, not ready
 * or busy → 409 (the shared guard); already renewed → 409; its product no longer sold → 409.
 * Expired, stopped and archived VMs are renewable: renewing is how they come back.
 */
export async function renewalTargetOf(
  db: Db,
  catalog: CatalogService,
  companyId: number,
  customerId: number,
  vmId: number,
  now: Date,
): Promise<RenewalTarget> {
  const vm = await findActionableVm(db, companyId, customerId, vmId);
  if (isRenewed(vm, now)) throw new AppError('vm_renewed', 409, messages.vmAlreadyRenewed);
  const product = await catalog.productForPurchase(companyId, vm.productId);
  const sold = product ? purchaseRegionsOf(product) : [];
  // A VM is renewed where it runs; a VM without a recorded region (or whose region no longer sells
  // the product) is renewed in the product's first region, at that region's tax.
  const region = sold.find((r) => r.id === vm.regionId) ?? sold[0];
  if (!product || !region) throw new AppError('renew_unavailable', 409, messages.renewProductUnavailable);
  const lines = configuredLines(
    product.specs.map((s) => ({ name: s.name, unit: s.unit, costPerUnit: s.costPerUnit })),
    { memory: vm.ramGb, processor: vm.cpu, disk: vm.diskGb },
  ).map(({ name, unit, costPerUnit, count }) => ({ name, unit, costPerUnit, count }));
  return { vm, product, region, daysExtended: daysPastEnd(vm.endAt, now), lines };
}

/** Several VMs for multi-renew: the same checks for each, any refusal naming renewVMData. */
export async function renewalTargetsOf(
  db: Db,
  catalog: CatalogService,
  companyId: number,
  customerId: number,
  vmIds: readonly number[],
  now: Date,
  field: string,
): Promise<RenewalTarget[]> {
  const targets: RenewalTarget[] = [];
  for (const vmId of vmIds) {
    try {
      targets.push(await renewalTargetOf(db, catalog, companyId, customerId, vmId, now));
    } catch (err) {
      if (err instanceof AppError) throw new AppError(err.code, err.status, err.message, { [field]: err.message });
      throw err;
    }
  }
  const [first] = targets;
  if (!first) throw AppError.badRequest(messages.renewVmsRequired, { [field]: messages.renewVmsRequired });
  const mixed = targets.some((t) => t.region.currency !== first.region.currency || t.region.taxPercent !== first.region.taxPercent);
  if (mixed) throw AppError.badRequest(messages.renewVmsMixed, { [field]: messages.renewVmsMixed });
  return targets;
}
