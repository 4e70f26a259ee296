import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import { levels } from 'pino';
import type { KeptReply, ReplyCache } from '../cache/reply-cache.ts';
import { countCacheLookup } from '../observability/metrics.ts';
import type { RequestTimer } from '../observability/metrics-server.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';
import { addressingOf, trustsPeer, type TrustProxy } from './trust-proxy.ts';

/** A public read's body is a few fields: anything larger goes the usual way. */
const MAX_BODY_BYTES = 4096;
/** Requests remembered; all forgotten at once past this (bodies are the client's to choose). */
const MAX_REMEMBERED = 5000;
/** Headers that belong to one request, not to the reply: written afresh each time. */
const PER_REQUEST = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', REQUEST_ID_HEADER]);

/** The body the lane read from a request it then handed to Fastify (which reads it from here). */
const TAKEN_BODY = Symbol('body taken by the read lane');
/** The route pattern Fastify matched for a taken request (the metrics' label). */
const ROUTE = Symbol('route of a taken request');
type TakenRequest = IncomingMessage & { [TAKEN_BODY]?: Buffer; [ROUTE]?: string };

/**
 * A visitor's request answered from the reply cache once: what its repeats are answered with.
 * `headers` is writeHead's flat list, its last four slots the request id and length of each reply.
 */
type Remembered = { kept: KeptReply; headers: (string | number | string[])[]; route: string };

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The read lane (ADR 0133): a visitor's repeat of a public read is answered by the HTTP server
 * before Fastify, from the reply the route kept in the reply cache.
 *
 * A route that answers with `replies.send` declares that, for a visitor, its reply depends on
 * nothing but the path, the site (Host, Origin, X-Forwarded-Host/-Proto, and whether the peer may
 * say so), the content type and the body. So the first time such a request goes through Fastify
 * (tenant, validation, route), the lane notes which kept reply answered it and the headers it went
 * out with; an identical request later gets that reply, still current in the reply cache, with its
 * own request id, access line and metrics. Whatever drops or expires the kept reply sends the next
 * request through Fastify again. Requests with a token (a customer sees prices), a query string,
 * an encoded or large body, or during shutdown always go through Fastify.
 *
 * Fastify's lifecycle (hooks, body parser, schema, route) was half of a cached read's time.
 */
export function createReadLane(options: { trust: TrustProxy; requestIdOf: (req: IncomingMessage) => string }) {
  const addressing = addressingOf(options.trust);
  const peerTrusted = trustsPeer(options.trust);
  const remembered = new Map<string, Remembered>();
  let deps: { replies: ReplyCache; log: FastifyBaseLogger; timeRequest?: RequestTimer } | undefined;
  let closing = false;

  /** Everything besides the body the reply may depend on, one line each (header values hold no newline). */
  const keyOf = (req: IncomingMessage, body: Buffer) => {
    const h = req.headers;
    const forwarded = h['x-forwarded-host'] !== undefined || h['x-forwarded-proto'] !== undefined;
    return `${req.url}\n${h.host}\n${h.origin}\n${h['x-forwarded-host']}\n${h['x-forwarded-proto']}\n${forwarded && peerTrusted(req.socket.remoteAddress)}\n${h['content-type']}\n${body.toString('latin1')}`;
  };

  const takes = (req: IncomingMessage) => {
    if (!deps || closing || req.method !== 'POST' || !deps.replies.answersAt(req.url ?? '')) return false;
    const h = req.headers;
    if (h.authorization !== undefined || h['content-encoding'] !== undefined) return false;
    const length = Number(h['content-length']);
    return length > 0 && length <= MAX_BODY_BYTES;
  };

  function answer(req: IncomingMessage, res: ServerResponse, kept: Remembered, status: number, body: Buffer, started: number) {
    const { log, timeRequest } = deps!;
    const id = options.requestIdOf(req);
    // Filled in and written at once: nothing else runs between (one thread), so the list is reused.
    const { headers } = kept;
    headers[headers.length - 3] = id;
    headers[headers.length - 1] = body.length;
    res.writeHead(status, headers as string[]);
    res.end(body);
    const seconds = (performance.now() - started) / 1000;
    timeRequest?.(req.method!, kept.route, status, seconds);
    if ((levels.values[log.level] ?? 0) <= levels.values.info!) {
      // The same line as http/access-log.ts: Fastify's serializers read these fields of a request.
      const { ip, host } = addressing(req);
      const request = { method: req.method, url: req.url, headers: req.headers, host, ip, socket: req.socket };
      log.info({ reqId: id, req: request, res: { statusCode: status }, responseTime: seconds * 1000 }, 'request completed');
    }
  }

  function remember(req: TakenRequest, res: ServerResponse, key: string) {
    const kept = deps?.replies.answeredWith(req);
    const route = req[ROUTE];
    if (!kept || route === undefined || res.statusCode !== kept.entry.settled?.status) return;
    const sent = res.getHeaders();
    // A reply the lane could not repeat as it went out (written without a kept header set) is not remembered.
    if (sent['content-type'] === undefined || sent['set-cookie'] !== undefined) return;
    const headers: Remembered['headers'] = [];
    for (const [name, value] of Object.entries(sent)) if (!PER_REQUEST.has(name) && value !== undefined) headers.push(name, value);
    headers.push(REQUEST_ID_HEADER, '', 'content-length', 0);
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(key, { kept, headers, route });
  }

  function serve(req: TakenRequest, res: ServerResponse, body: Buffer, started: number, fastify: Handler) {
    const key = keyOf(req, body);
    const kept = remembered.get(key);
    const reply = kept && deps!.replies.current(kept.kept);
    countCacheLookup('read-lane', reply !== undefined);
    if (kept && reply) return answer(req, res, kept, reply.status, reply.body, started);
    if (kept) remembered.delete(key);
    req[TAKEN_BODY] = body;
    res.once('finish', () => remember(req, res, key));
    fastify(req, res);
  }

  function onRequest(req: IncomingMessage, res: ServerResponse, fastify: Handler) {
    if (!takes(req)) return fastify(req, res);
    const started = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => serve(req, res, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), started, fastify));
    // An aborted upload: nobody is left to answer.
    req.on('error', () => res.destroy());
  }

  return {
    /** Fastify's serverFactory: the server Fastify would make, with the lane in front of its handler. */
    serverFactory(fastify: Handler, opts: FastifyServerOptions) {
      const server = http.createServer((req, res) => onRequest(req, res, fastify));
      // What Fastify sets on a server it makes itself (its defaults are in `opts` by now).
      if (opts.keepAliveTimeout !== undefined) server.keepAliveTimeout = opts.keepAliveTimeout;
      if (opts.requestTimeout !== undefined) server.requestTimeout = opts.requestTimeout;
      server.setTimeout(opts.connectionTimeout ?? 0);
      if (opts.maxRequestsPerSocket) server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
      return server;
    },

    /** Starts the lane once the reply cache exists; until then every request goes through Fastify. */
    register(app: FastifyInstance, given: { replies: ReplyCache; timeRequest?: RequestTimer }) {
      deps = { ...given, log: app.log };
      // Fastify reads a taken request's body from what the lane read.
      app.addHook('preParsing', (req, _reply, payload, done) => {
        const raw = req.raw as TakenRequest;
        const body = raw[TAKEN_BODY];
        if (body === undefined) return done(null, payload);
        raw[ROUTE] = req.routeOptions.url;
        const stream = Object.assign(Readable.from([body], { objectMode: false }), { receivedEncodedLength: body.length });
        done(null, stream);
      });
      // A stopping server sends every request through Fastify, which answers 503 and closes the connection.
      app.addHook('preClose', (done) => {
        closing = true;
        done();
      });
    },
  };
}

export type ReadLane = ReturnType<typeof createReadLane>;
