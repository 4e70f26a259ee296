import { logoutCall } from '../../api/auth/logout.ts';
import { endSession } from './session-end.ts';
import { readUserData } from './session-store.ts';
import { endSupportSessionCall } from '../../api/support-session/support-session.ts';
import { readSupportSession } from './support-session.ts';

/**
 * Logs the customer out (spec section 4): the server revokes the session, the app goes to /home
 * (the handler registered by SessionKeeper), then user data is cleared and customer data refetched.
 * A failed call does not keep anyone logged in on this device.
 */
export async function logout(): Promise<void> {
  // An operator's support session ends as such (audited); the customer's own session logs out.
  if (readSupportSession()) await endSupportSessionCall().catch(() => undefined);
  else if (readUserData()) await logoutCall().catch(() => undefined);
  await endSession('logout');
}
