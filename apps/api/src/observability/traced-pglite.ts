import type { PGlite, Transaction } from '@electric-sql/pglite';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

const tracer = trace.getTracer('mawingu-pglite');

type Queries = Pick<Transaction, 'query' | 'exec'>;

function inQuerySpan<T>(operation: 'query' | 'exec', text: string, run: () => Promise<T>): Promise<T> {
  // As for PostgreSQL (tracing.ts): only queries inside a traced request or job, not the queue's polling.
  if (!trace.getSpan(context.active())) return run();
  const attributes = { 'db.system.name': 'postgresql', 'db.query.text': text };
  return tracer.startActiveSpan(`pglite.${operation}`, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await run();
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
      throw err;
    } finally {
      span.end();
    }
  });
}

function traceQueries(target: Queries): void {
  const query = target.query.bind(target);
  const exec = target.exec.bind(target);
  target.query = ((text, params, options) => inQuerySpan('query', text, () => query(text, params, options))) as Queries['query'];
  target.exec = ((text, options) => inQuerySpan('exec', text, () => exec(text, options))) as Queries['exec'];
}

/**
 * Spans for the embedded database's queries, as instrumentation-pg makes for PostgreSQL (no
 * OpenTelemetry instrumentation knows PGlite): its own queries and those of its transactions.
 */
export function tracePglite(client: PGlite): void {
  traceQueries(client);
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => {
      traceQueries(tx);
      return callback(tx);
    })) as PGlite['transaction'];
}
