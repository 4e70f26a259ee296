import type { SupportSessionExchangeReply } from '@mawingu/contracts/support-session';
import { supportSessionCurrentCall, supportSessionEndCall, supportSessionExchangeCall } from '@mawingu/contracts/support-session-calls';
import { fetchCall } from '../contract-call.ts';

/** POST /api/supportSession/exchange: the console's one-use handoff → the customer's session marked as the operator's, and the banner. */
export function exchangeSupportHandoff(token: string): Promise<SupportSessionExchangeReply> {
  return fetchCall(supportSessionExchangeCall, { body: { token } }, { renew: 'off' });
}

/** GET /api/supportSession/current: the banner of the stored session, or null when it is the customer's own. */
export async function currentSupportSession() {
  return (await fetchCall(supportSessionCurrentCall, {})).supportSession;
}

/** POST /api/supportSession/end: the banner's End (every token of the session stops). */
export function endSupportSessionCall() {
  return fetchCall(supportSessionEndCall, {}, { renew: 'off' });
}
