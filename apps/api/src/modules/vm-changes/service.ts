import type { FulfilAttempt } from '../../jobs/fulfil-order.ts';
import type { VmPurchaseDeps } from '../vm-purchase-deps.ts';

/** Update (kind 4) and clone or snapshot (kind 2). */
export function createVmChangeService(_deps: VmPurchaseDeps) {
  async function fulfilUpdate(orderId: number, _attempt: FulfilAttempt): Promise<void> {
    throw new Error(`update of order ${orderId}: not built yet`);
  }
  async function fulfilBackup(orderId: number, _attempt: FulfilAttempt): Promise<void> {
    throw new Error(`clone or snapshot of order ${orderId}: not built yet`);
  }
  return { fulfilUpdate, fulfilBackup };
}

export type VmChangeService = ReturnType<typeof createVmChangeService>;
