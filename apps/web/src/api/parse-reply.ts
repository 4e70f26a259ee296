import type { z } from 'zod';
import type { Envelope, ErrorEnvelope } from '@mawingu/contracts/envelope';
import i18n from '../i18n/i18n.ts';
import { NO_RESPONSE_STATUS } from './call-api.ts';

/**
 * The contract schema a reply is checked against, or `false`. `contract-call.ts` passes the
 * call's reply schema in development only: development and tests check every reply in full, while the
 * production build never loads the schema, nor zod (25 KB gzip of every first load). The server
 * already sends every reply through the same schema (fastify-type-provider-zod's serializer), so
 * in production only the shape is checked:
 * docs/decisions/0033-replies-zod-checked-in-development-only.md.
 */
export type ReplySchema<S extends z.ZodType> = S | false;

function unexpected(status: number): Envelope<null> {
  return { status: NO_RESPONSE_STATUS, message: i18n.t('api.unexpectedReply', { status }), data: null };
}

/**
 * Checks the data of a reply whose status carries data (200, and 300 for the configuration).
 * A reply that does not match the contract (in production: carries no object or list) is treated
 * like no answer at all, so the UI never renders half-valid data.
 */
export function parseReply<S extends z.ZodType>(
  reply: Envelope<unknown>,
  schema: ReplySchema<S>,
  statusesWithData: readonly number[] = [200],
): Envelope<z.infer<S> | null> {
  if (!statusesWithData.includes(reply.status)) return { ...reply, data: null };
  if (schema) {
    const parsed = schema.safeParse(reply.data);
    return parsed.success ? { ...reply, data: parsed.data } : unexpected(reply.status);
  }
  if (typeof reply.data !== 'object' || reply.data === null) return unexpected(reply.status);
  return { ...reply, data: reply.data as z.infer<S> };
}

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');

/**
 * Reads `{ fieldErrors, requestId }` from a failure reply; anything else becomes null. Checked by
 * hand (the contract's `errorData` in a few lines) so that forms on the first load need no zod.
 */
export function parseErrorReply(reply: Envelope<unknown>): ErrorEnvelope {
  const { data } = reply;
  const base = { status: reply.status, message: reply.message };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { ...base, data: null };
  const { fieldErrors, requestId } = data as { fieldErrors?: unknown; requestId?: unknown };
  if ((fieldErrors !== undefined && !isStringRecord(fieldErrors)) || (requestId !== undefined && typeof requestId !== 'string')) {
    return { ...base, data: null };
  }
  return {
    ...base,
    data: { ...(fieldErrors !== undefined && { fieldErrors }), ...(requestId !== undefined && { requestId }) },
  };
}
