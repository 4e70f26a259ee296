import { useSyncExternalStore } from 'react';
import type { SupportSessionBanner } from '@mawingu/contracts/support-session';
import { readUserData, subscribeUserData } from './session-store.ts';

/**
 * The banner of an operator's support session ("log in as", ADR 0118), kept beside the user data
 * by the page that exchanged the console's handoff. It only says what to show: the server knows
 * the session is the operator's from its token and refuses payments whatever is stored here.
 */
const KEY = 'supportSession';

function isBanner(value: unknown): value is SupportSessionBanner {
  const v = value as SupportSessionBanner | null;
  return typeof v?.customerName === 'string' && typeof v.operatorName === 'string' && typeof v.expiresAt === 'string';
}

let cached: { raw: string | null; value: SupportSessionBanner | null } | undefined;

/** The stored banner, while a session is stored too (none after a logout or an expiry). */
export function readSupportSession(): SupportSessionBanner | null {
  if (!readUserData()) return null;
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
  if (cached?.raw !== raw) {
    let value: SupportSessionBanner | null = null;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      value = isBanner(parsed) ? parsed : null;
    } catch {
      value = null;
    }
    cached = { raw, value };
  }
  return cached.value;
}

const listeners = new Set<() => void>();

export function storeSupportSession(banner: SupportSessionBanner): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(banner));
  } catch {
    // Storage refused: no banner, and the server still refuses what it must.
  }
  for (const listener of listeners) listener();
}

export function clearSupportSession(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const stop = subscribeUserData(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    stop();
    window.removeEventListener('storage', onStorage);
  };
}

/** The banner to show on every page, or null (re-renders when the session or the banner changes, in any tab). */
export function useSupportSession(): SupportSessionBanner | null {
  return useSyncExternalStore(subscribe, readSupportSession, () => null);
}
