import type { Envelope, ErrorEnvelope } from '@mawingu/contracts/envelope';

/** A reply of an account call: the data of a 200, or the field errors of a refusal. */
export type AccountReply<T> = Envelope<T | null> & { fieldErrors: Record<string, string> | null };

export function readAccountReply<T>(reply: Envelope<T | null> & { failure: ErrorEnvelope['data'] }): AccountReply<T> {
  const { status, message, data, failure } = reply;
  return { status, message, data: status === 200 ? data : null, fieldErrors: failure?.fieldErrors ?? null };
}
