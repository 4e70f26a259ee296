import { defineCalls } from './call.ts';

/** Explore Domain (under /api); schemas in domains.ts. */
const call = defineCalls(() => import('./domains.ts'));

/** 200 = available, 409 = taken: both carry the result. */
export const checkDomainCall = call('POST', 'marketplace/checkDomain', (s) => ({ request: s.checkDomainRequest, reply: s.domainResult }), {
  dataStatuses: [200, 409],
});
