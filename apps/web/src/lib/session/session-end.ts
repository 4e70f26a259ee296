import { clearUserData, readUserData } from './session-store.ts';

/** Why a session ended: the customer logged out, or it could not be renewed any more. */
export type SessionEndReason = 'logout' | 'expired';

type Handler = (reason: SessionEndReason) => void;
const handlers = new Set<Handler>();

/**
 * The app registers what happens after a session ends (navigation, toast); callApi and logout are
 * not React code, so they announce the end here instead of navigating themselves.
 */
export function onSessionEnd(handler: Handler): () => void {
  handlers.add(handler);
  return () => {
    handlers.delete(handler);
  };
}

/** Clears the stored user data and tells the app why. */
export function endSession(reason: SessionEndReason): void {
  clearUserData();
  for (const handler of handlers) handler(reason);
}

/**
 * Ends the session as expired only if the one that failed is still the stored one: a refused
 * refresh token that another tab already replaced, or a session already ended, is not announced twice.
 */
export function expireSession(refreshToken: string): void {
  if (readUserData()?.refreshToken === refreshToken) endSession('expired');
}
