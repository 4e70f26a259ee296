import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { vms } from '../../../db/schema.ts';
import { HypervisorError, type Hypervisors } from '../../../integrations/hypervisors/hypervisor.ts';
import { describeError } from '../vms/machine-state.ts';

/** The hypervisor's part of an expiry: stop the machine of an expired VM, archive that of an archived one. */
export type MachineAction = { vmId: number; action: 'stop' | 'archive' };

/** The VM state the action belongs to: a VM in any other state was renewed, restored or deleted meanwhile. */
const STATE_OF = { stop: 'expired', archive: 'archived' } as const;

/**
 * Carries out one VM's machine action. Idempotent: stopping a stopped machine or archiving an
 * archived one changes nothing, and a VM no longer in the action's state is left alone. An outage
 * (or another action still running on the VM) is recorded and thrown so the job retries; a lasting
 * failure, or any on the final attempt, is recorded for an operator and the job ends.
 */
export function createExpiryMachines({ db, hypervisors }: { db: Db; hypervisors: Hypervisors }) {
  const read = async (vmId: number) =>
    (
      await db
        .select({ id: vms.id, state: vms.state, provider: vms.provider, externalId: vms.externalId, pendingAction: vms.pendingAction })
        .from(vms)
        .where(eq(vms.id, vmId))
    )[0];

  const recordError = (vmId: number, err: unknown) =>
    db
      .update(vms)
      .set({ lastError: describeError(err), updatedAt: sql`now()` })
      .where(eq(vms.id, vmId));

  async function carryOut({ vmId, action }: MachineAction, attempt: { final: boolean } = { final: false }): Promise<void> {
    const vm = await read(vmId);
    if (!vm || vm.state !== STATE_OF[action] || !vm.externalId) return;
    const hypervisor = hypervisors.for(vm.provider);
    try {
      // A resize or restore in progress would undo our stop or trip over it: wait for it (retries), unless out of tries.
      if (vm.pendingAction && !attempt.final)
        throw new HypervisorError('unavailable', `VM ${vm.id} is busy (${vm.pendingAction})`, vm.provider);
      if (action === 'stop') await hypervisor.stopVm(vm.externalId);
      else await hypervisor.archiveVm(vm.externalId);
    } catch (err) {
      await recordError(vm.id, err);
      const waitingHelps = !(err instanceof HypervisorError) || err.retryable;
      if (waitingHelps && !attempt.final) throw err;
      return;
    }
    // A renewal paid while we acted started (or restored) the machine before it made the VM
    // running again; our stop may have come after its start. Put the machine back as the VM is.
    const now = await read(vm.id);
    if (now?.state === 'running') {
      if (action === 'stop') await hypervisor.startVm(vm.externalId);
      else await hypervisor.restoreArchive(vm.externalId);
    }
  }

  return { carryOut };
}

export type ExpiryMachines = ReturnType<typeof createExpiryMachines>;
