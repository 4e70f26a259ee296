import type { UserData } from '@mawingu/contracts/auth';
import { readUserData } from './session-store.ts';

const LOCK_NAME = 'mawingu-session-refresh';
/**
 * The lock is kept this long after a renewal: local storage reaches other tabs a moment after it
 * is written, and a tab that takes the lock later must already see the new refresh token.
 */
export const LOCK_LINGER_MS = 200;

/**
 * Runs `task` while no other tab of the site renews the session. Refresh tokens rotate and a reused
 * one revokes the whole session, so two tabs must never send the same one. `waited` tells the task
 * that another tab held the lock first (and has probably renewed already). The result is given as
 * soon as the task ends; browsers without the Web Locks API run the task at once.
 */
export function withRefreshLock<T>(task: (waited: boolean) => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task(false);
  return new Promise<T>((resolve, reject) => {
    const run = async (waited: boolean) => {
      try {
        resolve(await task(waited));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
      await new Promise((done) => setTimeout(done, LOCK_LINGER_MS));
    };
    locks
      .request(LOCK_NAME, { ifAvailable: true }, async (lock) => {
        if (!lock) return false;
        await run(false);
        return true;
      })
      .then((ran) => (ran ? undefined : locks.request(LOCK_NAME, () => run(true))))
      .catch((error: unknown) => reject(error instanceof Error ? error : new Error(String(error))));
  });
}

/**
 * After waiting for another tab's renewal: local storage reaches this tab a moment after that tab
 * wrote it, so give it up to `timeoutMs` before deciding the stored refresh token is still current.
 */
export async function storedSessionAfter(refreshToken: string, timeoutMs = 1000, stepMs = 25): Promise<UserData | null> {
  const deadline = Date.now() + timeoutMs;
  let current = readUserData();
  while (current?.refreshToken === refreshToken && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, stepMs));
    current = readUserData();
  }
  return current;
}
