import type { FastifyReply } from 'fastify';
import { messages } from '@mawingu/contracts/messages';

/** Sends the spec's `{ status, message, data }` with the HTTP status equal to `status`. */
export function reply<T>(res: FastifyReply, data: T, message: string = messages.ok, status = 200) {
  return res.code(status).send({ status, message, data });
}
