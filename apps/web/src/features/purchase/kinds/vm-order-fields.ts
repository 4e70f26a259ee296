import type { PurchaseSpec } from '../purchase-spec.ts';

/** What every order sends from the spec object about its money: region, price, tax, total, currency, days, gateway. */
export function orderMoneyFields(spec: PurchaseSpec) {
  return {
    region: spec.region,
    cost: spec.FinalPrice,
    taxAmount: spec.taxAmount,
    totalAmount: spec.totalAmountwithTax,
    currency: spec.currency,
    timePeriod: spec.time,
    ...(spec.paymentGateway && { paymentGateway: spec.paymentGateway }),
  };
}

/**
 * What the spec's orders on one existing VM (clone or snapshot, renew, update) send alike from the
 * spec object: the VM, its size, the money and the bypass flag. Each kind adds its own.
 */
export function vmOrderFields(spec: PurchaseSpec) {
  return {
    clientVMID: spec.clientVMID ?? 0,
    productName: spec.productName,
    ramCount: spec.memory,
    ramUnit: spec.memoryUnit,
    processorCount: spec.processor,
    processorUnit: spec.processorUnit,
    diskCount: spec.disk,
    diskUnit: spec.diskUnit,
    ...orderMoneyFields(spec),
    byPassflag: spec.byPassflag,
  };
}
