import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { messages } from '@mawingu/contracts/messages';

/**
 * A 200 reply for data objects that are cached and handed out again and again (the catalogue):
 * checked against the reply schema and serialised once per object, then sent as the same string.
 * Fastify sends a string with a JSON content type as it is, skipping the per-request schema work.
 * A new object (after a cache refresh) is checked and serialised anew; old strings go with it.
 */
export function serializedOnce<T extends object>(schema: z.ZodType) {
  const bodies = new WeakMap<T, string>();
  return (res: FastifyReply, data: T): FastifyReply => {
    let body = bodies.get(data);
    if (body === undefined) {
      body = JSON.stringify(schema.parse({ status: 200, message: messages.ok, data }));
      bodies.set(data, body);
    }
    return res.code(200).header('content-type', 'application/json; charset=utf-8').send(body);
  };
}
