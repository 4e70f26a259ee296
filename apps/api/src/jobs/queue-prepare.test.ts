import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { startQueue, type JobQueue, type JobSpec } from './queue.ts';

const silent = pino({ level: 'silent' });
const spec = (name: string): JobSpec<{ n: number }> => ({
  name,
  retryLimit: 1,
  retryDelay: 1,
  retryBackoff: false,
  keyOf: (d) => String(d.n),
});

/**
 * New queues made while other instances make theirs (a new database, instances starting together,
 * the expiry pass and a bulk newsletter at once): pg-boss's create_queue locks pgboss.queue for a
 * partition's foreign key, so two new queues made side by side can deadlock; each is made again
 * after losing, and the bulk insert after `prepare` lands.
 */
describe('job queues made side by side', () => {
  let database: Database;
  let queues: JobQueue[];
  beforeAll(async () => {
    database = await openTestDatabase();
    queues = [await startQueue(database, silent), await startQueue(database, silent)];
  });
  afterAll(async () => {
    for (const q of queues) await q.stop();
    await database.close();
  });

  it('two instances each preparing the same new queues in opposite orders both succeed, and a bulk insert then lands', async () => {
    for (let round = 0; round < 4; round++) {
      const names = [1, 2, 3].map((i) => `prepare-${round}-${i}`).map(spec);
      await Promise.all([queues[0]!.prepare(names), queues[1]!.prepare([...names].reverse())]);
      const inserted = names.map((s) => ({ name: s.name, data: { n: round } }));
      await queues[0]!.boss.insert(inserted);
      const rows = await database.executeSql(`select count(*)::int as n from pgboss.job where name like $1`, [`prepare-${round}-%`]);
      expect((rows.rows[0] as { n: number }).n).toBe(3);
    }
  });
});
