import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { messages } from '@mawingu/contracts/messages';
import type { MayRepeat } from '../http/read-lane.ts';
import { countCacheLookup } from '../observability/metrics.ts';
import { CACHE_TOPICS, type CacheBus } from './cache-bus.ts';

/**
 * What a cached route answers: the envelope's data, and its message and status when not the usual
 * 200 "ok"; `until`, when the answer changes by itself at a known time (a scheduled news item).
 */
export type Answer = { data: unknown; message?: string; status?: number; until?: Date };

/** A reply as it goes out: status and the serialised envelope, encoded once. */
type Serialised = { status: number; body: Buffer };

/** One kept reply; `settled` once its load has finished, so it can be sent without waiting. */
type Entry = { expires: number; reply: Promise<Serialised>; settled?: Serialised };

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
 *
 * A route that answers from here declares that, for a visitor, its reply depends on nothing but the
 * path, the site headers, the content type and the body: the read lane (http/read-lane.ts) answers
 * repeats of such a request with the kept reply, without running the route, while it is current.
 */
export function createReplyCache(bus: CacheBus, ttlMs: number, mayRepeat: MayRepeat = () => {}) {
  const companies = new Map<number, Map<string, Entry>>();

  const drop = (companyId?: number) => (companyId === undefined ? companies.clear() : companies.delete(companyId));
  for (const topic of CACHE_TOPICS) bus.subscribe(topic, drop);

  function kept(companyId: number, key: string, schema: z.ZodType, load: () => Promise<Answer>): Entry {
    let replies = companies.get(companyId);
    const found = replies?.get(key);
    const fresh = found !== undefined && Date.now() < found.expires;
    countCacheLookup('replies', fresh);
    if (fresh) return found;
    if (!replies) companies.set(companyId, (replies = new Map()));
    if (replies.size >= MAX_PER_COMPANY) replies.delete(replies.keys().next().value!);
    // `entry` is read only once the load settles (a then callback never runs synchronously).
    const reply = load().then(({ data, message = messages.ok, status = 200, until }) => {
      if (until) entry.expires = Math.min(entry.expires, until.getTime());
      // As fastify-type-provider-zod's serializer does it: encode with the reply schema, then stringify.
      const body = Buffer.from(JSON.stringify(z.encode(schema, { status, message, data })));
      return (entry.settled = { status, body });
    });
    const entry: Entry = { expires: Date.now() + ttlMs, reply };
    replies.set(key, entry);
    reply.catch(() => {
      if (companies.get(companyId)?.get(key) === entry) companies.get(companyId)?.delete(key);
    });
    return entry;
  }

  return {
    /**
     * Sends the reply kept for (company, key), loading it first when there is none. `key` names
     * everything besides the company the reply depends on (route, request fields, whether prices show).
     */
    async send(res: FastifyReply, companyId: number | null, key: string, schema: z.ZodType, load: () => Promise<Answer>) {
      const company = companyId ?? EVERYONE;
      const entry = kept(company, key, schema, load);
      const { status, body } = await entry.reply;
      // Still the reply while this entry is kept, fresh: neither dropped, expired nor replaced.
      mayRepeat(res.request, () => (companies.get(company)?.get(key) === entry && Date.now() < entry.expires ? entry.settled : undefined));
      // Bytes with a JSON content type go out as they are (Fastify skips the route's serializer).
      return res.code(status).header('content-type', 'application/json; charset=utf-8').send(body);
    },
  };
}

export type ReplyCache = ReturnType<typeof createReplyCache>;
