// First: tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set) must be on before the modules it instruments load.
import './observability/start-tracing.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { jobsOf, schedulesOf } from './modules/create-modules.ts';
import { sendMailJob } from './modules/platform/mail/send-mail-job.ts';
import { devToolsNotice } from './modules/platform/dev/dev-tools.ts';
import { startOrderExpiry } from './modules/orders/expire-orders-job.ts';
import { createLogger } from './logger.ts';
import { openRuntime } from './runtime.ts';

async function main() {
  const config = loadConfig();
  const log = createLogger(config);
  const runtime = await openRuntime(config, log);
  if (runtime.seeded) log.info({ origin: config.publicUrl }, 'demo company seeded');
  const { app, modules } = await buildApp({ config, ...runtime, logger: log });
  // Mail first: each company's mail is dressed in its brand and sent through its own SMTP server
  // when it set one (content's company mail, ADR 0112), else through the server's transport.
  await runtime.queue.work([sendMailJob(modules.content.mailDelivery)]);
  // The domains' jobs (provisioning, fulfilment, VM actions, public IPs, expiry, reconciliation),
  // then their clocks: payment reconciliation every 5 minutes, the expiry pass daily.
  await runtime.queue.work(jobsOf(modules));
  for (const { name, cron } of schedulesOf(modules)) await runtime.queue.boss.schedule(name, cron, {});
  // Hourly: orders never taken to a gateway expire a day after they were made.
  await startOrderExpiry(runtime.queue, modules.orders.expireAbandonedOrders, app.log);
  // SIGTERM (a deploy, a scale-down): /api/ready answers 503 at once, so the load balancer takes
  // the instance out while it still serves for SHUTDOWN_DRAIN_SECONDS (not after Ctrl+C: a person
  // at a terminal, no load balancer); meanwhile the jobs stop —
  // none taken any more, those in hand finish within SHUTDOWN_GRACE_SECONDS or go back to the queue
  // for another instance. Then the HTTP server stops accepting and finishes its requests. A stop
  // that hangs anyway is cut short.
  const shutdown = async (signal: string) => {
    const { shutdownGraceSeconds } = config.jobs;
    const drainSeconds = signal === 'SIGTERM' ? config.shutdownDrainSeconds : 0;
    log.info({ signal, shutdownGraceSeconds, drainSeconds }, 'shutting down');
    app.readiness.stopServing();
    setTimeout(
      () => {
        log.error('shutdown took too long; exiting');
        process.exit(1);
      },
      (Math.max(shutdownGraceSeconds, drainSeconds) + 10) * 1000,
    ).unref();
    await Promise.all([runtime.queue.stopWorking(), new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000))]);
    log.info('jobs stopped and drained; closing the HTTP server');
    await app.close();
    await runtime.close();
    log.info('stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const db = runtime.database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
  const mail = runtime.mailTransport.kind === 'smtp' ? 'SMTP' : 'outbox (/dev/outbox)';
  const files = config.storage.kind === 's3' ? `bucket ${config.storage.bucket}` : config.storage.root;
  // In `npm run dev` the browser opens Vite's port (PUBLIC_URL); the API listens behind it.
  const url = config.publicUrlIsSet ? config.publicUrl : `http://localhost:${port}`;
  console.log(`\nMawingu is running at ${url}  (API on port ${port}; database: ${db}; files: ${files}; mail: ${mail})\n`);
  const development = devToolsNotice(config);
  if (development) console.warn(`${development}\n`);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
