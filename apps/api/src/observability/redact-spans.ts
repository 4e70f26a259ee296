import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-node';

/**
 * Attributes that carry a URL or its parts. Query strings hold signatures and tokens (PayFast's and
 * Ozow's returns and notifications, signed download links) and a URL may carry user:password: only
 * the scheme, host and path leave the process.
 */
const URL_ATTRIBUTES = ['url.full', 'http.url', 'url.path', 'http.target'];
const DROPPED_ATTRIBUTES = ['url.query'];

/** A URL or path without its query string, fragment or credentials. */
export function withoutSecrets(value: string): string {
  const bare = value.split(/[?#]/, 1)[0]!;
  try {
    const url = new URL(bare);
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return bare;
  }
}

function redactedAttributes(attributes: ReadableSpan['attributes']): ReadableSpan['attributes'] {
  const copy = { ...attributes };
  for (const key of DROPPED_ATTRIBUTES) delete copy[key];
  for (const key of URL_ATTRIBUTES) {
    const value = copy[key];
    if (typeof value === 'string') copy[key] = withoutSecrets(value);
  }
  return copy;
}

/**
 * Wraps the OTLP exporter: every span leaves with its URL attributes cut down (whatever the
 * instrumentation that made it). The span itself is not changed; the exporter sees a view of it.
 */
export function redactingExporter(inner: SpanExporter): SpanExporter {
  return {
    export(spans: ReadableSpan[], done: Parameters<SpanExporter['export']>[1]) {
      const views = spans.map(
        (span) => Object.create(span, { attributes: { value: redactedAttributes(span.attributes), enumerable: true } }) as ReadableSpan,
      );
      inner.export(views, done);
    },
    shutdown: () => inner.shutdown(),
    forceFlush: () => inner.forceFlush?.() ?? Promise.resolve(),
  };
}
