import { describe, expect, it } from 'vitest';
import { makeUserData } from '../../../test/session.ts';
import { clearUserData, readSessionExpiresAt, readUserData, storeUserData } from './session-store.ts';

describe('session store', () => {
  it('keeps when the access token runs out beside the user data, across a reload', () => {
    const userData = makeUserData({ detail: { AccessTokenMaxAge: 900 } });
    storeUserData(userData, 1_000_000);

    expect(readUserData()).toEqual(userData);
    expect(readSessionExpiresAt()).toBe(1_000_000 + 900_000);
    // What a reloaded page reads: the stored text, not this module's memory.
    expect(JSON.parse(window.localStorage.getItem('userData')!)).toMatchObject({ token: 'access-1', expiresAt: 1_900_000 });
  });

  it('treats user data stored without an expiry as due for renewal', () => {
    window.localStorage.setItem('userData', JSON.stringify(makeUserData({ token: 'older' })));
    expect(readUserData()?.token).toBe('older');
    expect(readSessionExpiresAt()).toBe(0);
  });

  it('counts edited or partial data as logged out', () => {
    window.localStorage.setItem('userData', JSON.stringify({ token: 'x' }));
    expect(readUserData()).toBeNull();
    expect(readSessionExpiresAt()).toBeNull();
    window.localStorage.setItem('userData', '{not json');
    expect(readUserData()).toBeNull();
  });

  it('forgets everything on clear', () => {
    storeUserData(makeUserData());
    clearUserData();
    expect(readUserData()).toBeNull();
    expect(readSessionExpiresAt()).toBeNull();
    expect(window.localStorage.getItem('userData')).toBeNull();
  });
});
