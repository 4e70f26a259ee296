import { useSyncExternalStore } from 'react';

/**
 * The signed-in operator as the console keeps it: in the tab (sessionStorage) and shared with the
 * browser's other tabs (localStorage), so a console link opened in a new tab is signed in too, until
 * logout or the session's end (docs/decisions/0107). A tab keeps the operator it signed in with.
 */
export type OperatorSession = {
  token: string;
  operator: { id: number; email: string; name: string; role: 'owner' | 'admin' | 'support'; companyId: number | null };
};

const KEY = 'mawingu.console';
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: OperatorSession | null } = { raw: null, value: null };

/** This tab's session; a new tab takes the one the browser shares. */
function stored(): string | null {
  const own = window.sessionStorage.getItem(KEY);
  if (own !== null) return own;
  const shared = window.localStorage.getItem(KEY);
  if (shared !== null) window.sessionStorage.setItem(KEY, shared);
  return shared;
}

function read(): OperatorSession | null {
  let raw: string | null = null;
  try {
    raw = stored();
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
    for (const storage of [window.sessionStorage, window.localStorage]) {
      if (session) storage.setItem(KEY, JSON.stringify(session));
      else storage.removeItem(KEY);
    }
  } catch {
    // Storage refused: the session lives only as long as this page.
  }
  listeners.forEach((l) => l());
}

/** Signed out in another tab (or its session refused there): this tab signs out too. */
function signedOutElsewhere(event: StorageEvent) {
  if (event.key !== KEY || event.newValue !== null || event.storageArea !== window.localStorage) return;
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept in this tab.
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('storage', signedOutElsewhere);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', signedOutElsewhere);
  };
}

/** The operator signed in on this tab (or, for a new tab, in the browser), or null. */
export function useOperatorSession(): OperatorSession | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
