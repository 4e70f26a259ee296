import type { BackupOrderRequest } from '@mawingu/contracts/vm-changes';
import { createBackupOrder } from '../../../api/vm-changes/create-change-order.ts';
import { paths } from '../../../app/paths.ts';
import type { PurchaseSpec } from '../purchase-spec.ts';
import type { PurchaseKindHandler } from './purchase-kind-handler.ts';

/** The spec's clone/snapshot payload from the clone or snapshot page's spec object. */
export function backupOrderPayload(spec: PurchaseSpec): BackupOrderRequest {
  return {
    clientVMID: spec.clientVMID ?? 0,
    productName: spec.productName,
    ramCount: spec.memory,
    ramUnit: spec.memoryUnit,
    processorCount: spec.processor,
    processorUnit: spec.processorUnit,
    diskCount: spec.disk,
    diskUnit: spec.diskUnit,
    region: spec.region,
    cost: spec.FinalPrice,
    taxAmount: spec.taxAmount,
    totalAmount: spec.totalAmountwithTax,
    currency: spec.currency,
    timePeriod: spec.time,
    countryID: spec.countryID,
    ...(spec.paymentGateway && { paymentGateway: spec.paymentGateway }),
    cloneDuration: spec.cloneDuration ?? 0,
    ...(spec.cloneDurationType && {
      cloneDurationType: spec.cloneDurationType,
    }),
    ...(spec.cloneOptionType && { cloneOptionType: spec.cloneOptionType }),
    isCloneOrSnapshot: spec.isCloneOrSnapshot ?? 'Snapshot',
    byPassflag: spec.byPassflag,
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
