import { renewSession } from '../../api/call-api.ts';
import { expireSession } from './session-end.ts';
import { readSessionExpiresAt, readUserData, subscribeUserData } from './session-store.ts';

/** A renewal that got no answer (offline, server down) is tried again after this long. */
export const RETRY_MS = 30_000;
/** Renew this long before the access token runs out, at most a fifth of its lifetime. */
export const MAX_MARGIN_MS = 60_000;
// setTimeout takes at most a signed 32-bit delay.
const MAX_DELAY_MS = 2_147_483_647;

/** When the stored session should be renewed (ms since the epoch), or null when logged out. */
export function renewalDueAt(): number | null {
  const userData = readUserData();
  const expiresAt = readSessionExpiresAt();
  if (!userData || expiresAt === null) return null;
  return expiresAt - Math.min(MAX_MARGIN_MS, (userData.userDetail.AccessTokenMaxAge * 1000) / 5);
}

/**
 * Keeps the session alive while the page is open: renews it shortly before the access token runs
 * out, so an idle tab is still logged in as long as the refresh token lives, and a reloaded page
 * whose token ran out renews at once. A refused renewal ends the session as expired. Re-plans
 * whenever the stored session changes (here or in another tab) and when the tab becomes visible
 * again (timers of hidden tabs are throttled). Returns a function that stops it.
 */
export function startRefreshSchedule(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const schedule = (delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void renew(), Math.min(Math.max(0, delay), MAX_DELAY_MS));
  };

  const plan = () => {
    clearTimeout(timer);
    const due = renewalDueAt();
    if (due !== null && !stopped) schedule(due - Date.now());
  };

  const renew = async () => {
    const userData = readUserData();
    if (!userData || stopped) return;
    const result = await renewSession(userData);
    if (result.kind === 'refused') await expireSession(result.refreshToken);
    else if (result.kind === 'unavailable' && !stopped) schedule(RETRY_MS);
    // 'renewed' stored new user data, which re-plans through the subscription.
  };

  const onVisibility = () => {
    if (document.visibilityState === 'visible') plan();
  };

  const unsubscribe = subscribeUserData(plan);
  document.addEventListener('visibilitychange', onVisibility);
  plan();
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
