import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { startProduct, type RunningProduct } from '../../../../../../tools/start-product.ts';

/**
 * A stopping instance tells the load balancer first and closes its port later: on SIGTERM
 * /api/ready turns 503 at once while every other request is still served, for
 * SHUTDOWN_DRAIN_SECONDS, so the balancer's health check takes it out before connections are refused.
 */
describe('readiness while stopping', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stopServing: ready answers 503 saying so, without asking the database; health stays 200', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    t.app.readiness.stopServing();
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 503, message: 'Not ready: shutting down', data: { ready: false, stopping: true } });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('the server on SIGTERM', () => {
  const DRAIN_SECONDS = 3;
  let product: RunningProduct;
  beforeAll(async () => {
    product = await startProduct({ env: { SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS), SHUTDOWN_GRACE_SECONDS: '1' } });
  }, 180_000);
  afterAll(() => product?.stop());

  const statusOf = (path: string) =>
    fetch(`http://127.0.0.1:${product.port}${path}`).then(
      async (r) => (await r.arrayBuffer(), r.status),
      () => 'refused' as const,
    );

  it(`answers 503 on /api/ready at once, serves everything else for ${DRAIN_SECONDS} s, then closes and exits 0`, async () => {
    expect(await statusOf('/api/ready')).toBe(200);
    const signalledAt = Date.now();
    const exited = product.kill('SIGTERM');
    // The signal is handled between two requests of ours: the first 503 comes within moments.
    let ready: number | 'refused' = 200;
    while (ready === 200 && Date.now() - signalledAt < 1_000) ready = await statusOf('/api/ready');
    expect(ready).toBe(503);
    expect(Date.now() - signalledAt).toBeLessThan(1_000);

    // Still serving: the health check and the API (an unknown route is answered, not refused).
    const served: Array<number | 'refused'> = [];
    while (Date.now() - signalledAt < (DRAIN_SECONDS - 1) * 1000) {
      served.push(await statusOf('/api/health'), await statusOf('/api/no-such-route'));
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(new Set(served)).toEqual(new Set([200, 404]));

    const exit = await exited;
    expect(exit.code, product.output()).toBe(0);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000);
    expect(await statusOf('/api/health')).toBe('refused');
  }, 60_000);
});
