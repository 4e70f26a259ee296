import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { ok, stubApi } from '../../../test/fake-api.ts';
import { makeUserData } from '../../../test/session.ts';
import { RETRY_MS, startRefreshSchedule } from './refresh-schedule.ts';
import { onSessionEnd } from './session-end.ts';
import { readUserData, storeUserData } from './session-store.ts';

const START = new Date('2026-11-21T10:00:00Z').getTime();

describe('refresh schedule', () => {
  let stop: (() => void) | undefined;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(START);
  });

  afterEach(() => stop?.());

  function stubRefresh(reply: () => { status: number; message: string; data: unknown }) {
    let n = 1;
    const fetchMock = stubApi({
      refreshToken: () => {
        const answer = reply();
        if (answer.status !== 200) return answer;
        n += 1;
        return ok([makeUserData({ token: `access-${n}`, refreshToken: `refresh-${n}` })]);
      },
    });
    return () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/refreshToken')).length;
  }

  it('renews a minute before the access token runs out, and again after each renewal', async () => {
    const refreshes = stubRefresh(() => ok(null));
    storeUserData(makeUserData({ detail: { AccessTokenMaxAge: 900 } }));
    stop = startRefreshSchedule();

    await vi.advanceTimersByTimeAsync(839_000);
    expect(refreshes()).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refreshes()).toBe(1);
    expect(readUserData()?.token).toBe('access-2');

    await vi.advanceTimersByTimeAsync(840_000);
    expect(refreshes()).toBe(2);
    expect(readUserData()?.token).toBe('access-3');
  });

  it('renews at once after a reload whose token has already run out', async () => {
    const refreshes = stubRefresh(() => ok(null));
    storeUserData(makeUserData({ detail: { AccessTokenMaxAge: 900 } }), START - 3_600_000);
    stop = startRefreshSchedule();
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshes()).toBe(1);
  });

  it('renews short-lived tokens a fifth of their lifetime early', async () => {
    const refreshes = stubRefresh(() => ok(null));
    storeUserData(makeUserData({ detail: { AccessTokenMaxAge: 30 } }));
    stop = startRefreshSchedule();
    await vi.advanceTimersByTimeAsync(23_999);
    expect(refreshes()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshes()).toBe(1);
  });

  it('ends the session as expired when the refresh token is refused', async () => {
    stubRefresh(() => ({ status: 401, message: messages.sessionExpired, data: null }));
    const ended = vi.fn();
    const unsubscribe = onSessionEnd(ended);
    storeUserData(makeUserData(), START - 3_600_000);
    stop = startRefreshSchedule();
    await vi.advanceTimersByTimeAsync(0);
    unsubscribe();
    expect(ended).toHaveBeenCalledExactlyOnceWith('expired');
    expect(readUserData()).toBeNull();
  });

  it('tries again later when the server does not answer, keeping the session', async () => {
    let down = true;
    const refreshes = stubRefresh(() => (down ? { status: 503, message: 'down', data: null } : ok(null)));
    storeUserData(makeUserData(), START - 3_600_000);
    stop = startRefreshSchedule();
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshes()).toBe(1);
    expect(readUserData()?.token).toBe('access-1');

    down = false;
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(refreshes()).toBe(2);
    expect(readUserData()?.token).toBe('access-2');
  });

  it('does nothing for a visitor', async () => {
    const refreshes = stubRefresh(() => ok(null));
    stop = startRefreshSchedule();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(refreshes()).toBe(0);
  });
});
