import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { fill, messages } from '@mawingu/contracts/messages';
import { WORKABLE_ORDER_STATUSES } from '@mawingu/contracts/order-status';
import { orders, orderVms, vmDisks, vms } from '../../../db/schema.ts';
import { HypervisorError, MAX_ADDED_DISKS, type Hypervisor } from '../../../integrations/hypervisors/hypervisor.ts';
import type { FulfilAttempt } from '../fulfil-order-job.ts';
import { sqlOf } from '../../../db/transaction-sql.ts';
import { createCustomerAccounts } from '../../identity/index.ts';
import { transition } from '../order-status.ts';
import type { VmPurchaseDeps } from '../vm-purchase-deps.ts';
import { UPDATE_ORDER } from './change-order-store.ts';
import { powerOff, type PowerOffTiming } from './power-off.ts';
import type { UpdateDetails } from './quote-update.ts';
import { vmUpdatedMail } from './vm-change-mails.ts';
import { describeError } from '../../machines/index.ts';

type VmRow = typeof vms.$inferSelect;
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
      .select({ order: orders, target: orderVms, vm: vms })
      .from(orderVms)
      .innerJoin(orders, eq(orders.id, orderVms.orderId))
      .innerJoin(vms, eq(vms.id, orderVms.vmId))
      .where(and(eq(orderVms.orderId, orderId), eq(orders.kind, UPDATE_ORDER)));
    if (!row) throw new Error(`update order ${orderId} has no VM to act on`);
    return row;
  }

  /** The disk row of this order in the first free slot (a retry finds its own row). */
  async function diskOf(orderId: number, vm: VmRow, sizeGb: number) {
    const [own] = await db.select().from(vmDisks).where(eq(vmDisks.orderId, orderId));
    if (own) return own;
    const taken = (await db.select({ slot: vmDisks.slot }).from(vmDisks).where(eq(vmDisks.vmId, vm.id))).map((d) => d.slot);
    const slot = [1, 2].find((s) => !taken.includes(s));
    if (slot === undefined) throw new HypervisorError('rejected', `at most ${MAX_ADDED_DISKS} disks can be added`, vm.provider);
    const [row] = await db
      .insert(vmDisks)
      .values({ companyId: vm.companyId, vmId: vm.id, orderId, slot, sizeGb })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new HypervisorError('unavailable', 'another disk took the slot; trying again', vm.provider);
    return row;
  }

  async function change(hypervisor: Hypervisor, orderId: number, vm: VmRow, progress: UpdateProgress): Promise<boolean> {
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
      const disk = await diskOf(orderId, vm, progress.addDiskGb);
      if (disk.state !== 'attached') {
        await hypervisor.addDisk(externalId, {
          sizeGb: disk.sizeGb,
          idempotencyKey: `order-${orderId}`,
        });
        await db.update(vmDisks).set({ state: 'attached' }).where(eq(vmDisks.id, disk.id));
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
  async function finish(orderId: number, vm: VmRow, progress: UpdateProgress): Promise<void> {
    const account = await customers.byId(vm.companyId, vm.customerId);
    await db.transaction(async (tx) => {
      const [done] = await tx
        .update(orderVms)
        .set({ fulfilledAt: sql`now()` })
        .where(and(eq(orderVms.orderId, orderId), eq(orderVms.vmId, vm.id), isNull(orderVms.fulfilledAt)))
        .returning();
      if (!done) return;
      const [updated] = await tx
        .update(vms)
        .set({
          cpu: progress.cpu,
          ramGb: progress.ramGb,
          diskGb: progress.diskGb,
          pendingAction: null,
          lastError: null,
          updatedAt: sql`now()`,
        })
        .where(eq(vms.id, vm.id))
        .returning();
      await transition(tx, orderId, WORKABLE_ORDER_STATUSES, 'fulfilled');
      const name = updated!.alias?.trim() || updated!.name;
      await notifications.notify(vm.companyId, vm.customerId, fill(messages.vmUpdated, { name }), tx, { to: 'products' });
      if (account) {
        await mail.enqueue(
          {
            companyId: vm.companyId,
            to: account.email,
            ...vmUpdatedMail(account.firstName, { ...updated!, name }, progress.addDiskGb, account.language),
          },
          { db: sqlOf(tx) },
        );
      }
    });
  }

  /** A lasting failure or the last attempt: the order needs an operator, the VM is free again. */
  async function giveUp(orderId: number, vm: VmRow, err: unknown): Promise<void> {
    await db.transaction(async (tx) => {
      const flagged = await transition(tx, orderId, ['paid', 'fulfilling'], 'needs_attention');
      await tx
        .update(vms)
        .set({
          lastError: describeError(err),
          updatedAt: sql`now()`,
          ...(vm.pendingAction === null || vm.pendingAction === 'resizing' ? { pendingAction: null } : {}),
        })
        .where(eq(vms.id, vm.id));
      // A disk the hypervisor never confirmed does not hold one of the two slots.
      await tx.delete(vmDisks).where(and(eq(vmDisks.orderId, orderId), eq(vmDisks.state, 'pending')));
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
    const [claimed] = await db
      .update(vms)
      .set({ pendingAction: 'resizing', updatedAt: sql`now()` })
      .where(and(eq(vms.id, vm.id), or(isNull(vms.pendingAction), eq(vms.pendingAction, 'resizing'))))
      .returning();
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
      await db
        .update(vms)
        .set({ lastError: describeError(err), updatedAt: sql`now()` })
        .where(eq(vms.id, vm.id));
      throw err;
    }
  };
}
