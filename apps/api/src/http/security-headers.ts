import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers (CSP and the rest) on every reply, from one helmet middleware built at start.
 * @fastify/helmet built a new one for each request (helmet(options): every middleware made anew and
 * the CSP directives parsed again), about a tenth of a cached read's time. The directives may still
 * hold functions (form-action per company): helmet calls those per request.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>) {
  const apply = helmet(options);
  app.addHook('onRequest', (req, res, done) => {
    apply(req.raw, res.raw, (err?: unknown) => done(err as Error | undefined));
  });
}
