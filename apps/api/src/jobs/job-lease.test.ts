import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { until } from '../../test/until.ts';
import { startQueue, type JobKind, type JobQueue } from './queue.ts';

const LEASE = 2;
const silent = pino({ level: 'silent' });

type Data = { key: string };
type JobRow = { state: string; retry_count: number; started_on: Date | null; start_after: Date; output: Record<string, unknown> | null };

/**
 * Job leases on one database (PGlite or PostgreSQL): a job whose worker stopped renewing goes back
 * to the queue within about a lease; a living worker keeps a job however long it runs; a stop
 * finishes the job in hand or hands it back. Leases of 2 s keep the file short.
 */
describe('job leases and graceful stop', () => {
  let database: Database;
  const queues: JobQueue[] = [];
  /** Handler calls: which queue ran which key. */
  const runs: { queue: string; key: string }[] = [];
  /** Keys whose handler waits until released. */
  const holds = new Map<string, { release: () => void; done: Promise<void> }>();

  const hold = (key: string) => {
    let release = () => {};
    const done = new Promise<void>((r) => (release = r));
    holds.set(key, { release, done });
  };
  const kind = (queue: string): JobKind<Data> => ({
    name: 'lease-test',
    // A long retry delay: a job taken back or handed back must not wait for it.
    retryLimit: 3,
    retryDelay: 600,
    retryBackoff: true,
    policy: 'stately',
    keyOf: (d) => d.key,
    handle: async (d) => {
      runs.push({ queue, key: d.key });
      await holds.get(d.key)?.done;
    },
  });
  const open = async (options: { shutdownGraceSeconds?: number } = {}) => {
    const queue = await startQueue(database, silent, { leaseSeconds: LEASE, ...options });
    queues.push(queue);
    return queue;
  };
  const rowOf = async (key: string) =>
    (
      await database.executeSql(
        `select state, retry_count, started_on, start_after, output from pgboss.job where name = 'lease-test' and singleton_key = $1`,
        [key],
      )
    ).rows[0] as JobRow;
  const runsOf = (key: string) => runs.filter((r) => r.key === key).map((r) => r.queue);

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  // Each test's instances leave before the next test's start.
  afterEach(async () => {
    for (const q of queues) await q.stopWorking();
  });
  afterAll(async () => {
    for (const q of queues) await q.stop();
    await database.close();
  });

  it('takes back the job of a worker that died, within a lease and at once (no retry delay), and runs it once more', async () => {
    // The dead instance: it fetched the job (active, one lease) and never renewed it.
    const dead = await open();
    await dead.send(kind('dead'), { key: 'lost' });
    const [fetched] = await dead.boss.fetch('lease-test');
    expect(fetched).toBeDefined();
    const lostAt = Date.now();

    const live = await open();
    await live.work([kind('live')], { pollingIntervalSeconds: 0.5 });
    await until(async () => ((await rowOf('lost')).state === 'completed' ? true : undefined), 15_000);
    // Lease, a quarter lease for the sweep, a poll and slack for a busy machine: far below pg-boss's
    // own expiry, which its maintenance applies every 2 minutes.
    expect(Date.now() - lostAt).toBeLessThan((LEASE * 1.25 + 8) * 1000);
    expect(runsOf('lost')).toEqual(['live']);
    // The lost run counts as an attempt.
    expect((await rowOf('lost')).retry_count).toBe(1);
  });

  it('lets a living worker keep a job that runs for several leases: no second run anywhere', async () => {
    const a = await open();
    const b = await open();
    hold('long');
    await a.work([kind('a')], { pollingIntervalSeconds: 0.5 });
    await b.work([kind('b')], { pollingIntervalSeconds: 0.5 });
    await a.send(kind('a'), { key: 'long' });
    await until(() => (runsOf('long').length === 1 ? true : undefined));
    const holder = await rowOf('long');
    expect(holder.state).toBe('active');
    expect(holder.output?.worker).toMatch(/:\d+$/);

    await new Promise((r) => setTimeout(r, LEASE * 3 * 1000));
    expect((await rowOf('long')).state).toBe('active');
    holds.get('long')!.release();
    await until(async () => ((await rowOf('long')).state === 'completed' ? true : undefined));
    expect(runsOf('long')).toHaveLength(1);
    expect((await rowOf('long')).retry_count).toBe(0);
  });

  it('on a graceful stop finishes the job in hand when it ends within the grace', async () => {
    const stopping = await open({ shutdownGraceSeconds: 5 });
    hold('short');
    await stopping.work([kind('stopping')], { pollingIntervalSeconds: 0.5 });
    await stopping.send(kind('stopping'), { key: 'short' });
    await until(() => (runsOf('short').length === 1 ? true : undefined));

    const stopped = stopping.stopWorking();
    setTimeout(() => holds.get('short')!.release(), 300);
    await stopped;
    const row = await rowOf('short');
    expect(row.state).toBe('completed');
    expect(runsOf('short')).toEqual(['stopping']);
  });

  it('on a graceful stop hands back a job still running after the grace: another instance starts it at once, the attempt not counted', async () => {
    const stopping = await open({ shutdownGraceSeconds: 0.5 });
    hold('slow');
    await stopping.work([kind('stopping')], { pollingIntervalSeconds: 0.5 });
    await stopping.send(kind('stopping'), { key: 'slow' });
    await until(() => (runsOf('slow').length === 1 ? true : undefined));

    const started = Date.now();
    await stopping.stopWorking();
    expect(Date.now() - started).toBeLessThan(3000);
    const back = await rowOf('slow');
    expect(back.state).toBe('retry');
    expect(back.started_on).toBeNull();
    expect(back.retry_count).toBe(0);
    expect(back.start_after.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    // The stopped instance's handler is still going (its process would exit now); the next one takes over.
    holds.delete('slow');
    const next = await open();
    await next.work([kind('next')], { pollingIntervalSeconds: 0.5 });
    await until(async () => ((await rowOf('slow')).state === 'completed' ? true : undefined), 5000);
    expect(runsOf('slow')).toEqual(['stopping', 'next']);
    expect((await rowOf('slow')).retry_count).toBe(0);
  });
});

describe('JOB_LEASE_SECONDS and SHUTDOWN_GRACE_SECONDS', () => {
  it('default to a 60 s lease and a 25 s grace, and refuse a lease under 4 s by name', () => {
    expect(loadConfig({}).jobs).toEqual({ leaseSeconds: 60, shutdownGraceSeconds: 25 });
    expect(loadConfig({ JOB_LEASE_SECONDS: '20', SHUTDOWN_GRACE_SECONDS: '0' }).jobs).toEqual({
      leaseSeconds: 20,
      shutdownGraceSeconds: 0,
    });
    expect(() => loadConfig({ JOB_LEASE_SECONDS: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ JOB_LEASE_SECONDS: '2' })).toThrow(/JOB_LEASE_SECONDS:/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: 'soon' })).toThrow(/SHUTDOWN_GRACE_SECONDS:/);
  });
});
