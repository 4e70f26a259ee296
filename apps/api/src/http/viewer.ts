import type { FastifyRequest } from 'fastify';

/** Prices are for logged-in customers only (portal spec section 6); visitors see cards without them. */
export function canSeePrices(req: FastifyRequest): boolean {
  return req.customer !== undefined;
}
