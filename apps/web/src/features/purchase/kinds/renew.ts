import type { RenewVMRequest } from '@mawingu/contracts/renewals';
import { renewVM } from '../../../api/renewals/renew-vm.ts';
import { paths } from '../../../app/paths.ts';
import type { PurchaseSpec } from '../purchase-spec.ts';
import type { PurchaseKindHandler } from './purchase-kind-handler.ts';

/** The spec's renew payload from the spec object (the clone payload without clone settings, plus daysExtended). */
export function renewOrderPayload(spec: PurchaseSpec): RenewVMRequest {
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
    ...(spec.countryID !== undefined && { countryID: spec.countryID }),
    ...(spec.paymentGateway && { paymentGateway: spec.paymentGateway }),
    daysExtended: spec.daysExtended ?? 0,
    byPassflag: spec.byPassflag,
    microsoftLicense: spec.microsoftLicense,
  };
}

export const renewKind: PurchaseKindHandler = {
  createOrder: (spec) => renewVM(renewOrderPayload(spec)),
  backTo: (spec) => (spec?.clientVMID ? paths.renewVm.getHref(spec.clientVMID) : paths.customerProfile.getHref(2)),
};
