import type { CreateOrderRequest } from '@mawingu/contracts/purchase';
import { createOrder } from '../../../api/purchase/create-order.ts';
import { paths } from '../../../app/paths.ts';
import type { PurchaseSpec } from '../purchase-spec.ts';
import type { PurchaseKindHandler } from './purchase-kind-handler.ts';
import { orderMoneyFields } from './vm-order-fields.ts';

const priceOf = (spec: PurchaseSpec, name: string) => spec.lines.find((l) => l.name.trim().toLowerCase() === name)?.amount;

/** The spec's new-VM CreateOrder payload from the spec object (exactly three specification entries). */
export function newVmOrderPayload(spec: PurchaseSpec): CreateOrderRequest {
  return {
    productID: spec.productId,
    productName: spec.productName,
    ...(spec.vmName && { vmName: spec.vmName }),
    specification: [
      { type: 'memory', value: spec.memory, unit: spec.memoryUnit, price: priceOf(spec, 'memory') },
      { type: 'processor', value: spec.processor, unit: spec.processorUnit, price: priceOf(spec, 'processor') },
      { type: 'disk', value: spec.disk, unit: spec.diskUnit, price: priceOf(spec, 'disk') },
    ],
    ...orderMoneyFields(spec),
    microsoftLicense: spec.microsoftLicense,
    byPassflag: spec.byPassflag,
    discountAmount: spec.discountAmount,
    discountArr: spec.discountArr,
    ...(spec.sshKeyIds?.length && { sshKeyIDs: spec.sshKeyIds }),
  };
}

export const newVmKind: PurchaseKindHandler = {
  createOrder: (spec) => createOrder(newVmOrderPayload(spec)),
  backTo: (spec, productId) => {
    const id = spec?.productId ?? productId;
    return id ? paths.productDetails.getHref(id) : paths.marketplace.getHref();
  },
};
