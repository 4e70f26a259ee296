import type { FastifyRequest } from 'fastify';

/**
 * Whether the caller may see prices. The spec shows prices to logged-in customers only; customer
 * sessions arrive with the accounts work, which switches this on from the verified session. Until
 * then every caller is a visitor.
 */
export function canSeePrices(_req: FastifyRequest): boolean {
  return false;
}
