import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-node';
import { describe, expect, it } from 'vitest';
import { redactingExporter, withoutSecrets } from './redact-spans.ts';

describe('spans leave without secrets in their URLs', () => {
  it('cuts query strings, fragments and credentials from URLs and paths', () => {
    expect(withoutSecrets('https://user:pa55@sandbox.payfast.co.za/eng/query/validate?signature=abc&token=x#top')).toBe(
      'https://sandbox.payfast.co.za/eng/query/validate',
    );
    expect(withoutSecrets('/api/virtualMachine/notifyOzow?Hash=ab12&TransactionId=9')).toBe('/api/virtualMachine/notifyOzow');
    expect(withoutSecrets('/api/plain')).toBe('/api/plain');
  });

  it('exports a view of each span with url.query dropped and URL attributes cut; the span itself is unchanged', async () => {
    const attributes = {
      'url.full': 'https://api.ozow.com/GetTransactionByReference?siteCode=MAW&transactionReference=7',
      'url.path': '/eng/process?signature=s',
      'url.query': 'signature=s',
      'http.target': '/notify?Hash=h',
      'http.url': 'http://admin:secret@hc3.local/rest/v1/VirDomain?x=1',
      'db.query.text': 'select 1',
    };
    const span = { name: 'GET', attributes, spanContext: () => ({ traceId: 't', spanId: 's', traceFlags: 1 }) } as unknown as ReadableSpan;
    let exported: ReadableSpan[] = [];
    const inner: SpanExporter = { export: (spans, done) => ((exported = spans), done({ code: 0 })), shutdown: async () => {} };
    await new Promise((resolve) => redactingExporter(inner).export([span], resolve));
    expect(exported[0]!.attributes).toEqual({
      'url.full': 'https://api.ozow.com/GetTransactionByReference',
      'url.path': '/eng/process',
      'http.target': '/notify',
      'http.url': 'http://hc3.local/rest/v1/VirDomain',
      'db.query.text': 'select 1',
    });
    expect(exported[0]!.name).toBe('GET');
    expect(exported[0]!.spanContext().traceId).toBe('t');
    expect(span.attributes['url.query']).toBe('signature=s');
  });
});
