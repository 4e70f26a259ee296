import type { BackupOrderRequest } from '@mawingu/contracts/vm-changes';
import { createBackupOrder } from '../../../api/vm-changes/create-change-order.ts';
import { paths } from '../../../app/paths.ts';
import type { PurchaseSpec } from '../purchase-spec.ts';
import type { PurchaseKindHandler } from './purchase-kind-handler.ts';
import { vmOrderFields } from './vm-order-fields.ts';

/** The spec's clone/snapshot payload from the clone or snapshot page's spec object. */
export function backupOrderPayload(spec: PurchaseSpec): BackupOrderRequest {
  return {
    ...vmOrderFields(spec),
    countryID: spec.countryID,
    cloneDuration: spec.cloneDuration ?? 0,
    ...(spec.cloneDurationType && {
      cloneDurationType: spec.cloneDurationType,
    }),
    ...(spec.cloneOptionType && { cloneOptionType: spec.cloneOptionType }),
    isCloneOrSnapshot: spec.isCloneOrSnapshot ?? 'Snapshot',
  };
}

/** Kind 2: clone or snapshot, told apart by the spec object's isCloneOrSnapshot. */
export const backupKind: PurchaseKindHandler = {
  createOrder: (spec) => createBackupOrder(spec.isCloneOrSnapshot === 'Clone' ? 'Clone' : 'Snapshot', backupOrderPayload(spec)),
  backTo: (spec) => {
    if (!spec?.clientVMID) return paths.customerProfile.getHref(2);
    return spec.isCloneOrSnapshot === 'Clone' ? paths.buyCloneVm.getHref(spec.clientVMID) : paths.buySnapshotVm.getHref(spec.clientVMID);
  },
};
