import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useOperatorSession } from './operator-session.ts';

/** Console pages need a signed-in operator; others go to /admin/login and come back after. */
export function RequireOperator({ children }: { children: ReactNode }) {
  const session = useOperatorSession();
  const location = useLocation();
  if (session) return children;
  return <Navigate to="/admin/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
}
