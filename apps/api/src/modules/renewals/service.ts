import type { FulfilAttempt } from '../../jobs/fulfil-order.ts';
import type { VmPurchaseDeps } from '../vm-purchase-deps.ts';

/** Renew (kind 3) and multi-renew (kind 5). */
export function createRenewalService(_deps: VmPurchaseDeps) {
  async function fulfil(orderId: number, _attempt: FulfilAttempt): Promise<void> {
    throw new Error(`renewal of order ${orderId}: not built yet`);
  }
  return { fulfil };
}

export type RenewalService = ReturnType<typeof createRenewalService>;
