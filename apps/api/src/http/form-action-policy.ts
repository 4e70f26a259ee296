import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { siteOriginOf } from './tenant.ts';

/** The company a site origin belongs to and where its checkout forms post (both cached by their owners). */
export type CheckoutFormSources = {
  companyAt(origin: string | null): Promise<{ id: number } | null>;
  checkoutFormOrigins(companyId: number): Promise<string[]>;
};

/**
 * The CSP form-action of each response: 'self' plus the form-post gateways (PayFast, Ozow) of the
 * company whose site was asked for — helmet's default 'self' alone stops the browser at the
 * gateway's door. Redirect gateways (Pesapal, PayPal) are reached by navigation, which form-action
 * does not govern, so they are not listed. An unknown site, or a failure to look, gets 'self' only.
 *
 * The headers are set synchronously, so the origins are looked up in an onRequest hook that runs
 * before theirs and kept beside the raw request.
 */
export function createFormActionPolicy() {
  const perRequest = new WeakMap<IncomingMessage, string[]>();
  let sources: CheckoutFormSources | undefined;

  async function lookUp(given: CheckoutFormSources, req: FastifyRequest) {
    try {
      const company = await given.companyAt(siteOriginOf(req));
      if (company) perRequest.set(req.raw, await given.checkoutFormOrigins(company.id));
    } catch (err) {
      req.log.warn({ err }, 'checkout form origins unavailable: form-action is self only');
    }
  }

  return {
    /** Given once the company and payment services exist (they are built after helmet is registered). */
    use(given: CheckoutFormSources) {
      sources = given;
    },
    /** onRequest hook, callback style: API calls (most requests) pass without a promise. */
    onRequest(req: FastifyRequest, _reply: FastifyReply, done: () => void) {
      // Only pages post forms: API replies and uploads keep 'self' without a lookup.
      const given = sources;
      if (!given || (req.method !== 'GET' && req.method !== 'HEAD') || req.url.startsWith('/api/')) return done();
      lookUp(given, req).then(done, done);
    },
    /** The form-action sources of this request (security-headers.ts). */
    formActionOf: (req: IncomingMessage) => ["'self'", ...(perRequest.get(req) ?? [])].join(' '),
  };
}
