import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { configProblems } from '../../test/config-problems.ts';
import { createEmptyPostgresDatabase } from '../../test/test-db.ts';
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from './open-configured.ts';

describe('DATABASE_POOL_SIZE', () => {
  it('is 20 unless set; a bad value stops the start naming the variable', () => {
    expect(loadConfig({}).databasePoolSize).toBe(20);
    expect(loadConfig({ DATABASE_POOL_SIZE: '40' }).databasePoolSize).toBe(40);
    for (const bad of ['0', 'many', '2.5', '-3']) {
      expect(configProblems({ DATABASE_POOL_SIZE: bad }), bad).toEqual([expect.stringMatching(/^ {2}DATABASE_POOL_SIZE: /)]);
    }
  });

  const onPostgres = Boolean(process.env.DATABASE_URL);
  describe.skipIf(!onPostgres)('on PostgreSQL (needs DATABASE_URL)', () => {
    let dataDir: string | undefined;
    let drop: (() => Promise<void>) | undefined;
    afterAll(async () => {
      await drop?.();
      if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    });

    it('an instance holds at most that many connections for its queries, however many wait', async () => {
      const empty = await createEmptyPostgresDatabase(process.env.DATABASE_URL!);
      drop = empty.drop;
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mawingu-pool-'));
      const database = await openConfiguredDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: empty.url, DATABASE_POOL_SIZE: '3' }));
      const observer = new pg.Client({ connectionString: empty.url });
      await observer.connect();
      try {
        const name = new URL(empty.url).pathname.slice(1);
        const busy = Array.from({ length: 8 }, () => database.executeSql('SELECT pg_sleep(0.3)'));
        let most = 0;
        for (let i = 0; i < 6; i++) {
          const { rows } = await observer.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
            [name],
          );
          most = Math.max(most, rows[0]!.n);
          await new Promise((r) => setTimeout(r, 100));
        }
        await Promise.all(busy);
        expect(most).toBe(3);
      } finally {
        await observer.end();
        await database.close();
      }
    });
  });
});
