import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type * as FastifyOtel from '@fastify/otel';
import type * as OtlpHttp from '@opentelemetry/exporter-trace-otlp-http';
import type * as OtlpProto from '@opentelemetry/exporter-trace-otlp-proto';
import type * as Instrumentation from '@opentelemetry/instrumentation';
import type * as HttpInstrumentation from '@opentelemetry/instrumentation-http';
import type * as PgInstrumentation from '@opentelemetry/instrumentation-pg';
import type * as UndiciInstrumentation from '@opentelemetry/instrumentation-undici';
import type * as Resources from '@opentelemetry/resources';
import type * as SdkTraceNode from '@opentelemetry/sdk-trace-node';
import { redactingExporter } from './redact-spans.ts';

/*
 * OpenTelemetry traces, on only when an OTLP endpoint is configured. This module reads its
 * OTEL_* variables itself (config.ts checks them too, but runs later): it must run before the app's
 * modules load, so that the instrumentations see `http` and `pg` as they are first required. The
 * packages are required here on demand, so a server without an endpoint loads none of them.
 */

type Env = Record<string, string | undefined>;
const load = createRequire(import.meta.url);

export const DEFAULT_SERVICE_NAME = 'mawingu';

/** Load balancers' checks and Prometheus scrapes come every few seconds: never traced. */
const UNTRACED_PATHS = new Set(['/api/health', '/api/ready', '/metrics']);
const pathOf = (url: string | undefined) => (url ?? '').split('?', 1)[0]!;

/** The endpoint traces go to (the standard variables: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT wins), if any. */
export function otlpEndpointOf(env: Env): string | undefined {
  const endpoint = (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT)?.trim();
  return endpoint ? endpoint : undefined;
}

/** OTLP over HTTP, protobuf-encoded unless the standard variables ask for JSON. */
export function otlpProtocolOf(env: Env): string {
  return (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL)?.trim() || 'http/protobuf';
}

function tracingWanted(env: Env): boolean {
  const endpoint = otlpEndpointOf(env);
  if (!endpoint || env.OTEL_SDK_DISABLED?.trim() === 'true') return false;
  // A malformed value or an unsupported protocol is config.ts's one-line error a moment later.
  return /^https?:\/\//.test(endpoint) && ['http/protobuf', 'http/json'].includes(otlpProtocolOf(env));
}

function exporterFor(env: Env): SdkTraceNode.SpanExporter {
  // Both read OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT, _HEADERS, _TIMEOUT and _COMPRESSION themselves.
  if (otlpProtocolOf(env) === 'http/json')
    return new (load('@opentelemetry/exporter-trace-otlp-http') as typeof OtlpHttp).OTLPTraceExporter();
  return new (load('@opentelemetry/exporter-trace-otlp-proto') as typeof OtlpProto).OTLPTraceExporter();
}

let started: SdkTraceNode.NodeTracerProvider | undefined;

/** Whether this process traces (the embedded database then wraps its queries in spans: db/client.ts). */
export const tracingOn = () => started !== undefined;

/** Sends the spans still waiting in the batch (they leave every 5 s): the app calls it when it closes. */
export async function flushTraces(): Promise<void> {
  await started?.forceFlush().catch(() => undefined);
}

/**
 * Starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT (or _TRACES_ENDPOINT) is set: incoming HTTP
 * requests with their route (Fastify), PostgreSQL queries made within a traced request or job, and
 * outgoing calls through undici/fetch (gateways, hypervisors, Meraki, RDAP) and node:http (S3), each
 * carrying a W3C traceparent. Spans leave without query strings or URL credentials (redact-spans.ts).
 */
export function startTracing(env: Env = process.env): SdkTraceNode.NodeTracerProvider | undefined {
  if (!tracingWanted(env)) return undefined;
  const { NodeTracerProvider, BatchSpanProcessor } = load('@opentelemetry/sdk-trace-node') as typeof SdkTraceNode;
  const { defaultResource, detectResources, envDetector, resourceFromAttributes } = load('@opentelemetry/resources') as typeof Resources;
  const { registerInstrumentations } = load('@opentelemetry/instrumentation') as typeof Instrumentation;
  const { HttpInstrumentation: Http } = load('@opentelemetry/instrumentation-http') as typeof HttpInstrumentation;
  const { PgInstrumentation: Pg } = load('@opentelemetry/instrumentation-pg') as typeof PgInstrumentation;
  const { UndiciInstrumentation: Undici } = load('@opentelemetry/instrumentation-undici') as typeof UndiciInstrumentation;
  const { FastifyOtelInstrumentation } = load('@fastify/otel') as typeof FastifyOtel;

  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (envDetector) win over the default name.
  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': DEFAULT_SERVICE_NAME }))
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(redactingExporter(exporterFor(env)))] });
  // The global provider, AsyncLocalStorage context and W3C trace-context propagation.
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new Http({ ignoreIncomingRequestHook: (req: IncomingMessage) => UNTRACED_PATHS.has(pathOf(req.url)) }),
      // The route on the HTTP span (`POST /api/vms/list`) and a request span; none per hook or
      // handler (named after the plugin's source text), the not-found handler's under a short name.
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        instrumentHooks: false,
        instrumentHandler: false,
        ignorePaths: (route) => UNTRACED_PATHS.has(route.url),
        lifecycleHook: (span, { hookName }) => span.updateName(hookName),
      }),
      // The queue polls every second: only queries inside a traced request or job make spans.
      new Pg({ requireParentSpan: true, ignoreConnectSpans: true }),
      new Undici(),
    ],
  });
  started = provider;
  return provider;
}
