import type { BackupOrderRequest, UpdateVmRequest } from '@mawingu/contracts/vm-changes';
import { createOrderForCloneCall, createOrderForSnapshotCall, updateVmCall } from '@mawingu/contracts/vm-changes-calls';
import { requestCall } from '../contract-call.ts';
import { orderReplyOf, type OrderReply } from '../purchase/create-order.ts';

/** POST virtualMachine/updateVM: an update order (kind 4); the server prices it again (422 naming a differing amount). */
export async function createUpdateOrder(body: UpdateVmRequest): Promise<OrderReply> {
  return orderReplyOf(await requestCall(updateVmCall, { body }));
}

/** POST createOrderForcloneVM / createOrderForSnapshotVM: a clone or snapshot order (kind 2). */
export async function createBackupOrder(kind: 'Clone' | 'Snapshot', body: BackupOrderRequest): Promise<OrderReply> {
  return orderReplyOf(await requestCall(kind === 'Clone' ? createOrderForCloneCall : createOrderForSnapshotCall, { body }));
}
