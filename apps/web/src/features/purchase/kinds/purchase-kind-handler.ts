import type { OrderReply } from '../../../api/purchase/create-order.ts';
import type { PurchaseSpec } from '../purchase-spec.ts';

/**
 * What /purchasedetails/{commingFrom} needs from each purchase kind: how its order is created from
 * the spec object, and where "back" leads. Kind 1 (new VM) exists; clone or snapshot (2), renew (3),
 * update (4) and multi-renew (5) plug in here with their own create calls.
 */
export type PurchaseKindHandler = {
  createOrder(spec: PurchaseSpec): Promise<OrderReply>;
  /** The configuration page the customer came from. */
  backTo(spec: PurchaseSpec | null, productId: number | null): string;
};
