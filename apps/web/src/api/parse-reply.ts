import type { z } from 'zod';
import type { Envelope } from '@mawingu/contracts/envelope';
import { errorData, type ErrorEnvelope } from '@mawingu/contracts/envelope';
import i18n from '../i18n/i18n.ts';
import { NO_RESPONSE_STATUS } from './call-api.ts';

/**
 * Checks the data of a reply whose status carries data (200, and 300 for the configuration).
 * A reply that does not match the contract is treated like no answer at all, so the UI never
 * renders half-valid data.
 */
export function parseReply<S extends z.ZodType>(
  reply: Envelope<unknown>,
  schema: S,
  statusesWithData: readonly number[] = [200],
): Envelope<z.infer<S> | null> {
  if (!statusesWithData.includes(reply.status)) return { ...reply, data: null };
  const parsed = schema.safeParse(reply.data);
  if (parsed.success) return { ...reply, data: parsed.data };
  return { status: NO_RESPONSE_STATUS, message: i18n.t('api.unexpectedReply', { status: reply.status }), data: null };
}

/** Reads `{ fieldErrors, requestId }` from a failure reply; anything else becomes null. */
export function parseErrorReply(reply: Envelope<unknown>): ErrorEnvelope {
  const parsed = errorData.safeParse(reply.data);
  return { status: reply.status, message: reply.message, data: parsed.success ? parsed.data : null };
}
