import { defineCalls } from '../call.ts';

/** The console's payment settings and order calls (under /api/admin); schemas in payments.ts. */
const call = defineCalls(() => import('./payments.ts'));

export const paymentSettingsCall = call('GET', 'companies/:companyId/payment-settings', (s) => ({ reply: s.paymentSettingsReply }));
export const savePaymentSettingsCall = call('PUT', 'companies/:companyId/payment-settings', (s) => ({
  request: s.paymentSettingsUpdate,
  reply: s.paymentSettingsReply,
}));
export const ordersCall = call('GET', 'companies/:companyId/orders', (s) => ({ query: s.ordersQuery, reply: s.orderList }));
/** A CSV file, not an envelope: every order the list's filters select. */
export const ordersCsvCall = call('GET', 'companies/:companyId/orders.csv', (s) => ({ query: s.ordersExportQuery }));
export const orderCall = call('GET', 'companies/:companyId/orders/:orderId', (s) => ({ reply: s.orderDetail }));
/** A PDF file, not an envelope. */
export const orderInvoicePdfCall = call('GET', 'companies/:companyId/orders/:orderId/invoice/pdf', () => ({}));
export const reconcileOrderCall = call('POST', 'companies/:companyId/orders/:orderId/reconcile', (s) => ({
  request: s.reconcileRequest,
  reply: s.orderDetail,
}));
