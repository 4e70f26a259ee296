import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { configProblems } from '../../test/config-problems.ts';

describe('metrics and tracing configuration', () => {
  it('serves no metrics unless METRICS_PORT is set; then on 127.0.0.1 unless METRICS_HOST says otherwise', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(loadConfig({ METRICS_PORT: ' 9464 ', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({ host: '0.0.0.0', port: 9464 });
    expect(loadConfig({ METRICS_PORT: '' }).metrics).toBeUndefined();
  });

  it('refuses a bad METRICS_PORT with one line naming it', () => {
    for (const port of ['metrics', '0', '65536', '94.64', '-1']) {
      expect(configProblems({ METRICS_PORT: port })).toEqual(['  METRICS_PORT: METRICS_PORT must be a port number from 1 to 65535']);
    }
  });

  it('refuses the site’s own port, and a METRICS_HOST without a port', () => {
    expect(configProblems({ PORT: '8080', METRICS_PORT: '8080' })).toEqual([
      "  METRICS_PORT: must differ from PORT (8080): metrics have a listener of their own, never the site's",
    ]);
    expect(configProblems({ METRICS_HOST: '0.0.0.0' })).toEqual(['  METRICS_PORT: required when METRICS_HOST is set']);
  });

  it('checks the OTLP endpoint and protocol the tracer will use', () => {
    expect(configProblems({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })).toEqual([]);
    expect(configProblems({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toEqual([
      '  OTEL_EXPORTER_OTLP_ENDPOINT: OTEL_EXPORTER_OTLP_ENDPOINT must start with http:// or https://',
    ]);
    expect(configProblems({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toEqual([
      '  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT must start with http:// or https://',
      '  OTEL_EXPORTER_OTLP_PROTOCOL: OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json (OTLP over gRPC is not supported)',
    ]);
  });
});
