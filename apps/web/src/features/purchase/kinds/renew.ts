import type { RenewVMRequest } from '@mawingu/contracts/renewals';
import { renewVM } from '../../../api/renewals/renew-vm.ts';
import { paths } from '../../../app/paths.ts';
import type { PurchaseSpec } from '../purchase-spec.ts';
import type { PurchaseKindHandler } from './purchase-kind-handler.ts';
import { vmOrderFields } from './vm-order-fields.ts';

/** The spec's renew payload from the spec object (the clone payload without clone settings, plus daysExtended). */
export function renewOrderPayload(spec: PurchaseSpec): RenewVMRequest {
  return {
    ...vmOrderFields(spec),
    ...(spec.countryID !== undefined && { countryID: spec.countryID }),
    daysExtended: spec.daysExtended ?? 0,
    microsoftLicense: spec.microsoftLicense,
  };
}

export const renewKind: PurchaseKindHandler = {
  createOrder: (spec) => renewVM(renewOrderPayload(spec)),
  backTo: (spec) => (spec?.clientVMID ? paths.renewVm.getHref(spec.clientVMID) : paths.customerProfile.getHref(2)),
};
