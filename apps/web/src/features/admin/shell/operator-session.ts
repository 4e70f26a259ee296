import { useSyncExternalStore } from 'react';

/** The signed-in operator as the console keeps it (sessionStorage: a console login ends with the tab). */
export type OperatorSession = {
  token: string;
  operator: { id: number; email: string; name: string; role: 'owner' | 'admin' | 'support'; companyId: number | null };
};

const KEY = 'mawingu.console';
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: OperatorSession | null } = { raw: null, value: null };

function read(): OperatorSession | null {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
  if (raw !== cached.raw) {
    let value: OperatorSession | null = null;
    try {
      value = raw ? (JSON.parse(raw) as OperatorSession) : null;
    } catch {
      value = null;
    }
    cached = { raw, value };
  }
  return cached.value;
}

export function readOperatorSession(): OperatorSession | null {
  return read();
}

export function storeOperatorSession(session: OperatorSession | null): void {
  try {
    if (session) window.sessionStorage.setItem(KEY, JSON.stringify(session));
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused: the session lives only as long as this page.
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The operator signed in on this tab, or null. */
export function useOperatorSession(): OperatorSession | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
