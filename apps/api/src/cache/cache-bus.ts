import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { listenOn, type Listener } from './pg-listener.ts';

/** What a change touched; each cache subscribes to the topics whose data it keeps. */
export const CACHE_TOPICS = ['company', 'catalogue', 'payment-settings', 'content', 'mail'] as const;
export type CacheTopic = (typeof CACHE_TOPICS)[number];

/** Drops what a cache keeps of one company, or everything it keeps when no company is named. */
export type CacheDrop = (companyId?: number) => void;

/**
 * The one way to say "this data changed": every instance drops its cached copies. Caches keep
 * their TTL only as a safety net for a message that never arrived.
 */
export type CacheBus = {
  /** Drops the topic's data in this instance at once, then tells the other instances. Never throws. */
  invalidate(topic: CacheTopic, companyId?: number): Promise<void>;
  subscribe(topic: CacheTopic, drop: CacheDrop): void;
  /** How other instances hear of changes: PostgreSQL NOTIFY, or none (PGlite has one process). */
  readonly reach: 'postgres' | 'local';
  close(): Promise<void>;
};

/** The PostgreSQL channel every instance listens on. */
export const CACHE_CHANNEL = 'mawingu_cache';

const message = z.object({
  /** The instance that sent it: it has dropped its own caches already. */
  from: z.string(),
  topic: z.enum(CACHE_TOPICS),
  companyId: z.number().int().optional(),
});
type Message = z.infer<typeof message>;

/**
 * The bus for the configured database. On PostgreSQL each change is published with pg_notify
 * (after its transaction committed) and heard over a LISTEN connection of this instance's own;
 * when that connection was lost and is back, every cache is dropped, since a change may have been
 * missed meanwhile. On PGlite the database belongs to this one process, so dropping here is all.
 */
export async function openCacheBus(database: Database, log: FastifyBaseLogger): Promise<CacheBus> {
  const instance = randomUUID();
  const subscribers = new Map<CacheTopic, CacheDrop[]>();
  const drop = (topic: CacheTopic, companyId?: number) => subscribers.get(topic)?.forEach((d) => d(companyId));
  const dropEverything = () => CACHE_TOPICS.forEach((topic) => drop(topic));

  let listener: Listener | undefined;
  if (database.kind === 'postgres' && database.connectionString) {
    listener = listenOn(
      database.connectionString,
      CACHE_CHANNEL,
      {
        onNotification(payload) {
          const parsed = parse(payload);
          if (!parsed) return log.warn({ payload }, 'cache invalidation: message not understood');
          if (parsed.from !== instance) drop(parsed.topic, parsed.companyId);
        },
        onReconnect: dropEverything,
      },
      log,
    );
    await listener.ready;
  }

  async function publish(topic: CacheTopic, companyId?: number) {
    const body: Message = { from: instance, topic, ...(companyId === undefined ? {} : { companyId }) };
    try {
      await database.executeSql('select pg_notify($1, $2)', [CACHE_CHANNEL, JSON.stringify(body)]);
    } catch (err) {
      // The change itself is committed: the other instances catch up within the cache TTL.
      log.error(
        { err, topic, companyId },
        'cache invalidation could not be published; other instances show the change after the cache TTL',
      );
    }
  }

  return {
    reach: listener ? 'postgres' : 'local',
    async invalidate(topic, companyId) {
      drop(topic, companyId);
      if (listener) await publish(topic, companyId);
    },
    subscribe(topic, d) {
      subscribers.set(topic, [...(subscribers.get(topic) ?? []), d]);
    },
    async close() {
      await listener?.close();
    },
  };
}

function parse(payload: string): Message | undefined {
  try {
    return message.parse(JSON.parse(payload));
  } catch {
    return undefined;
  }
}
