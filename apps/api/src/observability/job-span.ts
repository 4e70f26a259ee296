import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

// A no-op until tracing.ts registers a provider (OTEL_EXPORTER_OTLP_ENDPOINT), then the real one.
const tracer = trace.getTracer('mawingu-jobs');

/**
 * A job's run as the root of a trace of its own, so the queries and the gateway and hypervisor calls
 * a job makes (provisioning, reconciliation, mail) are traced like a request's.
 */
export function inJobSpan<T>(kind: string, job: { id: string; retryCount: number }, run: () => Promise<T>): Promise<T> {
  const attributes = {
    'messaging.system': 'pg-boss',
    'messaging.operation.type': 'process',
    'messaging.destination.name': kind,
    'messaging.message.id': job.id,
    'mawingu.job.retry_count': job.retryCount,
  };
  return tracer.startActiveSpan(`job ${kind}`, { kind: SpanKind.CONSUMER, root: true, attributes }, async (span) => {
    try {
      return await run();
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
      throw err;
    } finally {
      span.end();
    }
  });
}
