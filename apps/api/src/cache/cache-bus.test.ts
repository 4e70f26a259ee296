import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-db.ts';
import { until } from '../../test/until.ts';
import type { Database } from '../db/client.ts';
import { openCacheBus, type CacheBus, type CacheTopic } from './cache-bus.ts';
import { LISTENER_APPLICATION_NAME } from './pg-listener.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const log = pino({ level: 'silent' });

type Drop = { topic: CacheTopic; companyId: number | undefined };

/** A bus with a subscriber on every topic that writes down what it was told to drop. */
async function busWithRecorder(database: Database): Promise<{ bus: CacheBus; drops: Drop[] }> {
  const bus = await openCacheBus(database, log);
  const drops: Drop[] = [];
  for (const topic of ['company', 'catalogue', 'payment-settings'] as const)
    bus.subscribe(topic, (companyId) => drops.push({ topic, companyId }));
  return { bus, drops };
}

describe('the cache bus in one instance', () => {
  let database: Database;
  let bus: CacheBus;
  let drops: Drop[];

  beforeAll(async () => {
    database = await openTestDatabase();
    ({ bus, drops } = await busWithRecorder(database));
  });
  afterAll(async () => {
    await bus.close();
    await database.close();
  });

  it('drops the topic’s data here before invalidate returns, once, for the company named', async () => {
    expect(bus.reach).toBe(database.kind === 'postgres' ? 'postgres' : 'local');
    await bus.invalidate('catalogue', 7);
    expect(drops).toEqual([{ topic: 'catalogue', companyId: 7 }]);
    // Its own message comes back over LISTEN too: it must not drop a second time.
    await new Promise((r) => setTimeout(r, 300));
    expect(drops).toHaveLength(1);
  });
});

describe.skipIf(!onPostgres)('the cache bus across instances on PostgreSQL (needs DATABASE_URL)', () => {
  let database: Database;
  let a: Awaited<ReturnType<typeof busWithRecorder>>;
  let b: Awaited<ReturnType<typeof busWithRecorder>>;

  beforeAll(async () => {
    database = await openTestDatabase();
    a = await busWithRecorder(database);
    b = await busWithRecorder(database);
  });
  afterAll(async () => {
    await a?.bus.close();
    await b?.bus.close();
    await database?.close();
  });

  it('tells the other instance which company’s data to drop', async () => {
    await a.bus.invalidate('company', 42);
    await until(() => (b.drops.length > 0 ? true : undefined), 2000);
    expect(b.drops).toEqual([{ topic: 'company', companyId: 42 }]);
  });

  it('drops everything after its listening connection was lost and made again, then hears changes again', async () => {
    b.drops.length = 0;
    a.drops.length = 0;
    // What a database restart or failover does to the listeners' connections.
    const killed = await database.executeSql(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
      [LISTENER_APPLICATION_NAME],
    );
    expect(killed.rows).toHaveLength(2);

    await until(() => (b.drops.length >= 3 ? true : undefined), 10_000);
    expect(b.drops).toEqual([
      { topic: 'company', companyId: undefined },
      { topic: 'catalogue', companyId: undefined },
      { topic: 'payment-settings', companyId: undefined },
    ]);
    await until(() => (a.drops.length >= 3 ? true : undefined), 10_000);

    b.drops.length = 0;
    await a.bus.invalidate('payment-settings', 5);
    await until(() => (b.drops.length > 0 ? true : undefined), 2000);
    expect(b.drops).toEqual([{ topic: 'payment-settings', companyId: 5 }]);
  });
});
