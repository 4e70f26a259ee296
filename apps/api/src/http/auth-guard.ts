import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@mawingu/contracts/messages';
import type { AccessClaims, AccessTokens } from '../modules/identity/auth/access-tokens.ts';
import type { SessionStore } from '../modules/identity/auth/session-store.ts';
import type { CompanyService } from '../modules/tenant/company/service.ts';
import { refuseInSupportSession } from '../modules/identity/support-sessions/read-only.ts';
import { AppError } from './app-error.ts';
import { siteOriginOf } from './tenant.ts';

/** The logged-in customer a request acts for. Data of customers is read with both ids. */
export type Customer = AccessClaims;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the `authorization` header carries a valid access token of a live session of this site. */
    customer?: Customer;
    /** Why a presented token was not accepted (absent when none was presented). */
    authFailure?: 'expired' | 'invalid';
  }
  interface FastifyInstance {
    /** Every customer-side route (/api, not the console's), for the support session's walk test (ADR 0118). */
    customerRouteTable: { method: string; url: string }[];
  }
}

/** The spec sends the stored token as the header's whole value; `Bearer …` is accepted too. */
function bearerOf(req: FastifyRequest): string | undefined {
  const raw = req.headers.authorization;
  if (!raw) return undefined;
  const token = raw.replace(/^Bearer\s+/i, '').trim();
  return token === '' ? undefined : token;
}

/**
 * Identifies the customer on every request that presents a token: the token must verify, belong to
 * the company of the site it is sent to (a token of one brand is nothing on another's site), and its
 * session must not be revoked (logout takes effect at once, not when the token expires).
 * Visitors pay nothing: without the header nothing runs.
 */
export function registerCustomerIdentification(
  app: FastifyInstance,
  deps: { accessTokens: AccessTokens; sessions: SessionStore; company: CompanyService },
) {
  const table: { method: string; url: string }[] = [];
  app.decorate('customerRouteTable', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/admin/')) return;
    for (const method of Array.isArray(route.method) ? route.method : [route.method])
      if (method !== 'HEAD') table.push({ method, url: route.url });
  });
  const identify = async (req: FastifyRequest, token: string) => {
    const verified = await deps.accessTokens.verify(token);
    if (!verified.ok) {
      req.authFailure = verified.reason;
      return;
    }
    const tenant = await deps.company.findByOrigin(siteOriginOf(req));
    if (!tenant || tenant.id !== verified.claims.companyId || !(await deps.sessions.isActive(verified.claims.sessionId))) {
      req.authFailure = 'invalid';
      return;
    }
    req.customer = verified.claims;
    // An operator's support session: payments, credentials and deletions are refused (ADR 0118).
    refuseInSupportSession(req);
  };
  // Callback style: a visitor's request (no token) passes without a promise.
  app.addHook('onRequest', (req, _reply, done) => {
    const token = bearerOf(req);
    if (!token) return done();
    identify(req, token).then(() => done(), done);
  });
}

/** preHandler for customer-only calls: 401 with a message that says what to do. */
export async function requireCustomer(req: FastifyRequest): Promise<void> {
  if (req.customer) return;
  throw new AppError('unauthorized', 401, req.authFailure === 'expired' ? messages.sessionExpired : messages.loginRequired);
}

/** The customer of a route guarded by `requireCustomer`. */
export function customerOf(req: FastifyRequest): Customer {
  if (!req.customer) throw new AppError('unauthorized', 401, messages.loginRequired);
  return req.customer;
}
