import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Gauge, Histogram, Registry } from 'prom-client';
import type { JobQueue } from '../jobs/queue.ts';
import { jobQueueDepths } from './job-queue-depth.ts';
import { collectProcessMetrics, processRegistry } from './metrics.ts';
import type { MetricsSettings } from './observability-settings.ts';

/** The route label of requests no route matched (404s, the SPA's pages): never the raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Records one request's duration: `route` is its pattern, never the raw URL. */
export type RequestTimer = (method: string, route: string, statusCode: number, seconds: number) => void;

/** The app's own series: its requests, and the job queue it works. */
function appRegistry(app: FastifyInstance, queue: JobQueue): { registry: Registry; timeRequest: RequestTimer } {
  const registry = new Registry();
  const durations = new Histogram({
    name: 'mawingu_http_request_duration_seconds',
    help: 'HTTP requests served, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const timeRequest: RequestTimer = (method, route, statusCode, seconds) =>
    durations.observe({ method, route, status_code: String(statusCode) }, seconds);
  app.addHook('onResponse', (req, res, done) => {
    // The pattern (`/api/vms/:id`), so ids and query strings never become series of their own.
    timeRequest(req.method, req.routeOptions.url ?? UNMATCHED_ROUTE, res.statusCode, res.elapsedTime / 1000);
    done();
  });
  new Gauge({
    name: 'mawingu_job_queue_depth',
    help: 'Jobs waiting to be worked (queued or waiting for a retry), by job kind',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const { kind, depth } of await jobQueueDepths(queue.boss)) this.set({ kind }, depth);
      } catch (err) {
        // The database is away: the series go missing for this scrape rather than the whole scrape.
        app.log.warn({ err }, 'job queue depth not available for metrics');
      }
    },
  });
  return { registry, timeRequest };
}

/**
 * With METRICS_PORT: times every request of the app, and serves Prometheus's text format at
 * GET /metrics on a listener of its own (METRICS_HOST:METRICS_PORT). The listener opens when the
 * app gets ready (a port already taken stops the start) and closes with the app. The site's own
 * port never serves metrics.
 */
export function registerMetrics(app: FastifyInstance, settings: MetricsSettings | undefined, queue: JobQueue): RequestTimer | undefined {
  if (!settings) return undefined;
  const { registry: own, timeRequest } = appRegistry(app, queue);
  const scrape = () => Registry.merge([processRegistry, own]).metrics();

  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?', 1)[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: metrics are at GET /metrics\n');
      return;
    }
    scrape().then(
      (text) => res.writeHead(200, { 'content-type': own.contentType }).end(text),
      (err: unknown) => {
        app.log.error({ err }, 'metrics scrape failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics failed\n');
      },
    );
  });

  app.addHook('onReady', async () => {
    collectProcessMetrics();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.port, settings.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const { address, port } = server.address() as AddressInfo;
    app.log.info({ address, port }, 'metrics served at GET /metrics');
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Prometheus keeps its connection open between scrapes.
    server.closeAllConnections();
    await closed;
  });
  // Requests answered before Fastify (the read lane) are timed through this.
  return timeRequest;
}
