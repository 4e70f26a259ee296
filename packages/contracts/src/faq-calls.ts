import { defineCalls } from './call.ts';

/** The FAQ page's call (under /api); schemas in faq.ts. */
const call = defineCalls(() => import('./faq.ts'));

export const getFaqCall = call('POST', 'faq/getFaq', (s) => ({ request: s.getFaqRequest, reply: s.getFaqResponse.shape.data }));
