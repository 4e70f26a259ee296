import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { vmBackups, vms } from '../../../db/schema.ts';
import { HypervisorError, type Hypervisor, type Hypervisors } from '../../../integrations/hypervisors/hypervisor.ts';
import { BACKUP_PENDING, type BackupActionJobData } from './pending-actions.ts';
import { describeError } from './machine-state.ts';
import { transitionVm } from './vm-state.ts';
import { waitUntilRunning } from './wait-until-running.ts';

export type BackupActionWorkDeps = {
  db: Db;
  hypervisors: Hypervisors;
  /** How long one run waits for a restored machine to run before retrying later (ms). */
  boot?: { pollMs?: number; timeoutMs?: number };
};

type Backup = typeof vmBackups.$inferSelect;
type Vm = typeof vms.$inferSelect;

/** The hypervisor's key of a restore: one machine per VM row, whatever retries. */
export const restoreKeyOf = (vmId: number) => `restore-vm-${vmId}`;

/**
 * The job half of deleting a clone or snapshot and of restoring a clone as a new VM. Idempotent as
 * the VM actions are: guarded by the backup's pendingAction, each step skipped once done.
 */
export function createBackupActionWork(deps: BackupActionWorkDeps) {
  const { db, hypervisors } = deps;
  const pollMs = deps.boot?.pollMs ?? 1000;
  const timeoutMs = deps.boot?.timeoutMs ?? 60_000;

  async function releaseClaim(backup: Backup, label: string, err: unknown) {
    await db
      .update(vmBackups)
      .set({ pendingAction: null, lastError: describeError(err), updatedAt: sql`now()` })
      .where(and(eq(vmBackups.id, backup.id), eq(vmBackups.pendingAction, label)));
  }

  async function remove(backup: Backup, hv: Hypervisor) {
    // A copy already gone is not an error at the hypervisor, so a repeated run is harmless.
    if (backup.externalId !== null) await hv.deleteBackup(backup.kind, backup.externalId);
    await db
      .update(vmBackups)
      .set({ state: 'deleted', pendingAction: null, lastError: null, updatedAt: sql`now()` })
      .where(and(eq(vmBackups.id, backup.id), eq(vmBackups.pendingAction, BACKUP_PENDING.delete)));
  }

  /**
   * The clone's machine, its id on the row at once (an operator can find it after a crash), then
   * running: the VM runs until its parent's end date (a restored copy is not a new purchase) and the
   * clone becomes 'restored', in one transaction.
   */
  async function restore(backup: Backup, vm: Vm, hv: Hypervisor) {
    let externalId = vm.externalId;
    if (externalId === null) {
      ({ externalId } = await hv.restoreClone(backup.externalId!, { name: vm.name, idempotencyKey: restoreKeyOf(vm.id) }));
      await db
        .update(vms)
        .set({ externalId, updatedAt: sql`now()` })
        .where(and(eq(vms.id, vm.id), eq(vms.state, 'provisioning')));
    }
    await waitUntilRunning(hv, externalId, { pollMs, timeoutMs }, 'restored machine');
    const [parent] = await db.select({ endAt: vms.endAt }).from(vms).where(eq(vms.id, backup.vmId));
    await db.transaction(async (tx) => {
      const done = await transitionVm(tx, vm.id, ['provisioning'], 'running', {
        externalId,
        startAt: sql`now()`,
        endAt: parent?.endAt ?? sql`now() + ${vms.days} * interval '1 day'`,
        lastError: null,
      });
      if (!done) return;
      await tx
        .update(vmBackups)
        .set({ state: 'restored', pendingAction: null, lastError: null, updatedAt: sql`now()` })
        .where(and(eq(vmBackups.id, backup.id), eq(vmBackups.pendingAction, BACKUP_PENDING.restore)));
    });
  }

  /** A restore that cannot finish: the clone is ready again; the new VM is failed if a machine was made, else gone. */
  async function abandonRestore(backup: Backup, vm: Vm, err: unknown) {
    const [row] = await db.select({ externalId: vms.externalId }).from(vms).where(eq(vms.id, vm.id));
    await db.transaction(async (tx) => {
      const lastError = describeError(err);
      await transitionVm(
        tx,
        vm.id,
        ['provisioning'],
        row?.externalId ? 'failed' : 'deleted',
        row?.externalId ? { lastError } : { lastError, deletedAt: sql`now()` },
      );
      await tx
        .update(vmBackups)
        .set({ pendingAction: null, lastError, updatedAt: sql`now()` })
        .where(and(eq(vmBackups.id, backup.id), eq(vmBackups.pendingAction, BACKUP_PENDING.restore)));
    });
  }

  async function runBackupAction(job: BackupActionJobData, final: boolean): Promise<void> {
    const label = BACKUP_PENDING[job.action];
    const [row] = await db
      .select({ backup: vmBackups, provider: vms.provider })
      .from(vmBackups)
      .innerJoin(vms, eq(vms.id, vmBackups.vmId))
      .where(eq(vmBackups.id, job.backupId));
    if (!row || row.backup.pendingAction !== label) return;
    const { backup } = row;
    const hv = hypervisors.for(row.provider);
    let restored: Vm | undefined;
    if (job.action === 'restore') {
      [restored] = await db.select().from(vms).where(eq(vms.id, job.vmId));
      if (!restored || restored.state !== 'provisioning') {
        // Settled before (a crash between the two updates cannot happen: one transaction), so only a lost row is left.
        if (restored?.state !== 'running') await releaseClaim(backup, label, new Error('the restored VM is gone'));
        return;
      }
    }
    try {
      if (restored) await restore(backup, restored, hv);
      else await remove(backup, hv);
    } catch (err) {
      const retryable = !(err instanceof HypervisorError) || err.retryable;
      if (retryable && !final) {
        await db
          .update(vmBackups)
          .set({ lastError: describeError(err), updatedAt: sql`now()` })
          .where(and(eq(vmBackups.id, backup.id), eq(vmBackups.pendingAction, label)));
        throw err;
      }
      if (restored) await abandonRestore(backup, restored, err);
      else await releaseClaim(backup, label, err);
    }
  }

  return { runBackupAction };
}
