import { startTransition, useEffect, useState } from 'react';

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** Longest the next item waits for an idle moment: a busy page still shows it soon after. */
const IDLE_TIMEOUT_MS = 300;

/**
 * How many of `total` items to render: one more each time the browser is idle after the previous
 * one was committed. Mounting a long page in one go is one long commit (DOM insertion, effects,
 * style and layout) that blocks a phone's main thread; one item per commit keeps each task short.
 */
export function useStagedCount(total: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= total) return;
    const next = () => startTransition(() => setShown((count) => count + 1));
    const idle = window as IdleWindow;
    if (idle.requestIdleCallback && idle.cancelIdleCallback) {
      const handle = idle.requestIdleCallback(next, { timeout: IDLE_TIMEOUT_MS });
      return () => idle.cancelIdleCallback!(handle);
    }
    const timer = setTimeout(next, 16);
    return () => clearTimeout(timer);
  }, [shown, total]);
  return Math.min(shown, total);
}
