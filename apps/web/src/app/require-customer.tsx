import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { ReturnState } from '../lib/session/session-keeper.tsx';
import { useSession } from '../lib/session/use-session.ts';
import { paths } from './paths.ts';

type RequireCustomerProps = {
  children: ReactNode;
  /** Shown to visitors in place of the page (product details shows the login screen); default: redirect to /customerlogin. */
  visitor?: ReactNode;
};

/**
 * Customer-only pages (spec section 6): visitors go to /customerlogin, which brings them back here
 * after logging in.
 */
export function RequireCustomer({ children, visitor }: RequireCustomerProps) {
  const session = useSession();
  const location = useLocation();
  if (session.isLoggedIn) return children;
  if (visitor !== undefined) return visitor;
  const state: ReturnState = { from: `${location.pathname}${location.search}` };
  return <Navigate to={paths.login.getHref()} replace state={state} />;
}
