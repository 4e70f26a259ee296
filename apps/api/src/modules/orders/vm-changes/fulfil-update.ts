import { and, eq, isNull, sql } from 'drizzle-orm';
import { fill, messages } from '@mawingu/contracts/messages';
import { WORKABLE_ORDER_STATUSES } from '@mawingu/contracts/order-status';
import { orders, orderVms } from '../../../db/schema.ts';
import { HypervisorError, type Hypervisor } from '../../../integrations/hypervisors/hypervisor.ts';
import type { FulfilAttempt } from '../fulfil-order-job.ts';
import { sqlOf } from '../../../db/transaction-sql.ts';
import { createCustomerAccounts } from '../../identity/index.ts';
import { transition } from '../order-status.ts';
import type { VmPurchaseDeps } from '../vm-purchase-deps.ts';
import { UPDATE_ORDER } from './change-order-store.ts';
import { powerOff, type PowerOffTiming } from './power-off.ts';
import type { UpdateDetails } from './quote-update.ts';
import { vmUpdatedMail } from './vm-change-mails.ts';
import {
  claimVmForResize,
  diskForOrder,
  dropUnconfirmedDisk,
  markDiskAttached,
  recordResized,
  recordVmError,
  releaseFailedResize,
  vmOfCustomer,
  type VmRecord,
} from '../../machines/index.ts';

/** The frozen details plus what the first attempt saw: whether the machine ran before we shut it down. */
type UpdateProgress = UpdateDetails & { wasRunning?: boolean };

export const isLasting = (err: unknown) => err instanceof HypervisorError && !err.retryable;

/**
 * A paid update (kind 4): the VM is marked 'resizing', shut down if it ran (orderly, then hard after a
 * time-out), resized or given its added disk, started again if it ran, and only then do the VM's
 * sizes change, with the order's fulfilledAt, in one transaction. Every step can be repeated: the
 * disk row is keyed by the order, resize sets absolute sizes, and fulfilledAt ends all later runs.
 */
export function createUpdateFulfilment(deps: VmPurchaseDeps, timing: PowerOffTiming) {
  const { db, hypervisors, notifications, mail } = deps;
  const customers = createCustomerAccounts(db);

  async function load(orderId: number) {
    const [row] = await db
      .select({ order: orders, target: orderVms })
      .from(orderVms)
      .innerJoin(orders, eq(orders.id, orderVms.orderId))
      .where(and(eq(orderVms.orderId, orderId), eq(orders.kind, UPDATE_ORDER)));
    const vm = row && (await vmOfCustomer(db, row.order.companyId, row.order.customerId, row.target.vmId));
    if (!row || !vm) throw new Error(`update order ${orderId} has no VM to act on`);
    return { ...row, vm };
  }

  async function change(hypervisor: Hypervisor, orderId: number, vm: VmRecord, progress: UpdateProgress): Promise<boolean> {
    const externalId = vm.externalId;
    if (!externalId) throw new HypervisorError('not-found', `VM ${vm.id} has no machine`, vm.provider);
    const machine = await hypervisor.getVm(externalId);
    if (!machine) throw new HypervisorError('not-found', `no machine ${externalId}`, vm.provider);
    let wasRunning = progress.wasRunning;
    if (wasRunning === undefined) {
      wasRunning = machine.state === 'running';
      // Remembered before the shutdown, so a retry after it still starts the machine again.
      await db
        .update(orderVms)
        .set({ details: { ...progress, wasRunning } })
        .where(and(eq(orderVms.orderId, orderId), eq(orderVms.vmId, vm.id)));
    }
    if (machine.state !== 'stopped') await powerOff(hypervisor, externalId, timing);
    if (progress.updateType === 'Disk') {
      const disk = await diskForOrder(db, orderId, vm, progress.addDiskGb);
      if (disk.state !== 'attached') {
        await hypervisor.addDisk(externalId, {
          sizeGb: disk.sizeGb,
          idempotencyKey: `order-${orderId}`,
        });
        await markDiskAttached(db, disk.id);
      }
    } else {
      await hypervisor.resizeVm(externalId, {
        cpu: progress.cpu,
        ramGb: progress.ramGb,
        diskGb: progress.diskGb,
      });
    }
    if (wasRunning) await hypervisor.startVm(externalId);
    return wasRunning;
  }

  /** Sizes, fulfilledAt, pendingAction, the order's status, the bell and the mail: all at once, once. */
  async function finish(orderId: number, vm: VmRecord, progress: UpdateProgress): Promise<void> {
    const account = await customers.byId(vm.companyId, vm.customerId);
    await db.transaction(async (tx) => {
      const [done] = await tx
        .update(orderVms)
        .set({ fulfilledAt: sql`now()` })
        .where(and(eq(orderVms.orderId, orderId), eq(orderVms.vmId, vm.id), isNull(orderVms.fulfilledAt)))
        .returning();
      if (!done) return;
      const updated = await recordResized(tx, vm.id, { cpu: progress.cpu, ramGb: progress.ramGb, diskGb: progress.diskGb });
      await transition(tx, orderId, WORKABLE_ORDER_STATUSES, 'fulfilled');
      const name = updated.alias?.trim() || updated.name;
      await notifications.notify(vm.companyId, vm.customerId, fill(messages.vmUpdated, { name }), tx, { to: 'products' });
      if (account) {
        await mail.enqueue(
          {
            companyId: vm.companyId,
            to: account.email,
            ...vmUpdatedMail(account.firstName, { ...updated, name }, progress.addDiskGb, account.language),
          },
          { db: sqlOf(tx) },
        );
      }
    });
  }

  /** A lasting failure or the last attempt: the order needs an operator, the VM is free again. */
  async function giveUp(orderId: number, vm: VmRecord, err: unknown): Promise<void> {
    await db.transaction(async (tx) => {
      const flagged = await transition(tx, orderId, ['paid', 'fulfilling'], 'needs_attention');
      await releaseFailedResize(tx, vm, err);
      await dropUnconfirmedDisk(tx, orderId);
      if (flagged)
        await notifications.notify(vm.companyId, vm.customerId, fill(messages.vmUpdateFailed, { name: vm.alias?.trim() || vm.name }), tx, {
          to: 'products',
        });
    });
  }

  return async function fulfilUpdate(orderId: number, attempt: FulfilAttempt): Promise<void> {
    const { order, target, vm } = await load(orderId);
    if (target.fulfilledAt || (order.status !== 'paid' && order.status !== 'fulfilling')) return;
    const progress = target.details as UpdateProgress;
    const claimed = await claimVmForResize(db, vm.id);
    if (!claimed) {
      // Another action (a delete, a restore) holds the VM: wait for it, unless this is the last try.
      const busy = new HypervisorError('unavailable', `VM ${vm.id} is busy (${vm.pendingAction})`, vm.provider);
      if (attempt.final) return giveUp(orderId, vm, busy);
      throw busy;
    }
    await transition(db, orderId, ['paid'], 'fulfilling');
    const hypervisor = hypervisors.for(claimed.provider);
    try {
      await change(hypervisor, orderId, claimed, progress);
      await finish(orderId, claimed, progress);
    } catch (err) {
      if (isLasting(err) || attempt.final) {
        await giveUp(orderId, claimed, err);
        // Leave the customer's machine as we found it where we can.
        const [latest] = await db
          .select({ details: orderVms.details })
          .from(orderVms)
          .where(and(eq(orderVms.orderId, orderId), eq(orderVms.vmId, vm.id)));
        if ((latest?.details as UpdateProgress | undefined)?.wasRunning && claimed.externalId)
          await hypervisor.startVm(claimed.externalId).catch(() => undefined);
        return;
      }
      await recordVmError(db, vm.id, err);
      throw err;
    }
  };
}
