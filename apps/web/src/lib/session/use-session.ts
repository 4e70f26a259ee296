import { useSyncExternalStore } from 'react';
import { readUserData, subscribeUserData } from './session-store.ts';

/** The visitor's session as every component sees it; re-renders on login, logout and other tabs. */
export type Session = { isLoggedIn: false } | { isLoggedIn: true; firstName: string; lastName: string };

const VISITOR: Session = { isLoggedIn: false };
let last: { token: string; session: Session } | undefined;

function snapshot(): Session {
  const userData = readUserData();
  if (!userData) return VISITOR;
  if (last?.token !== userData.token) {
    last = {
      token: userData.token,
      session: { isLoggedIn: true, firstName: userData.userDetail.FirstName, lastName: userData.userDetail.LastName },
    };
  }
  return last.session;
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeUserData, snapshot, () => VISITOR);
}
