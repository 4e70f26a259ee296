import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children once the first screen is painted, in a transition: React renders them in
 * slices of a few milliseconds, so a phone's main thread is never blocked for long and the first
 * paint does not wait for what is below the fold. `minHeight` holds the space meanwhile, so
 * nothing below moves into view and back (no layout shift).
 */
export function AfterFirstPaint({ children, minHeight }: { children: ReactNode; minHeight?: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => setReady(true));
  }, []);
  return ready ? children : <div style={{ minHeight }} />;
}
