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
