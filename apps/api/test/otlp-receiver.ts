import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A span as OTLP/JSON carries it, attributes flattened to plain values. */
export type ReceivedSpan = {
  service: string;
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, unknown>;
};

type AnyValue = {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
  arrayValue?: { values?: AnyValue[] };
};
type KeyValue = { key: string; value: AnyValue };

const plain = (value: AnyValue): unknown =>
  value.stringValue ??
  (value.intValue !== undefined ? Number(value.intValue) : undefined) ??
  value.boolValue ??
  value.doubleValue ??
  value.arrayValue?.values?.map(plain);
const flat = (attributes: KeyValue[] = []) => Object.fromEntries(attributes.map((a) => [a.key, plain(a.value)]));

/**
 * A tiny OTLP/HTTP collector for tests: POST /v1/traces. JSON bodies are decoded into spans;
 * every body (protobuf too) is kept raw with its content type.
 */
export async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const posts: Array<{ path: string; contentType: string; body: Buffer }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const contentType = req.headers['content-type'] ?? '';
      posts.push({ path: req.url ?? '', contentType, body });
      if (contentType.includes('json')) {
        const request = JSON.parse(body.toString('utf8')) as {
          resourceSpans: Array<{
            resource: { attributes: KeyValue[] };
            scopeSpans: Array<{ scope: { name: string }; spans: Array<Record<string, unknown>> }>;
          }>;
        };
        for (const rs of request.resourceSpans) {
          const service = String(flat(rs.resource.attributes)['service.name']);
          for (const ss of rs.scopeSpans) {
            for (const s of ss.spans) {
              spans.push({
                service,
                scope: ss.scope.name,
                traceId: String(s.traceId),
                spanId: String(s.spanId),
                parentSpanId: String(s.parentSpanId ?? ''),
                name: String(s.name),
                kind: Number(s.kind),
                attributes: flat(s.attributes as KeyValue[]),
              });
            }
          }
        }
      }
      res
        .writeHead(200, { 'content-type': contentType.includes('json') ? 'application/json' : 'application/x-protobuf' })
        .end(contentType.includes('json') ? '{}' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    posts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
