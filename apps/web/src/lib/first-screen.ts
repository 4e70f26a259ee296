import { startTransition, useEffect, useRef, useState, useSyncExternalStore } from 'react';

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
 * Below-the-fold parts render one at a time: a part gets its turn when the browser is idle after
 * the frame that showed the previous one, so a phone's main thread sees a few short tasks (one
 * part's render, commit, style and layout each) instead of one long one for all of them, and stays
 * free for the visitor's first taps.
 */
type Turn = { grant: () => void };
const waiting: Turn[] = [];
let current: Turn | null = null;
let scheduled = false;
/** Longest a granted part may keep the turn (one that never commits does not stop the others). */
const TURN_MAX_MS = 1000;

/** After the next frame (the previous part's style and layout), when the browser is idle. */
function afterFrameWhenIdle(callback: () => void): void {
  let started = false;
  const idle = () => {
    if (started) return;
    started = true;
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(callback, { timeout: TURN_MAX_MS });
    else setTimeout(callback, 0);
  };
  // A hidden page draws no frames: the timer lets the parts render there too.
  if (typeof window.requestAnimationFrame === 'function') window.requestAnimationFrame(idle);
  setTimeout(idle, 100);
}

function scheduleTurn(): void {
  if (scheduled || current || waiting.length === 0) return;
  scheduled = true;
  afterFrameWhenIdle(() => {
    scheduled = false;
    const turn = current ? undefined : waiting.shift();
    if (!turn) return;
    current = turn;
    setTimeout(() => releaseTurn(turn), TURN_MAX_MS);
    turn.grant();
  });
}

/** Ends a granted turn (its part has committed) or leaves the queue. */
function releaseTurn(turn: Turn): void {
  if (current === turn) current = null;
  const index = waiting.indexOf(turn);
  if (index >= 0) waiting.splice(index, 1);
  scheduleTurn();
}

/**
 * A turn for `step` (any value that changes when another turn is wanted; null: none wanted):
 * `onTurn` runs in it, and the turn ends once what it rendered has committed (`step` changed).
 */
function useTurn(step: unknown, onTurn: () => void): void {
  const onTurnRef = useRef(onTurn);
  useEffect(() => {
    onTurnRef.current = onTurn;
  });
  const granted = useRef<Turn | null>(null);
  useEffect(() => {
    // This step's render has committed: the turn that asked for it is over.
    if (granted.current) releaseTurn(granted.current);
    granted.current = null;
    if (step === null) return;
    const turn: Turn = {
      grant: () => {
        granted.current = turn;
        onTurnRef.current();
      },
    };
    waiting.push(turn);
    scheduleTurn();
    return () => {
      if (granted.current !== turn) releaseTurn(turn);
    };
  }, [step]);
  useEffect(
    () => () => {
      if (granted.current) releaseTurn(granted.current);
    },
    [],
  );
}

/** False until `wanted` and then an idle turn has come (see above); true from then on. */
export function useIdleTurn(wanted: boolean): boolean {
  const [granted, setGranted] = useState(false);
  useTurn(wanted && !granted ? 'wanted' : null, () => startTransition(() => setGranted(true)));
  return granted;
}

/** How many of `total` parts to show: none at first, then one more per idle turn. */
export function useShownInTurns(total: number): number {
  const [shown, setShown] = useState(0);
  useTurn(shown < total ? shown : null, () => startTransition(() => setShown((n) => Math.min(total, n + 1))));
  return shown;
}

/**
 * False until `wanted`, then true once `load` (a lazily loaded part's import) has settled: a part
 * asks for its turn with its code already here, so its turn renders it rather than a fallback.
 * A failed import counts as settled; the part's own lazy loading then reports it.
 */
export function useCodeLoaded(load: () => Promise<unknown>, wanted: boolean): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    const settle = () => live && setLoaded(true);
    load().then(settle, settle);
    return () => {
      live = false;
    };
  }, [load, wanted, loaded]);
  return loaded;
}
