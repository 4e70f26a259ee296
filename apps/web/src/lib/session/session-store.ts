import type { UserData } from '@mawingu/contracts/auth';

/**
 * The logged-in state (spec section 3: `userData` in local storage), shared by every tab. The spec's
 * fixed-key encryption is not copied (ARCHITECTURE ruling): the tokens are short-lived and rotating,
 * and a key shipped in the bundle would hide nothing.
 */
const KEY = 'userData';

/**
 * Stored beside the user data: when the access token runs out (ms since the epoch), so a reloaded
 * or idle tab knows when to renew it before a call is refused.
 */
type StoredUserData = UserData & { expiresAt?: number };

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { raw: string | null; value: UserData | null; expiresAt: number | null } | undefined;

// Storage is user-editable: a value without the fields we rely on counts as logged out.
// Also checks the refresh reply, which is read without zod (callApi is in the first load).
export function isUserData(value: unknown): value is UserData {
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
  if (cached?.raw !== raw) cached = parse(raw);
  return cached.value;
}

function parse(raw: string | null): NonNullable<typeof cached> {
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!isUserData(parsed)) return { raw, value: null, expiresAt: null };
    const { expiresAt, ...value } = parsed as StoredUserData;
    // Stored before expiry times were kept: unknown, so renewed at once.
    return { raw, value, expiresAt: typeof expiresAt === 'number' ? expiresAt : 0 };
  } catch {
    return { raw, value: null, expiresAt: null };
  }
}

/** When the stored access token runs out (ms since the epoch), or null when logged out. */
export function readSessionExpiresAt(): number | null {
  readUserData();
  return cached?.expiresAt ?? null;
}

function emit() {
  for (const listener of listeners) listener();
}

/** Stores a new session (after the OTP, after each refresh); its token lives AccessTokenMaxAge seconds from `now`. */
export function storeUserData(userData: UserData, now: number = Date.now()): void {
  const expiresAt = now + userData.userDetail.AccessTokenMaxAge * 1000;
  const raw = JSON.stringify({ ...userData, expiresAt } satisfies StoredUserData);
  try {
    window.localStorage.setItem(KEY, raw);
  } catch {
    // Storage refused (private mode quota): the session lasts as long as the page.
  }
  cached = { raw, value: userData, expiresAt };
  emit();
}

/** Logout and expiry: the spec clears user data and local storage. */
export function clearUserData(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
  cached = { raw: null, value: null, expiresAt: null };
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
