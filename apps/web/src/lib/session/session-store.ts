import type { UserData } from '@mawingu/contracts/auth';

/**
 * The logged-in state (spec section 3: `userData` in local storage), shared by every tab. The spec's
 * fixed-key encryption is not copied (ARCHITECTURE ruling): the tokens are short-lived and rotating,
 * and a key shipped in the bundle would hide nothing.
 */
const KEY = 'userData';

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { raw: string | null; value: UserData | null } | undefined;

// Storage is user-editable: a value without the fields we rely on counts as logged out.
function isUserData(value: unknown): value is UserData {
  const v = value as UserData | null;
  return (
    typeof v?.token === 'string' &&
    typeof v.refreshToken === 'string' &&
    typeof v.userDetail?.FirstName === 'string' &&
    typeof v.userDetail.LastName === 'string' &&
    typeof v.userDetail.AccessTokenMaxAge === 'number'
  );
}

export function readUserData(): UserData | null {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
  if (cached?.raw !== raw) {
    let value: UserData | null = null;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      value = isUserData(parsed) ? parsed : null;
    } catch {
      value = null;
    }
    cached = { raw, value };
  }
  return cached.value;
}

function emit() {
  for (const listener of listeners) listener();
}

export function storeUserData(userData: UserData): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(userData));
  } catch {
    // Storage refused (private mode quota): the session lasts as long as the page.
  }
  cached = { raw: JSON.stringify(userData), value: userData };
  emit();
}

/** Logout and expiry: the spec clears user data and local storage. */
export function clearUserData(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
  cached = { raw: null, value: null };
  emit();
}

export function subscribeUserData(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab logged in or out.
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
