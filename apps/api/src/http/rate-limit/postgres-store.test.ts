import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-db.ts';
import type { Database } from '../../db/client.ts';
import { rateLimitCounters } from '../../db/schema.ts';
import { ConfigError } from '../../config.ts';
import { countHit, sweepEndedWindows } from './postgres-store.ts';
import { openRateLimitStorage } from './storage.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The counters themselves, on the test database (PGlite, or PostgreSQL when DATABASE_URL is set). */
describe('rate-limit counters in the database', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('counts requests arriving at once without losing one (one atomic upsert each)', async () => {
    const counted = await Promise.all(Array.from({ length: 20 }, () => countHit(database.db, 'POST/api/writeToUs-203.0.113.1', 60_000)));
    expect(counted.map((c) => c.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const { ttl } of counted) {
      expect(ttl).toBeGreaterThan(55_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }
  });

  it('starts a new window once the old one has ended, and keeps keys apart', async () => {
    expect((await countHit(database.db, 'k-window', 300)).current).toBe(1);
    expect((await countHit(database.db, 'k-window', 300)).current).toBe(2);
    expect((await countHit(database.db, 'k-other', 300)).current).toBe(1);
    await pause(400);
    const again = await countHit(database.db, 'k-window', 300);
    expect(again.current).toBe(1);
    expect(again.ttl).toBeGreaterThan(0);
  });

  it('sweeps the rows of ended windows and keeps the live ones', async () => {
    await countHit(database.db, 'k-ends-soon', 100);
    await countHit(database.db, 'k-lives', 60_000);
    await pause(200);
    await sweepEndedWindows(database.db);
    const keys = async (key: string) => database.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key));
    expect(await keys('k-ends-soon')).toEqual([]);
    expect(await keys('k-lives')).toHaveLength(1);
  });
});

describe('where the counters live', () => {
  const log = pino({ level: 'silent' });

  it('in the shared PostgreSQL database, or in memory on PGlite (one process)', async () => {
    const database = await openTestDatabase();
    try {
      const storage = await openRateLimitStorage({ redisUrl: undefined }, database, log);
      expect(storage.kind).toBe(database.kind === 'postgres' ? 'postgres' : 'memory');
      expect(Boolean(storage.options.store)).toBe(database.kind === 'postgres');
    } finally {
      await database.close();
    }
  });

  it('refuses to start with a REDIS_URL nothing answers at, in one line naming the variable', async () => {
    const database = { kind: 'pglite' } as Database;
    const opening = openRateLimitStorage({ redisUrl: 'redis://127.0.0.1:1' }, database, log);
    await expect(opening).rejects.toBeInstanceOf(ConfigError);
    await expect(opening).rejects.toThrow(/^REDIS_URL: cannot reach Redis \(.*\)$/);
  });
});
