import { describe, expect, it, vi } from 'vitest';
import { signInAs } from '../../../test/session.ts';
import { endSession, expireSession, onSessionEnd } from './session-end.ts';
import { readUserData } from './session-store.ts';

describe('session end', () => {
  it('lets the app leave the page before the user data goes', async () => {
    signInAs();
    const seen: boolean[] = [];
    const stop = onSessionEnd(async () => {
      seen.push(readUserData() !== null);
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    await endSession('logout');
    stop();
    expect(seen).toEqual([true]);
    expect(readUserData()).toBeNull();
  });

  it('announces an expiry once, and only for the session that failed', async () => {
    const { refreshToken } = signInAs();
    const handler = vi.fn();
    const stop = onSessionEnd(handler);
    await expireSession('an-older-refresh-token');
    expect(handler).not.toHaveBeenCalled();
    await Promise.all([expireSession(refreshToken), expireSession(refreshToken)]);
    stop();
    expect(handler).toHaveBeenCalledExactlyOnceWith('expired');
  });
});
