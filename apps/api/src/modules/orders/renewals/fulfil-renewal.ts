import { and, eq, isNull, sql } from 'drizzle-orm';
import { isOrderStatusIn, WORKABLE_ORDER_STATUSES } from '@mawingu/contracts/order-status';
import { ENDED_VM_STATES, isVmStateIn } from '@mawingu/contracts/vm-state';
import type { Db } from '../../../db/client.ts';
import { orders, orderVms } from '../../../db/schema.ts';
import { HypervisorError, type Hypervisors } from '../../../integrations/hypervisors/hypervisor.ts';
import type { FulfilAttempt } from '../fulfil-order-job.ts';
import { sqlOf } from '../../../db/transaction-sql.ts';
import { createCustomerAccounts } from '../../identity/index.ts';
import type { MailService } from '../../platform/index.ts';
import type { NotificationService } from '../../identity/index.ts';
import { transition } from '../order-status.ts';
import { renewedText, vmRenewedMail } from './renewal-mails.ts';
import { MULTI_RENEW, RENEW } from './renewal-store.ts';
import { extendVm, lockVm, recordVmError, vmOfCustomer, type VmRecord } from '../../machines/index.ts';

type Deps = { db: Db; hypervisors: Hypervisors; notifications: NotificationService; mail: MailService };
type OrderRow = typeof orders.$inferSelect;
type PartRow = typeof orderVms.$inferSelect;

const DAY_MS = 86_400_000;

/** A renewal that waiting cannot carry out (the VM was deleted meanwhile): an operator's case. */
class LastingFailure extends Error {}

/**
 * The new period of a renewed VM. It starts at the old end date when the renewal was paid before
 * it (the VM is then "Renewed" until that date), else at the payment: an expired VM gets the whole
 * period it bought from when it was paid, and the arrears are the spec's penalty for the days it
 * was expired (penaltyCostRenew), not days added. Computed from the paid time, not the job's clock,
 * so a retried or late job gives the same dates.
 */
export function renewedPeriod(oldEnd: Date | null, paidAt: Date, daysAdded: number): { from: Date; endAt: Date } {
  const from = oldEnd && oldEnd.getTime() > paidAt.getTime() ? oldEnd : paidAt;
  return { from, endAt: new Date(from.getTime() + daysAdded * DAY_MS) };
}

/**
 * What a paid renewal (kind 3) or multi-renew (kind 5) does, VM by VM: an expired VM is started
 * again, an archived one restored (the hypervisor first: a paid period on a machine that cannot run
 * is an operator's case), then in one transaction per VM its end date moves, it is no longer
 * expired, its part of the order is marked done, and the customer gets a notice and a mail.
 * Idempotent: a part already done is skipped, and the claim on it is the transaction's first write.
 */
export function createRenewalFulfilment({ db, hypervisors, notifications, mail }: Deps) {
  const accounts = createCustomerAccounts(db);

  /** Starts or restores the machine; one already running (a retry after success) is fine. */
  async function bringBack(vm: VmRecord): Promise<boolean> {
    if (!isVmStateIn(vm.state, ENDED_VM_STATES)) return false;
    if (!vm.externalId) throw new LastingFailure(`VM ${vm.id} has no machine at the hypervisor`);
    const hypervisor = hypervisors.for(vm.provider);
    try {
      if (vm.state === 'archived') await hypervisor.restoreArchive(vm.externalId);
      else await hypervisor.startVm(vm.externalId);
    } catch (err) {
      const running =
        err instanceof HypervisorError && err.kind === 'wrong-state' && (await hypervisor.getVm(vm.externalId))?.state === 'running';
      if (!running) throw err;
    }
    return true;
  }

  async function renewOne(order: OrderRow, part: PartRow): Promise<void> {
    const vm = await vmOfCustomer(db, order.companyId, order.customerId, part.vmId);
    if (!vm || vm.state === 'deleted') throw new LastingFailure(`VM ${part.vmId} of order ${order.id} no longer exists`);
    const restarted = await bringBack(vm);
    const account = await accounts.byId(order.companyId, order.customerId);
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(orderVms)
        .set({ fulfilledAt: sql`now()` })
        .where(and(eq(orderVms.orderId, order.id), eq(orderVms.vmId, vm.id), isNull(orderVms.fulfilledAt)))
        .returning();
      if (!claimed) return; // another run did it
      const current = await lockVm(tx, vm.id);
      const { from, endAt } = renewedPeriod(current!.endAt, order.paidAt ?? new Date(), part.daysAdded);
      // Locked above: an ended VM runs again with its new period; any other keeps its state.
      const cameBack = await extendVm(tx, vm.id, { endAt, renewedFrom: from });
      await notifications.notify(order.companyId, order.customerId, renewedText(vm.name, endAt), tx, { to: 'products' });
      if (account) {
        const content = vmRenewedMail(
          account.firstName,
          { name: vm.name, endAt, restarted: restarted || cameBack, orderId: order.id },
          account.language,
        );
        await mail.enqueue({ companyId: order.companyId, to: account.email, ...content }, { db: sqlOf(tx) });
      }
    });
  }

  /**
   * Carries out a paid renewal order. A hypervisor outage is recorded on the VM and thrown (the job
   * retries; the parts already done are skipped); a lasting failure, or an outage on the final
   * attempt, records the error and leaves the order needs_attention with that VM's part undone.
   */
  async function fulfil(orderId: number, attempt: FulfilAttempt): Promise<void> {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order || (order.kind !== RENEW && order.kind !== MULTI_RENEW)) throw new Error(`order ${orderId} is not a renewal`);
    if (!isOrderStatusIn(order.status, WORKABLE_ORDER_STATUSES)) return; // unpaid, cancelled or already fulfilled
    await transition(db, orderId, ['paid', 'needs_attention'], 'fulfilling');
    const parts = await db.select().from(orderVms).where(eq(orderVms.orderId, orderId));
    let outage: unknown = null;
    let lasting = false;
    for (const part of parts.filter((p) => p.fulfilledAt === null)) {
      try {
        await renewOne(order, part);
      } catch (err) {
        const waitingHelps = !(err instanceof LastingFailure) && !(err instanceof HypervisorError && !err.retryable);
        if (waitingHelps) outage ??= err;
        else lasting = true;
        await recordVmError(db, part.vmId, err);
      }
    }
    if (outage && !attempt.final) throw outage;
    await transition(db, orderId, ['fulfilling'], outage || lasting ? 'needs_attention' : 'fulfilled');
  }

  return { fulfil };
}
