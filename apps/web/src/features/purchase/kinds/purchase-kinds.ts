import type { PurchaseKind } from '../../../app/paths.ts';
import type { OrderReply } from '../../../api/purchase/create-order.ts';
import type { PurchaseSpec } from '../purchase-spec.ts';
import { backupKind } from './backup.ts';
import { multiRenewKind } from './multi-renew.ts';
import { newVmKind } from './new-vm.ts';
import { renewKind } from './renew.ts';
import { updateKind } from './update.ts';

/**
 * What /purchasedetails/{commingFrom} needs from each purchase kind: how its order is created from
 * the spec object, and where "back" leads. Kind 1 (new VM) exists; clone or snapshot (2), renew (3),
 * update (4) and multi-renew (5) plug in here with their own create calls.
 */
export type PurchaseKindHandler = {
  createOrder(spec: PurchaseSpec): Promise<OrderReply>;
  /** The configuration page the customer came from. */
  backTo(spec: PurchaseSpec | null, productId: number | null): string;
};

export const purchaseKinds: Partial<Record<PurchaseKind, PurchaseKindHandler>> = {
  1: newVmKind,
  2: backupKind,
  3: renewKind,
  4: updateKind,
  5: multiRenewKind,
};

export function purchaseKindOf(param: string | undefined): PurchaseKind | null {
  const kind = Number(param);
  return kind === 1 || kind === 2 || kind === 3 || kind === 4 || kind === 5 ? kind : null;
}
