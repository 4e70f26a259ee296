import { messages } from '@mawingu/contracts/messages';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import type { CatalogService } from '../../catalogue/index.ts';
import { purchaseRegionsOf, type PurchaseProduct, type PurchaseRegionRow } from '../purchase/purchase-product.ts';
import type { PurchaseTerms, PurchaseTermsSource } from '../purchase/purchase-terms.ts';
import { addedDisksOf, findActionableVm, hasLiveCopy, type AddedDiskRow, type CustomerVm } from '../../machines/index.ts';

export type SpecName = 'processor' | 'memory' | 'disk';
export type ProductSpec = PurchaseProduct['specs'][number];

/** Everything a change of one VM is priced from: the VM, its product's current sliders, its region and terms. */
export type VmContext = {
  vm: CustomerVm;
  product: PurchaseProduct;
  /** The VM's region (tax, currency, gateways); the product's first region for a VM without one. */
  region: PurchaseRegionRow;
  terms: PurchaseTerms;
  addedDisks: AddedDiskRow[];
  /** A clone or snapshot of it is being made or ready (isClone 1): no second copy. */
  hasCopy: boolean;
  specOf(name: SpecName): ProductSpec;
  /** Whole days until the VM's end date (0 once it has passed). */
  remainingDays: number;
};

const DAY_MS = 24 * 3600 * 1000;

export function remainingDaysOf(endAt: Date | null, now = new Date()): number {
  if (!endAt) return 0;
  return Math.max(0, Math.ceil((endAt.getTime() - now.getTime()) / DAY_MS));
}

/**
 * The customer's VM with what prices a change of it: anyone else's VM is a 404, a blocked one 403,
 * one not ready or busy 409 (the shared guard); a product no longer sold is a 404 of its own.
 */
export async function loadVmContext(
  db: Db,
  catalog: CatalogService,
  termsSource: PurchaseTermsSource,
  companyId: number,
  customerId: number,
  vmId: number,
): Promise<VmContext> {
  const vm = await findActionableVm(db, companyId, customerId, vmId);
  const [product, terms, addedDisks, hasCopy] = await Promise.all([
    catalog.productForPurchase(companyId, vm.productId),
    termsSource.of(companyId),
    addedDisksOf(db, companyId, vm.id),
    hasLiveCopy(db, vm),
  ]);
  if (!product)
    throw new AppError('not_found', 404, messages.dataNotFound, {
      productID: messages.dataNotFound,
    });
  const regions = purchaseRegionsOf(product);
  const region = regions.find((r) => r.id === vm.regionId) ?? product.regions.find((r) => r.id === vm.regionId) ?? regions[0];
  if (!region)
    throw new AppError('not_found', 404, messages.dataNotFound, {
      productID: messages.dataNotFound,
    });
  const specOf = (name: SpecName) => {
    const spec = product.specs.find((s) => s.name.trim().toLowerCase() === name);
    if (!spec)
      throw new AppError('not_found', 404, messages.dataNotFound, {
        productID: messages.dataNotFound,
      });
    return spec;
  };
  return {
    vm,
    product,
    region,
    terms,
    addedDisks,
    hasCopy,
    specOf,
    remainingDays: remainingDaysOf(vm.endAt),
  };
}

/** Clone and snapshot refuse a VM whose copy is still there (the spec: 'Clone Available' disables both). */
export function assertNoLiveCopy(ctx: VmContext): void {
  if (ctx.hasCopy) throw new AppError('copy_exists', 409, messages.copyExists);
}
