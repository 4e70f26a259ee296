import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUserData } from '../../../test/session.ts';
import { storedSessionAfter, withRefreshLock } from './refresh-lock.ts';
import { storeUserData } from './session-store.ts';

/** The Web Locks API as browsers give it (happy-dom has none): one holder per name, others queue. */
function fakeLockManager() {
  let held: Promise<unknown> = Promise.resolve();
  let busy = false;
  type Callback = (lock: { name: string } | null) => Promise<unknown>;
  return {
    request(name: string, optionsOrCallback: { ifAvailable?: boolean } | Callback, maybeCallback?: Callback) {
      const options = typeof optionsOrCallback === 'function' ? {} : optionsOrCallback;
      const callback = (typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback)!;
      if (options.ifAvailable && busy) return callback(null);
      const run = held.then(async () => {
        busy = true;
        try {
          return await callback({ name });
        } finally {
          busy = false;
        }
      });
      held = run.catch(() => undefined);
      busy = true;
      return run;
    },
  };
}

describe('refresh lock', () => {
  afterEach(() => vi.useRealTimers());

  it('runs renewals of two tabs one after the other and tells the second it waited', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: fakeLockManager() });
    const order: string[] = [];
    let finishFirst!: () => void;
    const first = withRefreshLock(async (waited) => {
      order.push(`first start waited=${waited}`);
      await new Promise<void>((resolve) => (finishFirst = resolve));
      order.push('first end');
      return 'one';
    });
    await vi.waitFor(() => expect(order).toContain('first start waited=false'));
    const second = withRefreshLock(async (waited) => {
      order.push(`second start waited=${waited}`);
      return 'two';
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(['first start waited=false']);

    finishFirst();
    expect(await first).toBe('one');
    expect(await second).toBe('two');
    expect(order).toEqual(['first start waited=false', 'first end', 'second start waited=true']);
  });

  it('runs at once where the browser has no Web Locks', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined });
    await expect(withRefreshLock(async (waited) => (waited ? 'waited' : 'ran'))).resolves.toBe('ran');
  });

  it('waits a moment for another tab’s renewal to reach local storage', async () => {
    storeUserData(makeUserData({ refreshToken: 'refresh-1' }));
    setTimeout(() => storeUserData(makeUserData({ refreshToken: 'refresh-2' })), 60);
    expect((await storedSessionAfter('refresh-1', 1000, 10))?.refreshToken).toBe('refresh-2');
  });

  it('gives up waiting when nothing changes', async () => {
    storeUserData(makeUserData({ refreshToken: 'refresh-1' }));
    expect((await storedSessionAfter('refresh-1', 50, 10))?.refreshToken).toBe('refresh-1');
  });
});
