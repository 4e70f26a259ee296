import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { until } from '../../test/until.ts';
import { startQueue, type JobKind, type JobQueue } from './queue.ts';
import { sqlOf } from '../db/transaction-sql.ts';

/**
 * A job sent from the instance that works its kind starts at once, not at the worker's next poll:
 * the polls here are a minute apart, so a job that waited for one would fail the test.
 */
describe('a job sent from this instance wakes its worker', () => {
  let database: Database;
  let queue: JobQueue;
  const started = new Map<string, number>();
  const kind: JobKind<{ key: string }> = {
    name: 'wake-test',
    retryLimit: 0,
    retryDelay: 1,
    retryBackoff: false,
    keyOf: (d) => d.key,
    handle: async (d) => {
      started.set(d.key, Date.now());
    },
  };
  const POLL_SECONDS = 60;

  beforeAll(async () => {
    database = await openTestDatabase();
    queue = await startQueue(database, pino({ level: 'silent' }));
    await queue.work([kind], { pollingIntervalSeconds: POLL_SECONDS });
    // The worker's first fetch found nothing: it sleeps for a poll interval now.
    await new Promise((r) => setTimeout(r, 500));
  });
  afterAll(async () => {
    await queue.stop();
    await database.close();
  });

  it('starts a job sent outside a transaction within seconds', async () => {
    const sentAt = Date.now();
    await queue.send(kind, { key: 'plain' });
    const startedAt = await until(() => started.get('plain'), 10_000);
    expect(startedAt - sentAt).toBeLessThan(5_000);
  });

  it('starts a job sent inside a transaction once the transaction has committed', async () => {
    let committedAt = 0;
    await database.db.transaction(async (tx) => {
      await queue.send(kind, { key: 'in-transaction' }, { db: sqlOf(tx) });
    });
    committedAt = Date.now();
    const startedAt = await until(() => started.get('in-transaction'), 10_000);
    expect(startedAt).toBeGreaterThanOrEqual(committedAt);
    expect(startedAt - committedAt).toBeLessThan(5_000);
  });
});
