import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { ConfigError, type Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { postgresRateLimitStore } from './postgres-store.ts';

/** Where per-address request counters live, as @fastify/rate-limit options, and how to let go of it. */
export type RateLimitStorage = {
  kind: 'redis' | 'postgres' | 'memory';
  options: Pick<RateLimitPluginOptions, 'store' | 'redis' | 'nameSpace' | 'skipOnError'>;
  close(): Promise<void>;
};

/**
 * Redis when REDIS_URL is set; else the shared PostgreSQL database; else (PGlite: one process)
 * the plugin's memory. Redis is checked at start, so a wrong address stops the server at once
 * (a ConfigError: main.ts prints its one line).
 */
export async function openRateLimitStorage(
  config: Pick<Config, 'redisUrl'>,
  database: Database,
  log: FastifyBaseLogger,
): Promise<RateLimitStorage> {
  if (config.redisUrl) return openRedis(config.redisUrl, log);
  if (database.kind === 'postgres')
    return { kind: 'postgres', options: { store: postgresRateLimitStore(database.db) }, close: async () => {} };
  return { kind: 'memory', options: {}, close: async () => {} };
}

async function openRedis(url: string, log: FastifyBaseLogger): Promise<RateLimitStorage> {
  // Short timeouts and one retry, as the plugin advises: a request must not wait on a Redis that is away.
  const redis = new Redis(url, { connectTimeout: 500, maxRetriesPerRequest: 1, connectionName: 'mawingu-rate-limit', lazyConnect: true });
  // At start the first failure says why (a refused connection, a wrong password); ioredis's own
  // rejection only says the connection closed.
  let firstError: Error | undefined;
  const remember = (err: Error) => (firstError ??= err);
  redis.on('error', remember);
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    redis.disconnect();
    throw new ConfigError(`REDIS_URL: cannot reach Redis (${(firstError ?? (err as Error)).message})`);
  }
  redis.off('error', remember);
  let warned = false;
  redis.on('error', (err: Error) => {
    // ioredis retries on its own and reports every failed try: one line per outage is enough.
    if (!warned) log.warn({ err }, 'Redis for rate limits unavailable: requests pass without per-address limits until it is back');
    warned = true;
  });
  redis.on('ready', () => (warned = false));
  return {
    kind: 'redis',
    // skipOnError: while Redis is away requests pass unlimited rather than fail; password attempts
    // stay limited by the database's own counters (auth/login-guard.ts).
    options: { redis, nameSpace: 'mawingu-rate-limit-', skipOnError: true },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
