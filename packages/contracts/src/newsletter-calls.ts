import { defineCalls } from './call.ts';

/** The newsletter calls (under /api); schemas in newsletter.ts. */
const call = defineCalls(() => import('./newsletter.ts'));

export const subscribeUserCall = call('POST', 'newsLetter/subscribeUser', (s) => ({ request: s.subscribeUserRequest }));
export const unSubscribeUserCall = call('POST', 'newsLetter/unSubscribeUser', (s) => ({ request: s.unSubscribeUserRequest }));
