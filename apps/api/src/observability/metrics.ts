import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/*
 * What this process counts, for Prometheus (served by metrics-server.ts when METRICS_PORT is set).
 * Counting is a few additions in memory, so the code counts whether or not anyone scrapes. Every
 * label has a small, fixed set of values: never an id, a URL or a customer's input.
 */

/** The process's own registry (no library's metrics slip in through prom-client's global one). */
export const processRegistry = new Registry();

const registers = [processRegistry];

/** Settled payment results; `gateway`: payfast, ozow, pesapal, paypal, bypass or manual. */
export const paymentsSettled = new Counter({
  name: 'mawingu_payments_total',
  help: 'Payment results settled, by gateway and outcome (paid, failed, cancelled, pending, duplicate)',
  labelNames: ['gateway', 'outcome'] as const,
  registers,
});

/** A failed attempt of a job; `final="true"`: no retry is left, the job is failed for good. */
export const jobFailures = new Counter({
  name: 'mawingu_job_failures_total',
  help: 'Job attempts that failed, by job kind and whether it was the last attempt',
  labelNames: ['kind', 'final'] as const,
  registers,
});

/** A new VM, from its provisioning job taking it up to the machine running (or the attempt failing). */
export const vmProvisioning = new Histogram({
  name: 'mawingu_vm_provisioning_seconds',
  help: 'Time from a provisioning attempt starting to the VM running, by hypervisor and outcome (running, failed, retry)',
  labelNames: ['provider', 'outcome'] as const,
  buckets: [1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1800],
  registers,
});

/** Cache lookups in plain numbers (one or more on nearly every request), handed to Prometheus when scraped. */
const lookups = new Map<string, { hit: number; miss: number }>();

new Counter({
  name: 'mawingu_cache_lookups_total',
  help: 'Lookups in the in-memory caches (company sites, catalogue, purchase terms, …), by cache and result (hit, miss)',
  labelNames: ['cache', 'result'] as const,
  registers,
  collect() {
    this.reset();
    for (const [cache, { hit, miss }] of lookups) {
      this.inc({ cache, result: 'hit' }, hit);
      this.inc({ cache, result: 'miss' }, miss);
    }
  },
});

/** Called where a cache is read: the hit ratio is hits / (hits + misses) per cache. */
export function countCacheLookup(cache: string, hit: boolean): void {
  let counts = lookups.get(cache);
  if (!counts) lookups.set(cache, (counts = { hit: 0, miss: 0 }));
  if (hit) counts.hit++;
  else counts.miss++;
}

/** After lru-cache's `fetch(key, { status })`: only a fresh value is a hit; a load (or waiting for one) is a miss. */
export function countCacheFetch(cache: string, status: { fetch?: string }): void {
  countCacheLookup(cache, status.fetch === 'hit');
}

let processMetricsOn = false;

/** prom-client's process and Node.js metrics (CPU, memory, event-loop lag, GC), once a listener serves them. */
export function collectProcessMetrics(): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: processRegistry });
}
