import type { RenewSelectedVMRequest } from '@mawingu/contracts/renewals';
import { encodeMultiRenewValue } from '@mawingu/contracts/multi-renew-value';
import { renewSelectedVM } from '../../../api/renewals/renew-vm.ts';
import { paths } from '../../../app/paths.ts';
import type { PurchaseSpec } from '../purchase-spec.ts';
import { multiRenewEntriesOf } from '../renewals/renew-bill.ts';
import type { PurchaseKindHandler } from './purchase-kind-handler.ts';

/** The spec's multi-renew payload from the spec object, with the time period and each VM's figures. */
export function multiRenewOrderPayload(spec: PurchaseSpec): RenewSelectedVMRequest {
  const entries = multiRenewEntriesOf(spec);
  return {
    clientVMID: entries.map((e) => e.ID),
    MultiRenewData: entries.map(({ ID, daysExtended, price, tax, arrears, total }) => ({ ID, daysExtended, price, tax, arrears, total })),
    timePeriod: spec.time,
    FinalPrice: spec.FinalPrice,
    cost: spec.cost ?? spec.FinalPrice,
    taxAmount: spec.taxAmount,
    totalAmountwithTax: spec.totalAmountwithTax,
    calulatedtaxvalue: spec.calulatedtaxvalue,
    daysExtended: spec.daysExtended ?? 0,
    currency: spec.currency,
    ...(spec.countryID !== undefined && { countryID: spec.countryID }),
    ...(spec.paymentGateway && { paymentGateway: spec.paymentGateway }),
    serviceType: spec.serviceType,
    imagePath: spec.imagePath,
    byPassflag: spec.byPassflag,
  };
}

export const multiRenewKind: PurchaseKindHandler = {
  createOrder: (spec) => renewSelectedVM(multiRenewOrderPayload(spec)),
  backTo: (spec) => {
    const ids = spec ? multiRenewEntriesOf(spec).map((e) => e.ID) : [];
    return ids.length ? paths.renewMultipleVm.getHref(encodeMultiRenewValue(ids)) : paths.customerProfile.getHref(2);
  },
};
