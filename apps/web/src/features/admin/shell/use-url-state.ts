import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list page's filters in the address (?q=…&page=…), so a search can be shared, reloaded and
 * left with Back. Changing any filter but the page starts again at page 1.
 */
export function useUrlState<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const set = useCallback(
    (changes: Partial<Record<K | 'page', string | number>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === '' || value === undefined || (key === 'page' && Number(value) <= 1)) next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { values, page, set };
}
