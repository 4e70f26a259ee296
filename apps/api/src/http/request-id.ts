import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { trustsPeer, type TrustProxy } from './trust-proxy.ts';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a forwarded request id may look like: short, and nothing that could forge a log line or a header. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/**
 * Fastify's genReqId: the id a trusted proxy (TRUST_PROXY) forwarded in X-Request-Id when it is
 * safe to log, so one request can be followed from the load balancer's log into this one; else a
 * new UUID. Anyone else's X-Request-Id is ignored: a client must not choose what the logs say.
 */
export function requestIdOf(trust: TrustProxy): (req: IncomingMessage) => string {
  const trusted = trustsPeer(trust);
  return (req) => {
    const given = req.headers[REQUEST_ID_HEADER];
    if (typeof given === 'string' && SAFE_REQUEST_ID.test(given) && trusted(req.socket.remoteAddress)) return given;
    return randomUUID();
  };
}

/** Every reply names its request id, errors and 404s included (support can find the log lines). */
export function registerRequestIdHeader(app: FastifyInstance) {
  // Set as the request arrives (callback style: no promise per request); replies keep it.
  app.addHook('onRequest', (req, res, done) => {
    res.header(REQUEST_ID_HEADER, req.id);
    done();
  });
}
