import type { LRUCache } from 'lru-cache';
import { countCacheLookup } from './metrics.ts';

/** A cache read through `get`: counts a hit when it found a value, and hands the value on. */
export function counted<V>(cache: string, found: V | undefined): V | undefined {
  countCacheLookup(cache, found !== undefined);
  return found;
}

/** A cache read through lru-cache's `fetch` (which loads on a miss): counts how it was answered. */
export function countedFetch<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  cache: string,
  lru: LRUCache<K, V>,
  key: K,
): Promise<V | undefined> {
  const status: LRUCache.Status<K, V> = {};
  const value = lru.fetch(key, { status });
  // Read at once: a concurrent miss later turns to 'inflight', but this lookup found no value either way.
  countCacheLookup(cache, status.fetch === 'hit');
  return value;
}
