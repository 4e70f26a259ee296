import type { Envelope, ErrorEnvelope } from '@mawingu/contracts/envelope';
import { startPaymentData, type StartPaymentData, type StartPaymentRequest } from '@mawingu/contracts/payments';
import { callApi } from '../call-api.ts';
import { parseErrorReply, parseReply } from '../parse-reply.ts';

export type StartPaymentReply = { ok: true; reply: Envelope<StartPaymentData> } | { ok: false; reply: ErrorEnvelope };

/**
 * POST virtualMachine/startPayment (the Pay button): the gateway's form with its signature, a
 * redirect, or bypass. 409 when the order is already paid.
 */
export async function startPayment(body: StartPaymentRequest): Promise<StartPaymentReply> {
  const raw = await callApi('virtualMachine/startPayment', body);
  if (raw.status !== 200) return { ok: false, reply: parseErrorReply(raw) };
  const parsed = parseReply(raw, import.meta.env.DEV && startPaymentData);
  if (parsed.data) return { ok: true, reply: { ...parsed, data: parsed.data } };
  return { ok: false, reply: { ...parsed, data: null } };
}
