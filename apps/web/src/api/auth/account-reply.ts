import type { z } from 'zod';
import { parseErrorReply, parseReply, type ReplySchema } from '../parse-reply.ts';
import type { Envelope } from '@mawingu/contracts/envelope';

/** A reply of an account call: the data of a 200, or the field errors of a refusal. */
export type AccountReply<T> = Envelope<T | null> & { fieldErrors: Record<string, string> | null };

export function readAccountReply<S extends z.ZodType>(reply: Envelope<unknown>, schema: ReplySchema<S>): AccountReply<z.infer<S>> {
  if (reply.status === 200) return { ...parseReply(reply, schema), fieldErrors: null };
  const refused = parseErrorReply(reply);
  return { status: refused.status, message: refused.message, data: null, fieldErrors: refused.data?.fieldErrors ?? null };
}
