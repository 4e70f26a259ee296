import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import { messages } from '@mawingu/contracts/messages';
import {
  supportSessionCurrentResponse,
  supportSessionEndResponse,
  supportSessionExchangeRequest,
  supportSessionExchangeResponse,
} from '@mawingu/contracts/support-session';
import { customerOf, requireCustomer } from '../../../http/auth-guard.ts';
import { reply } from '../../../http/envelope.ts';
import { requireTenant } from '../../../http/tenant.ts';
import type { CompanyService } from '../../tenant/index.ts';
import { limitPerAddress } from '../auth/rate-limit.ts';
import type { SupportSessions } from './service.ts';

const tags = ['support session'];

/** The customer's site's side of an operator's support session (ADR 0118), under /api. */
export function supportSessionRoutes(company: CompanyService, support: SupportSessions): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/supportSession/exchange',
      {
        config: limitPerAddress({ max: 20, timeWindow: '1 minute' }, messages.tooManyRequests),
        schema: {
          tags,
          summary:
            "Exchanges the console's one-use handoff (valid a minute, this company's site only) for a session of the customer marked as the operator's: the user data and the banner. 401 when it is unknown, used or expired",
          body: supportSessionExchangeRequest,
          response: { 200: supportSessionExchangeResponse, 400: errorEnvelope, 401: errorEnvelope, 404: errorEnvelope, 429: errorEnvelope },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req);
        return reply(res, await support.exchange(tenant.id, req.body.token));
      },
    );

    app.get(
      '/supportSession/current',
      {
        onRequest: requireCustomer,
        schema: {
          tags,
          summary:
            "The banner of the calling session when it is an operator's support session (customer and operator names, end time); null otherwise",
          response: { 200: supportSessionCurrentResponse, 401: errorEnvelope },
        },
      },
      async (req, res) => reply(res, { supportSession: await support.current(customerOf(req)) }),
    );

    app.post(
      '/supportSession/end',
      {
        onRequest: requireCustomer,
        schema: {
          tags,
          summary:
            "Ends the calling support session (the banner's End): its tokens stop at once; audited. `ended` false for the customer's own session",
          response: { 200: supportSessionEndResponse, 401: errorEnvelope },
        },
      },
      async (req, res) => reply(res, { ended: await support.end(customerOf(req)) }, messages.supportSessionEnded),
    );
  };
}
