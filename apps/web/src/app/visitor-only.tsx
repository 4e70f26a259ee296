import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { safeReturnPath } from '../features/auth/return-path.ts';
import type { ReturnState } from '../lib/session/session-keeper.tsx';
import { useSession } from '../lib/session/use-session.ts';
import { paths } from './paths.ts';

/**
 * Login and signup are for visitors: a customer already logged in who opens them (a bookmark, Back)
 * is sent on to where a guard meant them to go, else home, instead of seeing a form they do not need.
 */
export function VisitorOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session.isLoggedIn) return children;
  const onward = safeReturnPath((location.state as ReturnState | null)?.from) ?? paths.home.getHref();
  return <Navigate to={onward} replace />;
}
