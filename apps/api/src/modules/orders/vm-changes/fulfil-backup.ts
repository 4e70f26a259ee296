import { and, eq, isNull, sql } from 'drizzle-orm';
import { fill, messages } from '@mawingu/contracts/messages';
import { WORKABLE_ORDER_STATUSES } from '@mawingu/contracts/order-status';
import { orders, orderVms } from '../../../db/schema.ts';
import { HypervisorError } from '../../../integrations/hypervisors/hypervisor.ts';
import type { FulfilAttempt } from '../fulfil-order-job.ts';
import { transition } from '../order-status.ts';
import type { VmPurchaseDeps } from '../vm-purchase-deps.ts';
import { BACKUP_ORDER } from './change-order-store.ts';
import { backupForOrder, markBackupReady, recordBackupFailure, vmOfCustomer } from '../../machines/index.ts';
import { isLasting } from './fulfil-update.ts';
import type { BackupDetails } from './quote-backup.ts';

/**
 * A paid clone or snapshot (kind 2): the vm_backups row keyed by the order (creating), the copy made
 * at the hypervisor with the order's key (a retry never makes a second copy), then its id, state
 * ready, fulfilledAt and the order's status in one transaction.
 */
export function createBackupFulfilment(deps: VmPurchaseDeps) {
  const { db, hypervisors, notifications } = deps;

  async function load(orderId: number) {
    const [row] = await db
      .select({ order: orders, target: orderVms })
      .from(orderVms)
      .innerJoin(orders, eq(orders.id, orderVms.orderId))
      .where(and(eq(orderVms.orderId, orderId), eq(orders.kind, BACKUP_ORDER)));
    const vm = row && (await vmOfCustomer(db, row.order.companyId, row.order.customerId, row.target.vmId));
    if (!row || !vm) throw new Error(`clone or snapshot order ${orderId} has no VM to act on`);
    return { ...row, vm };
  }

  const kindText = (kind: string) => (kind === 'clone' ? 'clone' : 'snapshot');

  return async function fulfilBackup(orderId: number, attempt: FulfilAttempt): Promise<void> {
    const { order, target, vm } = await load(orderId);
    if (target.fulfilledAt || (order.status !== 'paid' && order.status !== 'fulfilling')) return;
    const details = target.details as BackupDetails;
    const backup = await backupForOrder(db, orderId, vm, {
      kind: details.backupKind,
      cloneDuration: details.cloneDuration,
      cloneType: details.cloneType,
    });
    await transition(db, orderId, ['paid'], 'fulfilling');
    const name = vm.alias?.trim() || vm.name;
    try {
      if (!vm.externalId) throw new HypervisorError('not-found', `VM ${vm.id} has no machine`, vm.provider);
      const { backupId } = await hypervisors.for(vm.provider).createBackup(vm.externalId, {
        kind: backup.kind,
        name: backup.name,
        idempotencyKey: `order-${orderId}`,
      });
      await db.transaction(async (tx) => {
        const [done] = await tx
          .update(orderVms)
          .set({ fulfilledAt: sql`now()` })
          .where(and(eq(orderVms.orderId, orderId), eq(orderVms.vmId, vm.id), isNull(orderVms.fulfilledAt)))
          .returning();
        if (!done) return;
        await markBackupReady(tx, backup.id, backupId);
        await transition(tx, orderId, WORKABLE_ORDER_STATUSES, 'fulfilled');
        await notifications.notify(vm.companyId, vm.customerId, fill(messages.backupReady, { kind: kindText(backup.kind), name }), tx, {
          to: 'products',
        });
      });
    } catch (err) {
      const lasting = isLasting(err) || attempt.final;
      await db.transaction(async (tx) => {
        await recordBackupFailure(tx, backup.id, err, lasting);
        if (!lasting) return;
        const flagged = await transition(tx, orderId, ['paid', 'fulfilling'], 'needs_attention');
        if (flagged)
          await notifications.notify(vm.companyId, vm.customerId, fill(messages.backupFailed, { kind: kindText(backup.kind), name }), tx, {
            to: 'products',
          });
      });
      if (!lasting) throw err;
    }
  };
}
