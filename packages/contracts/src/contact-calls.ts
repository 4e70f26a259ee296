import { defineCalls } from './call.ts';

/** "Write to us" (under /api); schemas in contact.ts. */
const call = defineCalls(() => import('./contact.ts'));

export const writeToUsCall = call('POST', 'writeToUs', (s) => ({ request: s.writeToUsRequest }));
