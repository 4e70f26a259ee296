import { useSyncExternalStore } from 'react';

/**
 * Counts API requests in flight so one overlay can cover every call, whether it runs through
 * TanStack Query or not.
 */
let pending = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function trackRequestStart() {
  pending += 1;
  emit();
}

export function trackRequestEnd() {
  pending = Math.max(0, pending - 1);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => pending;

export function usePendingRequestCount(): number {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

const getBusy = () => pending > 0;

/**
 * Whether any request is in flight. A store's update re-renders its readers at once (not in a
 * transition): this one does so only when the answer changes, not at each call's start and end.
 */
export function useRequestsPending(): boolean {
  return useSyncExternalStore(subscribe, getBusy, getBusy);
}
