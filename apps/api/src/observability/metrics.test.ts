import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../tools/start-product.ts';
import { parsePrometheusText, valueOf, type Sample } from '../../test/prometheus-text.ts';
import { createTestApp } from '../../test/test-app.ts';
import { until } from '../../test/until.ts';
import type { JobKind } from '../jobs/queue.ts';
import { FREEPASS, openWorld, ZEBRA, type World } from '../modules/billing/payments/payments.test-helper.ts';

/**
 * The server as an operator runs it with METRICS_PORT: requests over HTTP to the site's port, a
 * payment through the PayFast sandbox, a VM provisioned on the simulator, jobs that fail or wait;
 * then what Prometheus scrapes from the metrics listener.
 */
let w: World;
let metricsPort: number;
// A built SPA, whose index.html answers every unknown GET outside /api: /metrics must not be one.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mawingu-spa-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Mawingu</title>');
beforeAll(async () => {
  metricsPort = await freePort();
  w = await openWorld({ METRICS_PORT: String(metricsPort), WEB_DIST: webDist });
});
afterAll(async () => {
  await w?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const metricsAt = (path = '/metrics') => fetch(`http://127.0.0.1:${metricsPort}${path}`);
async function scrape(): Promise<{ samples: Sample[]; text: string }> {
  const res = await metricsAt();
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  const text = await res.text();
  return { samples: parsePrometheusText(text), text };
}
/** How much each sample grew while `act` ran. */
async function growth(act: () => Promise<unknown>) {
  const before = (await scrape()).samples;
  await act();
  const after = await scrape();
  return {
    text: after.text,
    of: (name: string, labels: Record<string, string> = {}) => valueOf(after.samples, name, labels) - valueOf(before, name, labels),
  };
}
const readCatalogue = (site: string, headers: Record<string, string> = {}) =>
  fetch(`${w.origin}/api/marketPlace/getProducts`, {
    method: 'POST',
    headers: { origin: site, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ serviceName: 'all', websiteUrl: site }),
  }).then((res) => (expect(res.status).toBe(200), res.arrayBuffer()));

describe('Prometheus metrics (METRICS_PORT)', () => {
  it('times requests by route pattern and status code: no id or query string becomes a series', async () => {
    const seen = await growth(async () => {
      // The third is the read lane's (ADR 0133): timed as well.
      await readCatalogue(ZEBRA);
      await readCatalogue(ZEBRA);
      await readCatalogue(ZEBRA);
      expect((await fetch(`${w.origin}/api/admin/companies/4711/customers?secret=s3cr3t`)).status).toBe(401);
      expect((await fetch(`${w.origin}/api/no-such-call/4711?signature=s3cr3t`)).status).toBe(404);
    });
    const count = 'mawingu_http_request_duration_seconds_count';
    expect(seen.of(count, { method: 'POST', route: '/api/marketPlace/getProducts', status_code: '200' })).toBe(3);
    expect(seen.of(count, { method: 'GET', route: '/api/admin/companies/:companyId/customers', status_code: '401' })).toBe(1);
    expect(seen.of(count, { method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    expect(
      seen.of('mawingu_http_request_duration_seconds_bucket', {
        method: 'POST',
        route: '/api/marketPlace/getProducts',
        status_code: '200',
        le: '+Inf',
      }),
    ).toBe(3);
    // Names and labels only: a value (a sum of seconds, a count) may hold any digits.
    const series = seen.text
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.slice(0, line.lastIndexOf(' ')));
    expect(series.join('\n')).not.toMatch(/4711|s3cr3t|no-such-call/);
  });

  it('counts cache lookups by cache: a company’s first catalogue read misses every cache, its repeats are the kept reply', async () => {
    const seen = await growth(async () => {
      await readCatalogue(FREEPASS);
      await readCatalogue(FREEPASS);
      await readCatalogue(FREEPASS, { 'accept-language': 'sw' });
    });
    // The first read builds the reply from the catalogue's cache; the read lane (ADR 0133) answers
    // its repeats with it, before Fastify: a header the route does not read is no new request.
    expect(seen.of('mawingu_cache_lookups_total', { cache: 'catalogue', result: 'miss' })).toBe(1);
    expect(seen.of('mawingu_cache_lookups_total', { cache: 'replies', result: 'miss' })).toBe(1);
    expect(seen.of('mawingu_cache_lookups_total', { cache: 'read-lane', result: 'miss' })).toBe(1);
    expect(seen.of('mawingu_cache_lookups_total', { cache: 'read-lane', result: 'hit' })).toBe(2);
    // Every request Fastify answers looks the site up.
    const sites = (result: string) => seen.of('mawingu_cache_lookups_total', { cache: 'company-sites', result });
    expect(sites('hit') + sites('miss')).toBeGreaterThan(0);
  });

  it('counts payments by gateway and outcome, and times the paid VM’s provisioning on the hypervisor', async () => {
    const buyer = await w.customer(w.ids.acme);
    let paidOrder = 0;
    const seen = await growth(async () => {
      paidOrder = await w.order(buyer);
      await w.payForm((await w.start(buyer, paidOrder)).body.data.start, 'pay');
      const failed = await w.order(buyer);
      await w.payForm((await w.start(buyer, failed)).body.data.start, 'fail');
      await until(async () => ((await w.orderRow(failed)).status === 'failed' ? true : undefined));
      await until(async () => ((await w.vmsOf(paidOrder))[0]?.state === 'running' ? true : undefined));
    });
    expect(seen.of('mawingu_payments_total', { gateway: 'payfast', outcome: 'paid' })).toBe(1);
    expect(seen.of('mawingu_payments_total', { gateway: 'payfast', outcome: 'failed' })).toBe(1);
    const { provider } = (await w.vmsOf(paidOrder))[0]!;
    expect(seen.of('mawingu_vm_provisioning_seconds_count', { provider, outcome: 'running' })).toBe(1);
    expect(seen.of('mawingu_vm_provisioning_seconds_sum', { provider, outcome: 'running' })).toBeGreaterThan(0);
  });

  it('shows the queue depth per job kind (read when scraped) and counts failed attempts by kind', async () => {
    const kind = (name: string, handle: JobKind<{ n: number }>['handle']): JobKind<{ n: number }> => ({
      name,
      retryLimit: 0,
      retryDelay: 1,
      retryBackoff: false,
      keyOf: ({ n }) => `n-${n}`,
      handle,
    });
    // Sent, never worked here: they wait.
    const waiting = kind('metrics-waiting', async () => {});
    for (const n of [1, 2, 3]) await w.t.queue.send(waiting, { n });
    const broken = kind('metrics-broken', async () => {
      throw new Error('the hypervisor said no');
    });
    await w.t.queue.work([broken], { pollingIntervalSeconds: 0.2 });
    await w.t.queue.send(broken, { n: 1 });

    const failures = await until(async () => {
      const n = valueOf((await scrape()).samples, 'mawingu_job_failures_total', { kind: 'metrics-broken', final: 'true' });
      return n > 0 ? n : undefined;
    });
    expect(failures).toBe(1);
    const { samples } = await scrape();
    expect(valueOf(samples, 'mawingu_job_queue_depth', { kind: 'metrics-waiting' })).toBe(3);
    // Every queue is listed, an empty one at 0.
    expect(samples.find((s) => s.name === 'mawingu_job_queue_depth' && s.labels.kind === 'metrics-broken')?.value).toBe(0);
  });

  it('includes the process’s own metrics (CPU, memory, event loop)', async () => {
    const { samples } = await scrape();
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(samples.some((s) => s.name.startsWith('nodejs_eventloop_lag'))).toBe(true);
  });

  it('is served on its own listener only: never on the site’s port, nothing else on its own', async () => {
    expect(w.t.config.metrics).toEqual({ host: '127.0.0.1', port: metricsPort });
    expect((await fetch(`${w.origin}/some/page`)).headers.get('content-type')).toContain('text/html');
    const onSite = await fetch(`${w.origin}/metrics`);
    expect(onSite.status).toBe(404);
    expect(await onSite.json()).toMatchObject({ status: 404, data: null });
    expect((await metricsAt('/')).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('stops the start when its port is taken', async () => {
    const other = await createTestApp({ METRICS_PORT: String(metricsPort) });
    try {
      await expect(other.app.ready()).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await other.close().catch(() => undefined);
    }
  });
});
