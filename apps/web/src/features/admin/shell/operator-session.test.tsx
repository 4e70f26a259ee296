import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readOperatorSession, storeOperatorSession, useOperatorSession, type OperatorSession } from './operator-session.ts';

const KEY = 'mawingu.console';
const admin: OperatorSession = {
  token: 'tok-admin',
  operator: { id: 4, email: 'a@acme.example', name: 'Ayanda', role: 'admin', companyId: 7 },
};
const support: OperatorSession = {
  token: 'tok-support',
  operator: { id: 5, email: 's@acme.example', name: 'Sipho', role: 'support', companyId: 7 },
};

function Who() {
  return <p>{useOperatorSession()?.operator.name ?? 'signed out'}</p>;
}

describe('the console session', () => {
  afterEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('holds in a new tab of the same browser: the tab takes the shared session', () => {
    storeOperatorSession(admin);
    // A new tab starts with an empty sessionStorage and the browser's localStorage.
    sessionStorage.clear();
    expect(readOperatorSession()?.token).toBe('tok-admin');
    expect(JSON.parse(sessionStorage.getItem(KEY)!).token).toBe('tok-admin');
  });

  it('keeps each tab’s own operator when another tab signs in as someone else', () => {
    storeOperatorSession(admin);
    // Another tab signs in as support: only the shared copy changes under this tab.
    localStorage.setItem(KEY, JSON.stringify(support));
    expect(readOperatorSession()?.operator.name).toBe('Ayanda');
  });

  it('signs this tab out when another tab signs out', () => {
    storeOperatorSession(admin);
    render(<Who />);
    expect(screen.getByText('Ayanda')).toBeTruthy();
    act(() => {
      localStorage.removeItem(KEY);
      window.dispatchEvent(
        new StorageEvent('storage', { key: KEY, oldValue: JSON.stringify(admin), newValue: null, storageArea: localStorage }),
      );
    });
    expect(screen.getByText('signed out')).toBeTruthy();
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('signing out here ends the session for new tabs too', () => {
    storeOperatorSession(admin);
    storeOperatorSession(null);
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(readOperatorSession()).toBeNull();
  });
});
