import type { UpdateVmRequest } from '@mawingu/contracts/vm-changes';
import { createUpdateOrder } from '../../../api/vm-changes/create-change-order.ts';
import { paths } from '../../../app/paths.ts';
import type { PurchaseSpec } from '../purchase-spec.ts';
import type { PurchaseKindHandler } from './purchase-kind-handler.ts';
import { vmOrderFields } from './vm-order-fields.ts';

/** The spec's update payload from the update page's spec object. */
export function updateOrderPayload(spec: PurchaseSpec): UpdateVmRequest {
  return {
    ...vmOrderFields(spec),
    countryID: spec.countryID,
    daysExtended: spec.daysExtended ?? 0,
    microsoftLicense: spec.microsoftLicense,
    updateType: spec.updateType ?? 'RamAndCpu',
  };
}

export const updateKind: PurchaseKindHandler = {
  createOrder: (spec) => createUpdateOrder(updateOrderPayload(spec)),
  backTo: (spec) => (spec?.clientVMID ? paths.updateVm.getHref(spec.clientVMID) : paths.customerProfile.getHref(2)),
};
