import type { Envelope, ErrorEnvelope } from '@mawingu/contracts/envelope';
import type { StartPaymentData, StartPaymentRequest } from '@mawingu/contracts/payments';
import { startPaymentCall } from '@mawingu/contracts/payments-calls';
import { outcomeOf, requestCall } from '../contract-call.ts';

export type StartPaymentReply = { ok: true; reply: Envelope<StartPaymentData> } | { ok: false; reply: ErrorEnvelope };

/**
 * POST virtualMachine/startPayment (the Pay button): the gateway's form with its signature, a
 * redirect, or bypass. 409 when the order is already paid.
 */
export async function startPayment(body: StartPaymentRequest): Promise<StartPaymentReply> {
  const { status, message, data, failure } = await requestCall(startPaymentCall, { body });
  if (status === 200 && data) return { ok: true, reply: { status, message, data } };
  return { ok: false, reply: outcomeOf({ status, message, failure }) };
}
