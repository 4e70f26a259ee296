import type { CreateOrderRequest } from '@mawingu/contracts/purchase';
import { createOrder } from '../../../api/purchase/create-order.ts';
import { paths } from '../../../app/paths.ts';
import type { PurchaseSpec } from '../purchase-spec.ts';
import type { PurchaseKindHandler } from './purchase-kind-handler.ts';

const priceOf = (spec: PurchaseSpec, name: string) => spec.lines.find((l) => l.name.trim().toLowerCase() === name)?.amount;

/** The spec's new-VM CreateOrder payload from the spec object (exactly three specification entries). */
export function newVmOrderPayload(spec: PurchaseSpec): CreateOrderRequest {
  return {
    productID: spec.productId,
    productName: spec.productName,
    specification: [
      { type: 'memory', value: spec.memory, unit: spec.memoryUnit, price: priceOf(spec, 'memory') },
      { type: 'processor', value: spec.processor, unit: spec.processorUnit, price: priceOf(spec, 'processor') },
      { type: 'disk', value: spec.disk, unit: spec.diskUnit, price: priceOf(spec, 'disk') },
    ],
    region: spec.region,
    cost: spec.FinalPrice,
    taxAmount: spec.taxAmount,
    totalAmount: spec.totalAmountwithTax,
    currency: spec.currency,
    timePeriod: spec.time,
    ...(spec.paymentGateway && { paymentGateway: spec.paymentGateway }),
    microsoftLicense: spec.microsoftLicense,
    byPassflag: spec.byPassflag,
    discountAmount: spec.discountAmount,
    discountArr: spec.discountArr,
  };
}

export const newVmKind: PurchaseKindHandler = {
  createOrder: (spec) => createOrder(newVmOrderPayload(spec)),
  backTo: (spec, productId) => {
    const id = spec?.productId ?? productId;
    return id ? paths.productDetails.getHref(id) : paths.marketplace.getHref();
  },
};
