import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { VmState } from '@mawingu/contracts/vm-state';
import type { Db } from '../../../db/client.ts';
import { sqlOf } from '../../../db/transaction-sql.ts';
import { vms } from '../../../db/schema.ts';
import type { JobQueue, JobSpec } from '../../../jobs/queue.ts';
import { VM_PENDING, type VmAction, type VmActionJobData } from './pending-actions.ts';
import { transitionVm } from './vm-state.ts';

type VmRow = typeof vms.$inferSelect;

/** Why an operator's action was not taken; the console turns each into its own 409. */
export type OperatorRefusal = 'not-found' | 'busy' | 'already' | 'wrong-state';
export type OperatorResult = { ok: true; vm: VmRow; queued: VmAction | null } | { ok: false; why: OperatorRefusal; vm?: VmRow };

/** A terminate deletes the machine: it must be off first (suspend powers it off), as for the customer's delete. */
const TERMINABLE: readonly VmState[] = ['stopped', 'expired', 'failed', 'archived'];
/** A goodwill extension moves the end date of a VM whose period runs or just ended. */
const EXTENDABLE: readonly VmState[] = ['running', 'stopped', 'expired'];

/**
 * The operator's side of a company's VMs (suspend, unsuspend, terminate, extend), each inside the
 * caller's transaction (which also writes the audit entry and the customer's notice). The
 * hypervisor work goes through the customer's own `vm-action` job (vm-action-work.ts): the VM's
 * pendingAction is claimed here exactly as the customer's request claims it, so an operator's power-off
 * and a customer's click can never run at once. Blocked is no obstacle here (the operator set it).
 */
export function createVmOperatorActions({ queue, vmJob }: { queue: JobQueue; vmJob: JobSpec<VmActionJobData> }) {
  async function lockVm(tx: Db, companyId: number, vmId: number): Promise<VmRow | undefined> {
    const [vm] = await tx
      .select()
      .from(vms)
      .where(and(eq(vms.id, vmId), eq(vms.companyId, companyId), ne(vms.state, 'deleted')))
      .for('update');
    return vm;
  }

  /** Claims the VM's pendingAction and queues the customer's job for `action`, both in `tx`. */
  async function claimAndQueue(tx: Db, vm: VmRow, action: VmAction): Promise<boolean> {
    const [claimed] = await tx
      .update(vms)
      .set({ pendingAction: VM_PENDING[action], lastError: null, updatedAt: sql`now()` })
      .where(and(eq(vms.id, vm.id), isNull(vms.pendingAction)))
      .returning({ id: vms.id });
    if (!claimed) return false;
    const id = await queue.send(vmJob, { vmId: vm.id, action }, { db: sqlOf(tx) });
    return id !== null;
  }

  /**
   * Blocks the VM with the reason the customer sees and, when it runs, powers it off through the
   * shutdown job. A VM already blocked but still running (its earlier power-off failed) is powered
   * off again: suspending again is the retry of that step. Busy with another action: refused, so a
   * suspended VM is never left running.
   */
  async function suspend(tx: Db, companyId: number, vmId: number, reason: string): Promise<OperatorResult> {
    const vm = await lockVm(tx, companyId, vmId);
    if (!vm) return { ok: false, why: 'not-found' };
    const powered = vm.state === 'running';
    if (powered && vm.pendingAction) return { ok: false, why: 'busy', vm };
    if (vm.blocked && !powered) return { ok: false, why: 'already', vm };
    await tx
      .update(vms)
      .set({ blocked: true, blockedReason: reason, updatedAt: sql`now()` })
      .where(eq(vms.id, vm.id));
    if (powered && !(await claimAndQueue(tx, vm, 'shutdown'))) return { ok: false, why: 'busy', vm };
    return { ok: true, vm: { ...vm, blocked: true, blockedReason: reason }, queued: powered ? 'shutdown' : null };
  }

  /** Lifts the block and its reason; the machine stays off until the customer starts it. */
  async function unsuspend(tx: Db, companyId: number, vmId: number): Promise<OperatorResult> {
    const vm = await lockVm(tx, companyId, vmId);
    if (!vm) return { ok: false, why: 'not-found' };
    if (!vm.blocked) return { ok: false, why: 'already', vm };
    await tx
      .update(vms)
      .set({ blocked: false, blockedReason: null, updatedAt: sql`now()` })
      .where(eq(vms.id, vm.id));
    return { ok: true, vm: { ...vm, blocked: false, blockedReason: null }, queued: null };
  }

  /** Deletes the machine through the customer's delete job; the row becomes `deleted` when the hypervisor has let it go. */
  async function terminate(tx: Db, companyId: number, vmId: number): Promise<OperatorResult> {
    const vm = await lockVm(tx, companyId, vmId);
    if (!vm) return { ok: false, why: 'not-found' };
    if (vm.pendingAction) return { ok: false, why: vm.pendingAction === VM_PENDING.delete ? 'already' : 'busy', vm };
    if (!TERMINABLE.includes(vm.state)) return { ok: false, why: 'wrong-state', vm };
    if (!(await claimAndQueue(tx, vm, 'delete'))) return { ok: false, why: 'busy', vm };
    return { ok: true, vm, queued: 'delete' };
  }

  /**
   * Moves the end date `days` later, without an order (no charge). An expired VM whose new end date
   * is ahead comes back as stopped (its machine was stopped by the expiry), so the customer may start it.
   */
  async function extend(tx: Db, companyId: number, vmId: number, days: number): Promise<OperatorResult> {
    const vm = await lockVm(tx, companyId, vmId);
    if (!vm) return { ok: false, why: 'not-found' };
    if (!EXTENDABLE.includes(vm.state) || vm.endAt === null) return { ok: false, why: 'wrong-state', vm };
    const endAt = new Date(vm.endAt.getTime() + days * 86_400_000);
    const back = vm.state === 'expired' && endAt.getTime() > Date.now();
    const moved = back
      ? await transitionVm(tx, vm.id, ['expired'], 'stopped', { endAt, expiredAt: null })
      : (
          await tx
            .update(vms)
            .set({ endAt, updatedAt: sql`now()` })
            .where(and(eq(vms.id, vm.id), inArray(vms.state, [...EXTENDABLE])))
            .returning()
        )[0];
    if (!moved) return { ok: false, why: 'wrong-state', vm };
    return { ok: true, vm: moved, queued: null };
  }

  /**
   * A suspended account's machines off: each running VM of the customer through the shutdown job
   * (not blocked: the customer cannot log in anyway, and starts them again once reactivated). A VM
   * busy with another action is left to it and named in `busy`, for the operator to see.
   */
  async function powerOffCustomer(tx: Db, companyId: number, customerId: number) {
    const running = await tx
      .select()
      .from(vms)
      .where(and(eq(vms.companyId, companyId), eq(vms.customerId, customerId), eq(vms.state, 'running')))
      .orderBy(vms.id)
      .for('update');
    const stopping: { id: number; name: string }[] = [];
    const busy: { id: number; name: string }[] = [];
    for (const vm of running) {
      const queued = !vm.pendingAction && (await claimAndQueue(tx, vm, 'shutdown'));
      (queued ? stopping : busy).push({ id: vm.id, name: vm.name });
    }
    return { stopping, busy };
  }

  /** The VM an order bought (kind 1), if any and not deleted: what a credit note's "end service" acts on. */
  async function vmOfOrder(db: Db, companyId: number, orderId: number): Promise<{ id: number; name: string } | undefined> {
    const [vm] = await db
      .select({ id: vms.id, name: vms.name })
      .from(vms)
      .where(and(eq(vms.orderId, orderId), eq(vms.companyId, companyId), ne(vms.state, 'deleted')));
    return vm;
  }

  /**
   * A credit note ends the service of the VM it credits (issue 18, point 3): its end date becomes
   * now and it is blocked with the reason, and powered off when it runs; the expiry sweep then
   * archives it as any ended VM. Busy with another action: refused, so the credit note is not issued.
   */
  async function endService(tx: Db, companyId: number, vmId: number, reason: string): Promise<OperatorResult> {
    const vm = await lockVm(tx, companyId, vmId);
    if (!vm) return { ok: false, why: 'not-found' };
    const powered = vm.state === 'running';
    if (powered && vm.pendingAction) return { ok: false, why: 'busy', vm };
    const endAt = vm.endAt && vm.endAt.getTime() < Date.now() ? vm.endAt : new Date();
    await tx
      .update(vms)
      .set({ blocked: true, blockedReason: reason, endAt, updatedAt: sql`now()` })
      .where(eq(vms.id, vm.id));
    if (powered && !(await claimAndQueue(tx, vm, 'shutdown'))) return { ok: false, why: 'busy', vm };
    return { ok: true, vm: { ...vm, blocked: true, blockedReason: reason, endAt }, queued: powered ? 'shutdown' : null };
  }

  return { suspend, unsuspend, terminate, extend, powerOffCustomer, vmOfOrder, endService };
}

export type VmOperatorActions = ReturnType<typeof createVmOperatorActions>;
