/**
 * Metrics and traces, from the environment (read by config.ts). METRICS_PORT opens the Prometheus
 * listener, on METRICS_HOST (127.0.0.1 unless told: what a server counts is for its operators, not
 * for the internet). The OTEL_* variables are read by tracing.ts and the OpenTelemetry exporter
 * themselves (tracing starts before the configuration is loaded); they are checked here so that a
 * mistake stops the boot with one line instead of traces silently going nowhere.
 */
import { z } from 'zod';

export type MetricsSettings = { host: string; port: number };

const setting = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));
const httpUrl = (name: string) =>
  setting.refine((value) => value === undefined || /^https?:\/\/[^/\s]+/.test(value), {
    message: `${name} must start with http:// or https://`,
  });
const otlpProtocol = (name: string) =>
  setting.refine((value) => value === undefined || value === 'http/protobuf' || value === 'http/json', {
    message: `${name} must be http/protobuf or http/json (OTLP over gRPC is not supported)`,
  });

/** Spread into config.ts's schema. */
export const observabilityEnvShape = {
  METRICS_PORT: setting.refine(
    (value) => value === undefined || (/^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535),
    {
      message: 'METRICS_PORT must be a port number from 1 to 65535',
    },
  ),
  METRICS_HOST: setting,
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl('OTEL_EXPORTER_OTLP_ENDPOINT'),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'),
  OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocol('OTEL_EXPORTER_OTLP_PROTOCOL'),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocol('OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'),
};

type ObservabilityEnv = { PORT: number; METRICS_PORT?: string; METRICS_HOST?: string };

/** One line per problem (what the schema cannot see alone). */
export function observabilityProblems(e: ObservabilityEnv): string[] {
  if (e.METRICS_PORT !== undefined && Number(e.METRICS_PORT) === e.PORT) {
    return [`  METRICS_PORT: must differ from PORT (${e.PORT}): metrics have a listener of their own, never the site's`];
  }
  if (e.METRICS_PORT === undefined && e.METRICS_HOST !== undefined) return ['  METRICS_PORT: required when METRICS_HOST is set'];
  return [];
}

export function metricsSettings(e: ObservabilityEnv): MetricsSettings | undefined {
  if (e.METRICS_PORT === undefined) return undefined;
  return { host: e.METRICS_HOST ?? '127.0.0.1', port: Number(e.METRICS_PORT) };
}
