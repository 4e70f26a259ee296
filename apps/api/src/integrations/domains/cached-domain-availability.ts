import { LRUCache } from 'lru-cache';
import type { DomainAvailability } from './domain-availability.ts';

/**
 * The registry's answers, kept for a while: a name people type is asked for again and again
 * (several visitors, a repeated Check), and the registry limits how often it may be asked. A
 * registration changes seldom, so a taken name is kept an hour and a free one ten minutes (it may be
 * registered any time). A lookup that failed is not kept: the next Check asks again.
 */
export function cachedDomainAvailability(
  inner: DomainAvailability,
  options: { takenMs?: number; freeMs?: number; max?: number } = {},
): DomainAvailability {
  const { takenMs = 3_600_000, freeMs = 600_000, max = 10_000 } = options;
  const answers = new LRUCache<string, boolean>({ max, ttl: freeMs });
  return {
    kind: inner.kind,
    async isTaken(companyId, domain) {
      const known = answers.get(domain);
      if (known !== undefined) return known;
      const taken = await inner.isTaken(companyId, domain);
      answers.set(domain, taken, { ttl: taken ? takenMs : freeMs });
      return taken;
    },
  };
}
