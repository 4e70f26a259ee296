// The orders domain's public entry: what other domains may import from it (lint enforces it,
// docs/decisions/0092-domain-boundaries-in-lint.md). Everything else in the folder is its own.
export { enqueueFulfilment, isFulfilledKind } from './fulfil-order-job.ts';
export type { OrdersModule } from './module.ts';
export { transition } from './order-status.ts';
export { NEW_VM, findOrderOf } from './purchase/order-store.ts';
export type { OrderLineRow, OrderRow, StoredOrder } from './purchase/order-store.ts';
export { usdRateOf } from './purchase/purchase-terms.ts';
export type { PurchaseTermsSource } from './purchase/purchase-terms.ts';
export { orderAmountsOf, type OrderAmounts } from './order-amounts.ts';
export {
  backupKindOfOrder,
  isCustomersOrder,
  customerOrdersOf,
  orderById,
  orderCountsByProduct,
  orderLinesOf,
  paidRenewalsOf,
  regionsOrderedIn,
  type StoredOrderRow,
} from './order-reads.ts';
export { customerOrderIdsOf, ordersPersonalData } from './personal-data.ts';
export { assertVmNameFree, orderVmLabels, suggestedVmNameOf } from './order-vm-names.ts';
