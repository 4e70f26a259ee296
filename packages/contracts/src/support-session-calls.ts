import { defineCalls } from './call.ts';

/** An operator's support session on the customer's site (under /api); schemas in support-session.ts. */
const call = defineCalls(() => import('./support-session.ts'));

export const supportSessionExchangeCall = call('POST', 'supportSession/exchange', (s) => ({
  request: s.supportSessionExchangeRequest,
  reply: s.supportSessionExchangeReply,
}));
export const supportSessionCurrentCall = call('GET', 'supportSession/current', (s) => ({ reply: s.supportSessionCurrentReply }));
export const supportSessionEndCall = call('POST', 'supportSession/end', (s) => ({ reply: s.supportSessionEndReply }));
