import type { PurchaseKind } from '../../../app/paths.ts';
import { backupKind } from './backup.ts';
import { multiRenewKind } from './multi-renew.ts';
import { newVmKind } from './new-vm.ts';
import { renewKind } from './renew.ts';
import { updateKind } from './update.ts';
import type { PurchaseKindHandler } from './purchase-kind-handler.ts';

export type { PurchaseKindHandler };

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
