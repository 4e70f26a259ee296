import { useSyncExternalStore } from 'react';

/**
 * Code that a part needs only once someone reaches for it (a header menu, a tooltip): fetched on
 * the first pointer, focus or click (`want`), then kept for every later render. Components read it
 * with `useCode`, which is undefined until it has arrived; a failed fetch is asked for again on
 * the next approach.
 */
export type CodeOnIntent<T> = { want: () => void; useCode: () => T | undefined };

export function codeOnIntent<T>(load: () => Promise<T>): CodeOnIntent<T> {
  let code: T | undefined;
  let loading: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const getSnapshot = () => code;
  return {
    want() {
      loading ??= load().then(
        (loaded) => {
          code = loaded;
          listeners.forEach((listener) => listener());
        },
        () => {
          loading = undefined;
        },
      );
    },
    useCode: () => useSyncExternalStore(subscribe, getSnapshot, getSnapshot),
  };
}
