/**
 * PayPal's REST error bodies, shared by the fake's Orders v2 (paypal.ts) and Payments v2 refund
 * (paypal-refunds.ts) routes: name, message, debug_id, details[] with the issue, information link.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

export function apiError(
  reply: FastifyReply,
  status: number,
  name: string,
  message: string,
  details: Array<{ issue: string; description: string; field?: string }> = [],
) {
  return reply.code(status).send({
    name,
    message,
    debug_id: randomBytes(6).toString('hex'),
    details,
    links: details[0]
      ? [{ href: `https://developer.paypal.com/docs/api/orders/v2/#error-${details[0].issue}`, rel: 'information_link', method: 'GET' }]
      : [],
  });
}

export const unprocessable = (reply: FastifyReply, issue: string, description: string) =>
  apiError(
    reply,
    422,
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
    [{ issue, description }],
  );

export const notFound = (reply: FastifyReply) =>
  apiError(reply, 404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
    { issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist. Please check the resource ID and try again.' },
  ]);
