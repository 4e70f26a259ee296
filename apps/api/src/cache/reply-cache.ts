import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { messages } from '@mawingu/contracts/messages';
import { countCacheLookup } from '../observability/metrics.ts';
import { CACHE_TOPICS, type CacheBus } from './cache-bus.ts';

/**
 * What a cached route answers: the envelope's data, and its message and status when not the usual
 * 200 "ok"; `until`, when the answer changes by itself at a known time (a scheduled news item).
 */
export type Answer = { data: unknown; message?: string; status?: number; until?: Date };

/** A reply as it goes out: status and the serialised envelope. */
type Serialised = { status: number; body: string };

/** Replies kept per company before the oldest are dropped (request bodies can name endless keys). */
const MAX_PER_COMPANY = 500;
/** The key of replies that belong to no company (the country list). */
const EVERYONE = 0;

/**
 * The public reads' replies, kept serialised per company: the first request of a key loads the
 * data, checks it against the reply schema and serialises it; later ones send the same string,
 * skipping the service, the schema and JSON.stringify. Any change the cache bus announces for a
 * company (its settings, catalogue, payment settings or content) drops all its replies on every
 * instance; a change of no company drops everything. The TTL is only a safety net, as for the
 * services' own caches. A failed load (404 "News not available.") is not kept.
 */
export function createReplyCache(bus: CacheBus, ttlMs: number) {
  const companies = new Map<number, Map<string, { expires: number; reply: Promise<Serialised> }>>();

  const drop = (companyId?: number) => (companyId === undefined ? companies.clear() : companies.delete(companyId));
  for (const topic of CACHE_TOPICS) bus.subscribe(topic, drop);

  function serialised(companyId: number, key: string, schema: z.ZodType, load: () => Promise<Answer>): Promise<Serialised> {
    let replies = companies.get(companyId);
    const kept = replies?.get(key);
    const fresh = kept !== undefined && Date.now() < kept.expires;
    countCacheLookup('replies', fresh);
    if (fresh) return kept.reply;
    if (!replies) companies.set(companyId, (replies = new Map()));
    if (replies.size >= MAX_PER_COMPANY) replies.delete(replies.keys().next().value!);
    // `entry` is read only once the load settles (a then callback never runs synchronously).
    const reply = load().then(({ data, message = messages.ok, status = 200, until }) => {
      if (until) entry.expires = Math.min(entry.expires, until.getTime());
      // As fastify-type-provider-zod's serializer does it: encode with the reply schema, then stringify.
      return { status, body: JSON.stringify(z.encode(schema, { status, message, data })) };
    });
    const entry = { expires: Date.now() + ttlMs, reply };
    replies.set(key, entry);
    reply.catch(() => {
      if (companies.get(companyId)?.get(key) === entry) companies.get(companyId)?.delete(key);
    });
    return reply;
  }

  return {
    /**
     * Sends the reply kept for (company, key), loading it first when there is none. `key` names
     * everything besides the company the reply depends on (route, request fields, whether prices show).
     */
    async send(res: FastifyReply, companyId: number | null, key: string, schema: z.ZodType, load: () => Promise<Answer>) {
      const { status, body } = await serialised(companyId ?? EVERYONE, key, schema, load);
      // A string with a JSON content type goes out as it is (Fastify skips the route's serializer).
      return res.code(status).header('content-type', 'application/json; charset=utf-8').send(body);
    },
  };
}

export type ReplyCache = ReturnType<typeof createReplyCache>;
