import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import { levels } from 'pino';
import { CACHE_TOPICS, type CacheBus } from '../cache/cache-bus.ts';
import { countCacheLookup } from '../observability/metrics.ts';
import { UNMATCHED_ROUTE, type RequestTimer } from '../observability/metrics-server.ts';
import type { Admission } from './admission.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';
import { addressingOf, trustsPeer, type TrustProxy } from './trust-proxy.ts';

/** A reply as the lane repeats it: its status and its bytes. */
export type LaneReply = { status: number; body: Buffer };

/**
 * Said by whoever answered a request whose repeats may get the same reply: `reply` gives it while it
 * is still what the request would get, and nothing once it is not.
 */
export type MayRepeat = (req: FastifyRequest, reply: () => LaneReply | undefined) => void;

/** A public read's body is a few fields: anything larger goes the usual way. */
const MAX_BODY_BYTES = 4096;
/** Requests remembered; all forgotten at once past this (clients choose paths and bodies). */
const MAX_REMEMBERED = 5000;
/** Headers that belong to one request, not to the reply: written afresh each time. */
const PER_REQUEST = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', REQUEST_ID_HEADER]);
const NO_BODY = Buffer.alloc(0);

/** The body the lane read from a request it then handed to Fastify (which reads it from here). */
const TAKEN_BODY = Symbol('body taken by the read lane');
type TakenRequest = IncomingMessage & { [TAKEN_BODY]?: Buffer };

/**
 * A request answered once, as its repeats are answered: `headers` is writeHead's flat list, its
 * last four slots the request id and length of each reply; `until` the safety net of the caches
 * the headers came from (a company's form-action).
 */
type Remembered = { reply: () => LaneReply | undefined; headers: (string | number | string[])[]; route: string; until: number };

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The read lane (ADR 0133): a visitor's repeat of a public read, of the page shell or of a built
 * file is answered by the HTTP server before Fastify, with the reply Fastify gave the first time.
 *
 * What answers through `mayRepeat` declares that, for a visitor, its reply depends on nothing but
 * the request's key: path, site (Host, Origin, X-Forwarded-Host/-Proto and whether the peer may say
 * so), content type, accepted encodings, the browser's ETag and the body. The reply cache says so
 * for the public reads (its kept reply, while current), the SPA's files for themselves. The lane
 * then remembers the request with the headers its reply went out with; a repeat gets the reply with
 * its own request id, access line and metrics. Any change the cache bus announces forgets every
 * request (the headers hold the company's form-action). Requests with a token (a customer sees
 * prices), an encoded or large body, other methods, or during shutdown always go through Fastify.
 *
 * Fastify's lifecycle (hooks, body parser, schema, route) was half of a cached read's time.
 */
export function createReadLane(options: { trust: TrustProxy; requestIdOf: (req: IncomingMessage) => string }) {
  const addressing = addressingOf(options.trust);
  const peerTrusted = trustsPeer(options.trust);
  const repeatable = new WeakMap<IncomingMessage, { route: string; reply: () => LaneReply | undefined }>();
  /** POST paths that answered through `mayRepeat`: the lane reads their bodies. */
  const postPaths = new Set<string>();
  const remembered = new Map<string, Remembered>();
  let deps: { log: FastifyBaseLogger; timeRequest?: RequestTimer; ttlMs: number; admission?: Admission } | undefined;
  let closing = false;

  /** What a reply may depend on, one line each (header values hold no newline). */
  const keyOf = (req: IncomingMessage, body: Buffer) => {
    const h = req.headers;
    const forwarded = h['x-forwarded-host'] !== undefined || h['x-forwarded-proto'] !== undefined;
    const trusted = forwarded && peerTrusted(req.socket.remoteAddress);
    return `${req.method} ${req.url}\n${h.host}\n${h.origin}\n${h['x-forwarded-host']}\n${h['x-forwarded-proto']}\n${trusted}\n${h['content-type']}\n${h['accept-encoding']}\n${h['if-none-match']}\n${body.toString('latin1')}`;
  };

  function answer(req: IncomingMessage, res: ServerResponse, kept: Remembered, { status, body }: LaneReply, started: number) {
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

  function remember(req: IncomingMessage, res: ServerResponse, key: string) {
    const repeat = repeatable.get(req);
    if (!repeat || res.statusCode !== repeat.reply()?.status) return;
    const sent = res.getHeaders();
    // A reply the lane could not repeat as it went out (written without a kept header set) is not remembered.
    if (sent['content-type'] === undefined || sent['set-cookie'] !== undefined) return;
    const headers: Remembered['headers'] = [];
    for (const [name, value] of Object.entries(sent)) if (!PER_REQUEST.has(name) && value !== undefined) headers.push(name, value);
    headers.push(REQUEST_ID_HEADER, '', 'content-length', 0);
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(key, { reply: repeat.reply, headers, route: repeat.route, until: Date.now() + deps!.ttlMs });
  }

  function serve(req: TakenRequest, res: ServerResponse, body: Buffer, started: number, fastify: Handler) {
    const key = keyOf(req, body);
    // On PostgreSQL a remembered request waits its turn as one for Fastify would (ADR 0131): answers
    // cheap as these still fill a pass of the loop that the database's replies wait behind.
    const { admission } = deps!;
    if (admission && remembered.has(key)) return admission(() => answerOrPass(req, res, body, key, started, fastify));
    answerOrPass(req, res, body, key, started, fastify);
  }

  function answerOrPass(req: TakenRequest, res: ServerResponse, body: Buffer, key: string, started: number, fastify: Handler) {
    const kept = remembered.get(key);
    const reply = kept && Date.now() < kept.until ? kept.reply() : undefined;
    countCacheLookup('read-lane', reply !== undefined);
    if (kept && reply) return answer(req, res, kept, reply, started);
    if (kept) remembered.delete(key);
    if (body.length > 0) req[TAKEN_BODY] = body;
    res.once('finish', () => remember(req, res, key));
    fastify(req, res);
  }

  function onRequest(req: IncomingMessage, res: ServerResponse, fastify: Handler) {
    const h = req.headers;
    if (!deps || closing || h.authorization !== undefined || h['content-encoding'] !== undefined) return fastify(req, res);
    if (req.method === 'GET') return serve(req, res, NO_BODY, performance.now(), fastify);
    const length = Number(h['content-length']);
    if (req.method !== 'POST' || !postPaths.has(req.url ?? '') || !(length > 0 && length <= MAX_BODY_BYTES)) return fastify(req, res);
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

    mayRepeat: ((req, reply) => {
      repeatable.set(req.raw, { route: req.routeOptions.url ?? UNMATCHED_ROUTE, reply });
      if (req.method === 'POST') postPaths.add(req.raw.url ?? '');
    }) satisfies MayRepeat,

    /** Starts the lane once the cache bus exists; until then every request goes through Fastify. */
    register(app: FastifyInstance, given: { caches: CacheBus; ttlMs: number; timeRequest?: RequestTimer; admission?: Admission }) {
      deps = { log: app.log, timeRequest: given.timeRequest, ttlMs: given.ttlMs, admission: given.admission };
      for (const topic of CACHE_TOPICS) given.caches.subscribe(topic, () => remembered.clear());
      // Fastify reads a taken request's body from what the lane read.
      app.addHook('preParsing', (req, _reply, payload, done) => {
        const body = (req.raw as TakenRequest)[TAKEN_BODY];
        if (body === undefined) return done(null, payload);
        done(null, Object.assign(Readable.from([body], { objectMode: false }), { receivedEncodedLength: body.length }));
      });
      // A stopping server sends every request through Fastify, which answers 503 and closes the connection.
      app.addHook('preClose', (done) => {
        closing = true;
        done();
      });
    },
  };
}
