import { defineCalls } from './call.ts';

/** Starting a payment and reading its outcome (under /api); schemas in payments.ts. */
const call = defineCalls(() => import('./payments.ts'));

export const startPaymentCall = call('POST', 'virtualMachine/startPayment', (s) => ({
  request: s.startPaymentRequest,
  reply: s.startPaymentData,
}));
export const orderPaymentStatusCall = call('POST', 'virtualMachine/getOrderPaymentStatus', (s) => ({
  request: s.orderPaymentStatusRequest,
  reply: s.transactionResult,
}));
/** Multipart: orderID, vmName and the PDF under `image`. */
export const uploadCustomerLicenseCall = call('POST', 'virtualMachine/uploadCustomerLicense', () => ({}));

const transactionUpdate = <const Name extends string>(name: Name) =>
  call('POST', `virtualMachine/${name}`, (s) => ({ request: s.transactionUpdateRequest, reply: s.transactionResult }));
/** The spec's transaction update calls (TRANSACTION_UPDATE_CALLS), one per purchase kind; one handler serves them all. */
export const transactionUpdateCalls = {
  transactionApi: transactionUpdate('transactionApi'),
  transactionApiForCloneVM: transactionUpdate('transactionApiForCloneVM'),
  transactionApiForSnapshotVM: transactionUpdate('transactionApiForSnapshotVM'),
  transactionApiForRenewVm: transactionUpdate('transactionApiForRenewVm'),
  transactionApiForMultipleRenew: transactionUpdate('transactionApiForMultipleRenew'),
  transactionApiForUpdateVm: transactionUpdate('transactionApiForUpdateVm'),
};
