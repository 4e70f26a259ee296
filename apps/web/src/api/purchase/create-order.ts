import type { Envelope, ErrorEnvelope } from '@mawingu/contracts/envelope';
import type { CreateOrderRequest, OrderDetail } from '@mawingu/contracts/purchase';
import { createOrderCall } from '@mawingu/contracts/purchase-calls';
import { outcomeOf, requestCall } from '../contract-call.ts';

/** An order as created or read again; a refusal carries the server's message and field errors. */
export type OrderReply = { ok: true; reply: Envelope<OrderDetail> } | { ok: false; reply: ErrorEnvelope };

/** The reply of a call that creates or reads an order (its contract's reply is the order). */
export function orderReplyOf(reply: Envelope<OrderDetail | null> & { failure: ErrorEnvelope['data'] }): OrderReply {
  const { status, message, data } = reply;
  if (status === 200 && data) return { ok: true, reply: { status, message, data } };
  return { ok: false, reply: outcomeOf(reply) };
}

/**
 * POST virtualMachine/CreateOrder with the spec's new-VM payload. The server recomputes every
 * amount (400 for a choice the configurator could not make, 409 with no gateway, 422 on a price
 * mismatch, each naming the field in data.fieldErrors).
 */
export async function createOrder(body: CreateOrderRequest): Promise<OrderReply> {
  return orderReplyOf(await requestCall(createOrderCall, { body }));
}
