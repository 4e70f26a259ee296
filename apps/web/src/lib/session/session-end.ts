import { clearUserData, readUserData } from './session-store.ts';
import { clearSupportSession } from './support-session.ts';

/** Why a session ended: the customer logged out, or it could not be renewed any more. */
export type SessionEndReason = 'logout' | 'expired';

type Handler = (reason: SessionEndReason) => void | Promise<void>;
const handlers = new Set<Handler>();
let ending: Promise<void> | undefined;

/**
 * The app registers what happens when a session ends (navigation, toast); callApi and logout are
 * not React code, so they announce the end here instead of navigating themselves.
 */
export function onSessionEnd(handler: Handler): () => void {
  handlers.add(handler);
  return () => {
    handlers.delete(handler);
  };
}

/**
 * Tells the app why the session ends, lets it leave the page first (a customer-only page would
 * otherwise send the visitor to the login screen the moment the data is gone, instead of home
 * after a logout), then clears the stored user data.
 */
export function endSession(reason: SessionEndReason): Promise<void> {
  ending ??= (async () => {
    try {
      await Promise.allSettled([...handlers].map(async (handler) => handler(reason)));
    } finally {
      clearUserData();
      clearSupportSession();
      ending = undefined;
    }
  })();
  return ending;
}

/**
 * Ends the session as expired only if the one that failed is still the stored one: a refused
 * refresh token that another tab already replaced, or a session already ended, is not announced twice.
 */
export function expireSession(refreshToken: string): Promise<void> {
  if (ending || readUserData()?.refreshToken !== refreshToken) return ending ?? Promise.resolve();
  return endSession('expired');
}
