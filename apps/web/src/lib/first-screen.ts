import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

/**
 * Below-the-fold content (the footer, home's sections) renders, and fetches its code, once the
 * first screen is complete: on a phone's connection its files would otherwise compete with what
 * the visitor sees first (home's video). The first screen is complete right after the first
 * paint, unless something in it holds it (holdFirstScreen) until its media has loaded.
 */
let holds = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Longest a hold delays the content below: a slow video does not keep the footer away. */
export const FIRST_SCREEN_HOLD_MAX_MS = 3000;

/** Holds the first screen while `loading`; released when it turns false, on unmount, or after the maximum. */
export function useHoldFirstScreen(loading: boolean): void {
  useEffect(() => {
    if (!loading) return;
    holds += 1;
    emit();
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      holds -= 1;
      emit();
    };
    const timer = setTimeout(release, FIRST_SCREEN_HOLD_MAX_MS);
    return () => {
      clearTimeout(timer);
      release();
    };
  }, [loading]);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getSnapshot = () => holds === 0;

/**
 * False for the first render, true once it is painted and nothing holds the first screen. Turns
 * true in a transition, so what it gates renders in short slices, not one long task.
 */
export function useFirstScreenDone(): boolean {
  const [painted, setPainted] = useState(false);
  const free = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const [done, setDone] = useState(false);
  useEffect(() => {
    startTransition(() => setPainted(true));
  }, []);
  useEffect(() => {
    if (painted && free && !done) startTransition(() => setDone(true));
  }, [painted, free, done]);
  return done;
}

/**
 * Below-the-fold parts render one at a time, each when the browser is idle after the previous
 * one: a phone's main thread then sees a few short tasks (one part's render, commit and layout)
 * instead of one long one for all of them, and stays free for the visitor's first taps.
 */
const turns: Array<() => void> = [];
let turnPending = false;

function whenIdle(callback: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(callback, { timeout: 1000 });
  else setTimeout(callback, 16);
}

function grantNextTurn(): void {
  if (turnPending || turns.length === 0) return;
  turnPending = true;
  whenIdle(() => {
    turnPending = false;
    turns.shift()?.();
    grantNextTurn();
  });
}

/** Queues `grant` for the next idle turn; returns a function that leaves the queue. */
function requestTurn(grant: () => void): () => void {
  turns.push(grant);
  grantNextTurn();
  return () => {
    const index = turns.indexOf(grant);
    if (index >= 0) turns.splice(index, 1);
  };
}

/** False until `wanted` and then an idle turn has come (see above); true from then on. */
export function useIdleTurn(wanted: boolean): boolean {
  const [granted, setGranted] = useState(false);
  useEffect(() => {
    if (!wanted || granted) return;
    return requestTurn(() => startTransition(() => setGranted(true)));
  }, [wanted, granted]);
  return granted;
}

/** How many of `total` parts to show: `initial` at once, then one more per idle turn. */
export function useShownInTurns(total: number, initial = 1): number {
  const [shown, setShown] = useState(initial);
  useEffect(() => {
    if (shown >= total) return;
    return requestTurn(() => startTransition(() => setShown((n) => Math.max(n, shown + 1))));
  }, [shown, total]);
  return shown;
}
