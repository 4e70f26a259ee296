import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherInstance, createTestApp, post, type TestContext } from '../../../test/test-app.ts';
import { completeCompany, upsertCompany } from '../../db/seed/factories.ts';

const SITE = 'https://acme-shared-limits.example';
const onPostgres = Boolean(process.env.DATABASE_URL);
/** A Redis the tests may use (CI starts Debian's redis-server and sets it). */
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Two instances behind one address: "Write to us" allows 5 messages a minute per client address,
 * and that must hold for the instances together, not 5 on each.
 */
function sharedLimit(env: Record<string, string>) {
  let t: TestContext;
  let other: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp(env);
    other = await anotherInstance(t);
    await upsertCompany(t.database.db, completeCompany('acme-shared-limits', 'Acme Limits'), [SITE]);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('the contact form’s 5 a minute: 3 through one instance and 3 through the other, the 6th is refused', async () => {
    // An address of this run's own: Redis keeps its counters across test runs.
    const address = `198.51.${randomInt(256)}.${randomInt(1, 255)}`;
    const write = (app: FastifyInstance) => post(app, 'writeToUs', { emailID: 'bad', content: '', websiteUrl: SITE }, {}, address);
    const statuses: number[] = [];
    for (const app of [t.app, t.app, t.app, other, other, other]) statuses.push((await write(app)).http);
    // Within the limit the form answers (400: these bodies are not valid); past it, 429 on either instance.
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await write(t.app)).http).toBe(429);
    // Another address has its own count.
    expect(
      (await post(t.app, 'writeToUs', { emailID: 'bad', content: '', websiteUrl: SITE }, {}, `192.0.2.${randomInt(1, 255)}`)).http,
    ).toBe(400);
  });
}

describe.skipIf(!onPostgres)('per-address limits across instances on PostgreSQL (needs DATABASE_URL: PGlite has one process)', () => {
  sharedLimit({});
});

describe.skipIf(!redisUrl)('per-address limits across instances in Redis (needs TEST_REDIS_URL)', () => {
  sharedLimit({ REDIS_URL: redisUrl ?? '' });
});
