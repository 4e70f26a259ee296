import { useOperatorSession } from '../shell/operator-session.ts';

/** Owners and admins keep the saved replies (the API refuses support the same). */
export function useCanManageTickets(): boolean {
  const role = useOperatorSession()?.operator.role;
  return role === 'owner' || role === 'admin';
}
