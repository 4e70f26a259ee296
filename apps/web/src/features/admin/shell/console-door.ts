import type { ApiDoor, CallOptions } from '../../../api/call-api.ts';
import { readOperatorSession, storeOperatorSession } from './operator-session.ts';

/** The console's door to the one API client: `/api/admin`, the operator's bearer token. */
const consoleDoor: ApiDoor = {
  base: '/api/admin',
  sessionHeaders: (): Record<string, string> => {
    const session = readOperatorSession();
    return session ? { authorization: `Bearer ${session.token}` } : {};
  },
  // The session ended (logout elsewhere, expiry, disabled): back to the console's login.
  sessionRefused: () => storeOperatorSession(null),
};

/** The options every console call passes: `fetchCall(call, input, inConsole)`. */
export const inConsole: CallOptions = { door: consoleDoor };
