import { and, eq, sql } from 'drizzle-orm';
import { POWERED_VM_STATES, VM_STATES, type VmState } from '@mawingu/contracts/vm-state';
import type { Db } from '../../../db/client.ts';
import { publicIps, vms } from '../../../db/schema.ts';
import { HypervisorError, type Hypervisor, type Hypervisors } from '../../../integrations/hypervisors/hypervisor.ts';
import type { PublicIp } from '../../../integrations/network/public-ip.ts';
import { VM_PENDING, type VmActionJobData } from './pending-actions.ts';
import { publicIpKeyOf } from '../public-ips/public-ip-key.ts';
import type { CustomerVm } from './customer-vm.ts';
import { describeError, portalStateOf } from './machine-state.ts';
import { transitionVm, type AlongWith } from './vm-state.ts';

export type VmActionWorkDeps = { db: Db; hypervisors: Hypervisors; publicIp: PublicIp };

/** The machine is gone (or never was): the row goes too, whatever state it reached meanwhile. */
const deleted = { from: VM_STATES, to: 'deleted', alongWith: { deletedAt: sql`now()` } } as const;

/** A machine not yet where the action puts it: waiting helps, so the job retries with back-off. */
const notYet = (hv: Hypervisor, what: string) => new HypervisorError('unavailable', what, hv.provider);

/**
 * The job half of start, shutdown, delete and restore-archive. Each run reads the machine first
 * and only asks for what is still missing, so a retry after a crash (or a second delivery) repeats
 * nothing; the row changes once, guarded by its pendingAction. A failure waiting can cure is
 * thrown (pg-boss retries with back-off); a lasting one, or the last attempt, records lastError,
 * clears pendingAction and leaves the VM in the state the hypervisor reports.
 */
export function createVmActionWork(deps: VmActionWorkDeps) {
  const { db, hypervisors, publicIp } = deps;

  /**
   * The end of pendingAction, only if this action still holds it, with the state the action leads
   * to if the VM is still in `from`: an expiry pass that marked it expired while the job ran wins
   * (the expiry's own machine job powers it off once this one is done).
   */
  async function finish(
    vm: CustomerVm,
    label: string,
    move?: { from: readonly VmState[]; to: VmState; alongWith?: AlongWith },
  ): Promise<void> {
    const holds = eq(vms.pendingAction, label);
    const released = { pendingAction: null, lastError: null };
    await db.transaction(async (tx) => {
      const moved = move && (await transitionVm(tx, vm.id, move.from, move.to, { ...move.alongWith, ...released }, holds));
      if (!moved)
        await tx
          .update(vms)
          .set({ ...released, updatedAt: sql`now()` })
          .where(and(eq(vms.id, vm.id), holds));
      if (moved?.state === 'deleted') await tx.delete(publicIps).where(eq(publicIps.vmId, vm.id));
    });
  }

  async function giveUp(vm: CustomerVm, label: string, hv: Hypervisor, err: unknown): Promise<void> {
    const machine = await hv.getVm(vm.externalId!).catch(() => null);
    const state = portalStateOf(vm, machine);
    // Whatever happened meanwhile, the hypervisor's word is the state now.
    await transitionVm(
      db,
      vm.id,
      VM_STATES,
      state,
      { lastError: describeError(err), pendingAction: null, ...(state === 'deleted' ? { deletedAt: sql`now()` } : {}) },
      eq(vms.pendingAction, label),
    );
  }

  async function start(vm: CustomerVm, hv: Hypervisor, label: string) {
    const ext = vm.externalId!;
    if ((await hv.getVm(ext))?.state !== 'running') await hv.startVm(ext);
    if ((await hv.getVm(ext))?.state !== 'running') throw notYet(hv, `machine ${ext} not running yet`);
    await finish(vm, label, { from: POWERED_VM_STATES, to: 'running' });
  }

  async function shutdown(vm: CustomerVm, hv: Hypervisor, label: string) {
    const ext = vm.externalId!;
    if ((await hv.getVm(ext))?.state !== 'stopped') await hv.shutdownVm(ext);
    // An ACPI shutdown is the guest's to finish: not off yet is a retry, not a failure.
    if ((await hv.getVm(ext))?.state !== 'stopped') throw notYet(hv, `machine ${ext} not shut off yet`);
    await finish(vm, label, { from: POWERED_VM_STATES, to: 'stopped' });
  }

  /** The machine, then its port forwarding, then the row: each step skipped once done. */
  async function remove(vm: CustomerVm, hv: Hypervisor, label: string) {
    const ext = vm.externalId!;
    const machine = await hv.getVm(ext);
    if (machine && machine.state !== 'deleted') await hv.deleteVm(ext);
    const [ip] = await db.select({ id: publicIps.id }).from(publicIps).where(eq(publicIps.vmId, vm.id));
    if (ip) await publicIp.release(publicIpKeyOf(vm.id));
    await finish(vm, label, deleted);
  }

  /**
   * Ruling: the end date is not extended. A VM whose period is still running comes back running;
   * one whose period is over comes back 'expired' (powered off, on Products) with a fresh grace
   * period from today, so the customer can renew it before it is archived again.
   */
  async function restoreArchive(vm: CustomerVm, hv: Hypervisor, label: string) {
    const ext = vm.externalId!;
    const periodLeft = vm.endAt !== null && vm.endAt.getTime() > Date.now();
    if ((await hv.getVm(ext))?.state === 'archived') await hv.restoreArchive(ext);
    if (periodLeft) {
      if ((await hv.getVm(ext))?.state !== 'running') throw notYet(hv, `machine ${ext} not running yet`);
      await finish(vm, label, { from: ['archived'], to: 'running', alongWith: { archivedAt: null } });
      return;
    }
    if ((await hv.getVm(ext))?.state !== 'stopped') await hv.stopVm(ext);
    await finish(vm, label, { from: ['archived'], to: 'expired', alongWith: { archivedAt: null, expiredAt: sql`now()` } });
  }

  const STEPS = { start, shutdown, delete: remove, 'restore-archive': restoreArchive };

  async function runVmAction(job: VmActionJobData, final: boolean): Promise<void> {
    const label = VM_PENDING[job.action];
    const [vm] = await db.select().from(vms).where(eq(vms.id, job.vmId));
    // Done already (a second delivery), or never claimed: nothing to do.
    if (!vm || vm.pendingAction !== label) return;
    if (vm.externalId === null) {
      // Only a failed VM's delete gets here: the hypervisor never made the machine, so the row goes.
      await finish(vm, label, job.action === 'delete' ? deleted : undefined);
      return;
    }
    const hv = hypervisors.for(vm.provider);
    try {
      await STEPS[job.action](vm, hv, label);
    } catch (err) {
      const retryable = !(err instanceof HypervisorError) || err.retryable;
      if (retryable && !final) {
        await db
          .update(vms)
          .set({ lastError: describeError(err), updatedAt: sql`now()` })
          .where(and(eq(vms.id, vm.id), eq(vms.pendingAction, label)));
        throw err;
      }
      // e.g. a delete refused as 'wrong-state' (the machine was started meanwhile): the state is read again, nothing is lost.
      await giveUp(vm, label, hv, err);
    }
  }

  return { runVmAction };
}
