/**
 * An order's life, for every kind (new VM, clone or snapshot, renew, update, multi-renew):
 * created → paid → fulfilling → fulfilled | needs_attention (an operator re-runs it);
 * created → failed | cancelled when a payment fails or is cancelled, and such an order may still be
 * paid. Only `transition` in apps/api/src/modules/orders/order-status.ts moves an order.
 */
export const ORDER_STATUSES = ['created', 'paid', 'fulfilling', 'fulfilled', 'needs_attention', 'failed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Not paid yet: a payment may still settle it. */
export const PAYABLE_ORDER_STATUSES = ['created', 'failed', 'cancelled'] as const satisfies readonly OrderStatus[];
/** Paid, whatever its fulfilment has come to since. */
export const PAID_ORDER_STATUSES = ['paid', 'fulfilling', 'fulfilled', 'needs_attention'] as const satisfies readonly OrderStatus[];
/** Paid and not yet fulfilled: its work may (still) be carried out. */
export const WORKABLE_ORDER_STATUSES = ['paid', 'fulfilling', 'needs_attention'] as const satisfies readonly OrderStatus[];

export const isOrderStatusIn = (status: string, statuses: readonly OrderStatus[]): status is OrderStatus =>
  (statuses as readonly string[]).includes(status);
