import { getOrderDetailCall } from '@mawingu/contracts/purchase-calls';
import { requestCall } from '../contract-call.ts';
import { orderReplyOf, type OrderReply } from './create-order.ts';

/** POST virtualMachine/getOrderDetail: one of the customer's own orders again (a reload of /purchasedetails). */
export async function getOrderDetail(orderID: number, signal?: AbortSignal): Promise<OrderReply> {
  return orderReplyOf(await requestCall(getOrderDetailCall, { body: { orderID } }, { signal }));
}
