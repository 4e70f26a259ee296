/**
 * The visitor's session. Login arrives with the auth work; until then everyone is a visitor, and
 * every component that differs by login state already asks this hook.
 */
export type Session = { isLoggedIn: false } | { isLoggedIn: true; firstName: string; lastName: string };

const VISITOR: Session = { isLoggedIn: false };

export function useSession(): Session {
  return VISITOR;
}
