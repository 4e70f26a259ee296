import type { Envelope, ErrorEnvelope } from '@mawingu/contracts/envelope';
import { orderDetail, type CreateOrderRequest, type OrderDetail } from '@mawingu/contracts/purchase';
import { callApi } from '../call-api.ts';
import { parseErrorReply, parseReply } from '../parse-reply.ts';

/** An order as created or read again; a refusal carries the server's message and field errors. */
export type OrderReply = { ok: true; reply: Envelope<OrderDetail> } | { ok: false; reply: ErrorEnvelope };

export function orderReplyOf(raw: Envelope<unknown>): OrderReply {
  if (raw.status === 200) {
    const parsed = parseReply(raw, import.meta.env.DEV && orderDetail);
    if (parsed.data) return { ok: true, reply: { ...parsed, data: parsed.data } };
    return { ok: false, reply: { ...parsed, data: null } };
  }
  return { ok: false, reply: parseErrorReply(raw) };
}

/**
 * POST virtualMachine/CreateOrder with the spec's new-VM payload. The server recomputes every
 * amount (400 for a choice the configurator could not make, 409 with no gateway, 422 on a price
 * mismatch, each naming the field in data.fieldErrors).
 */
export async function createOrder(body: CreateOrderRequest): Promise<OrderReply> {
  return orderReplyOf(await callApi('virtualMachine/CreateOrder', body));
}
