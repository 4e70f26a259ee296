import { defineCalls } from './call.ts';

/** Starting a payment (under /api, signed in); schemas in payments.ts. */
const call = defineCalls(() => import('./payments.ts'));

export const startPaymentCall = call('POST', 'virtualMachine/startPayment', (s) => ({
  request: s.startPaymentRequest,
  reply: s.startPaymentData,
}));
