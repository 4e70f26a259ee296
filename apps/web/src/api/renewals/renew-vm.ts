import type { RenewSelectedVMRequest, RenewVMRequest } from '@mawingu/contracts/renewals';
import { renewSelectedVmCall, renewVmCall } from '@mawingu/contracts/renewals-calls';
import { requestCall } from '../contract-call.ts';
import { orderReplyOf, type OrderReply } from '../purchase/create-order.ts';

/** POST virtualMachine/renewVM (kind 3): replies like CreateOrder (422 naming the field when a figure is stale). */
export async function renewVM(body: RenewVMRequest): Promise<OrderReply> {
  return orderReplyOf(await requestCall(renewVmCall, { body }));
}

/** POST virtualMachine/renewSelectedVM (kind 5): replies like CreateOrder. */
export async function renewSelectedVM(body: RenewSelectedVMRequest): Promise<OrderReply> {
  return orderReplyOf(await requestCall(renewSelectedVmCall, { body }));
}
