import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { fill, messages } from '@mawingu/contracts/messages';
import type { QueuedAction, VmView } from '@mawingu/contracts/vm-actions';
import { isVmStateIn, REACHABLE_VM_STATES, type VmState } from '@mawingu/contracts/vm-state';
import type { Db } from '../../../db/client.ts';
import { vmBackups, vms } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { HypervisorError, type Hypervisors } from '../../../integrations/hypervisors/hypervisor.ts';
import type { JobQueue, JobSpec } from '../../../jobs/queue.ts';
import { sqlOf } from '../../../db/transaction-sql.ts';
import type { ConsoleTokens } from './console-token.ts';
import { findCustomerVm, findCustomerVmByExternalId, type CustomerVm } from './customer-vm.ts';
import { BACKUP_PENDING, VM_PENDING, type BackupActionJobData, type VmAction, type VmActionJobData } from './pending-actions.ts';

export type Customer = { companyId: number; customerId: number };

export type VmActionRequestDeps = {
  db: Db;
  hypervisors: Hypervisors;
  queue: JobQueue;
  consoleTokens: ConsoleTokens;
  vmJob: JobSpec<VmActionJobData>;
  backupJob: JobSpec<BackupActionJobData>;
};

const busy = () => new AppError('vm_busy', 409, messages.vmBusy);
const blocked = () => new AppError('vm_blocked', 403, messages.vmBlocked);
const notReady = () => new AppError('vm_not_ready', 409, messages.vmNotReady);

/** The states a VM must be in for each action; anything else is refused before a job is queued. */
const ALLOWED: Record<VmAction, readonly VmState[]> = {
  start: ['stopped'],
  shutdown: ['running'],
  delete: ['stopped', 'expired', 'failed'],
  'restore-archive': ['archived'],
};

/** Blocked, not made yet, busy, then the action's own state rule (the spec's texts where it has one). */
function assertCan(vm: CustomerVm, action: VmAction): void {
  if (vm.blocked) throw blocked();
  if (action === 'restore-archive') {
    if (vm.state !== 'archived' || vm.pendingAction || vm.externalId === null)
      throw new AppError('restore_failed', 400, messages.restoreArchiveFailed);
    return;
  }
  // A VM whose provisioning failed can be removed from Products (there may be no machine at all).
  if (action === 'delete' && vm.state === 'failed') {
    if (vm.pendingAction) throw busy();
    return;
  }
  if (vm.state === 'provisioning' || vm.state === 'failed' || vm.state === 'archived' || vm.externalId === null) throw notReady();
  if (vm.pendingAction) throw busy();
  if (ALLOWED[action].includes(vm.state)) return;
  if (action === 'delete') throw new AppError('vm_running', 400, messages.vmMustBeShutOff);
  if (action === 'start') throw new AppError('vm_state', 409, vm.state === 'running' ? messages.vmAlreadyRunning : messages.vmCannotStart);
  throw new AppError('vm_state', 409, messages.vmAlreadyStopped);
}

/**
 * The request half of the account page's VM actions: check, claim (pendingAction set only if none
 * is, in the same transaction as the job, so two API instances cannot both start one, and a crash
 * cannot leave a claim without its job), reply. The work is the jobs' (vm-action-work.ts).
 */
export function createVmActionRequests(deps: VmActionRequestDeps) {
  const { db, hypervisors, queue, consoleTokens } = deps;

  /** Sends the job inside `tx`; a job already queued for the key (null) means someone else got there. */
  async function enqueue<T extends object>(tx: Db, spec: JobSpec<T>, data: T): Promise<void> {
    const id = await queue.send(spec, data, { db: sqlOf(tx) });
    if (id === null) throw busy();
  }

  async function vmAction(who: Customer, externalId: string, action: VmAction): Promise<QueuedAction> {
    const vm = await findCustomerVmByExternalId(db, who.companyId, who.customerId, externalId);
    assertCan(vm, action);
    const pendingAction = VM_PENDING[action];
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(vms)
        .set({ pendingAction, lastError: null, updatedAt: sql`now()` })
        .where(and(eq(vms.id, vm.id), isNull(vms.pendingAction), eq(vms.blocked, false), inArray(vms.state, ALLOWED[action])))
        .returning({ id: vms.id });
      // Someone else changed it between the read and the claim: answer as for a busy VM.
      if (!claimed) throw action === 'restore-archive' ? new AppError('restore_failed', 400, messages.restoreArchiveFailed) : busy();
      await enqueue(tx, deps.vmJob, { vmId: vm.id, action });
    });
    return { ID: vm.id, pendingAction };
  }

  /** The customer's clone or snapshot by its hypervisor id; its VM's block applies to it. */
  async function findBackup(who: Customer, externalId: string, kind: 'clone' | 'snapshot', field: string) {
    const [row] = await db
      .select({ backup: vmBackups, vm: vms })
      .from(vmBackups)
      .innerJoin(vms, eq(vms.id, vmBackups.vmId))
      .where(
        and(
          eq(vmBackups.companyId, who.companyId),
          eq(vmBackups.customerId, who.customerId),
          eq(vmBackups.externalId, externalId),
          eq(vmBackups.kind, kind),
          ne(vmBackups.state, 'deleted'),
        ),
      )
      .orderBy(desc(vmBackups.id))
      .limit(1);
    if (!row) throw new AppError('not_found', 404, messages.backupNotFound, { [field]: messages.backupNotFound });
    if (row.vm.blocked) throw blocked();
    return row;
  }

  async function deleteBackup(who: Customer, externalId: string, kind: 'clone' | 'snapshot'): Promise<QueuedAction> {
    const { backup } = await findBackup(who, externalId, kind, kind === 'clone' ? 'cloneVMUUID' : 'SnapshotVMUUID');
    if (backup.pendingAction) throw busy();
    if (backup.state === 'creating') throw notReady();
    const pendingAction = BACKUP_PENDING.delete;
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(vmBackups)
        .set({ pendingAction, lastError: null, updatedAt: sql`now()` })
        .where(and(eq(vmBackups.id, backup.id), isNull(vmBackups.pendingAction), inArray(vmBackups.state, ['ready', 'failed', 'restored'])))
        .returning({ id: vmBackups.id });
      if (!claimed) throw busy();
      await enqueue(tx, deps.backupJob, { backupId: backup.id, action: 'delete' });
    });
    return { ID: backup.id, pendingAction };
  }

  /**
   * A new VM from a ready clone: its row is written now ('provisioning', so Products shows it at
   * once) with the claim and the job; the job makes the machine. Anything but a ready, idle clone
   * gets the spec's "Unable to restore" reply.
   */
  async function restoreClone(who: Customer, externalId: string): Promise<QueuedAction> {
    const failed = () => new AppError('restore_failed', 400, messages.restoreCloneFailed);
    // Anyone else's clone is a 404 like every other call; a blocked VM's clone a 403.
    const { backup, vm: parent } = await findBackup(who, externalId, 'clone', 'cloneVmUUID');
    if (backup.state !== 'ready' || backup.pendingAction || backup.externalId === null) throw failed();
    const pendingAction = BACKUP_PENDING.restore;
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(vmBackups)
        .set({ pendingAction, lastError: null, updatedAt: sql`now()` })
        .where(and(eq(vmBackups.id, backup.id), isNull(vmBackups.pendingAction), eq(vmBackups.state, 'ready')))
        .returning({ id: vmBackups.id });
      if (!claimed) throw failed();
      const [restored] = await tx
        .insert(vms)
        .values({
          companyId: parent.companyId,
          customerId: parent.customerId,
          orderId: null,
          productId: parent.productId,
          provider: parent.provider,
          name: `${parent.name}-clone`,
          os: parent.os,
          cpu: backup.cpu,
          ramGb: backup.ramGb,
          diskGb: backup.diskGb,
          regionId: parent.regionId,
          days: parent.days,
          restoredFromBackupId: backup.id,
        })
        .returning({ id: vms.id });
      await enqueue(tx, deps.backupJob, { backupId: backup.id, action: 'restore', vmId: restored!.id });
    });
    return { ID: backup.id, pendingAction };
  }

  async function setAlias(who: Customer, vmId: number, aliasName: string): Promise<{ ID: number; aliasName: string | null }> {
    const vm = await findCustomerVm(db, who.companyId, who.customerId, vmId);
    if (vm.blocked) throw blocked();
    const alias = aliasName === '' ? null : aliasName;
    await db
      .update(vms)
      .set({ alias, updatedAt: sql`now()` })
      .where(and(eq(vms.id, vm.id), eq(vms.companyId, who.companyId), eq(vms.customerId, who.customerId)));
    return { ID: vm.id, aliasName: alias };
  }

  /**
   * The spec's VM view without its secrets: only a console address. The simulator's page is ours,
   * opened in a new window without headers, so its URL carries a short-lived signed token.
   */
  async function consoleOf(vm: CustomerVm): Promise<VmView> {
    if (vm.blocked) throw blocked();
    if (vm.externalId === null || !isVmStateIn(vm.state, REACHABLE_VM_STATES)) throw notReady();
    let consoleUrl: string;
    try {
      consoleUrl = await hypervisors.for(vm.provider).consoleUrl(vm.externalId);
    } catch (err) {
      if (err instanceof HypervisorError) throw new AppError('console_unavailable', err.retryable ? 503 : 409, messages.consoleUnavailable);
      throw err;
    }
    if (consoleUrl.includes('/simulator/console/')) {
      consoleUrl += `${consoleUrl.includes('?') ? '&' : '?'}token=${encodeURIComponent(consoleTokens.sign(vm.externalId))}`;
    }
    return { user: null, password: null, provider: vm.provider, apiUrl: null, systemUrl: null, consoleUrl, cloudServiceUrl: null };
  }

  async function viewVm(who: Customer, vmId: number, externalId: string): Promise<VmView> {
    const vm = await findCustomerVm(db, who.companyId, who.customerId, vmId);
    if (vm.externalId !== externalId) throw new AppError('not_found', 404, messages.vmNotFound, { virDomainUUID: messages.vmNotFound });
    return consoleOf(vm);
  }

  /** A VM restored from a clone, named by its own id or by the clone's (then the newest VM made from it). */
  async function viewCloneVm(who: Customer, externalId: string): Promise<VmView> {
    const own = await findCustomerVmByExternalId(db, who.companyId, who.customerId, externalId).catch(() => null);
    if (own) return consoleOf(own);
    const [restored] = await db
      .select({ vm: vms })
      .from(vmBackups)
      .innerJoin(vms, and(eq(vms.restoredFromBackupId, vmBackups.id), ne(vms.state, 'deleted')))
      .where(and(eq(vmBackups.companyId, who.companyId), eq(vmBackups.customerId, who.customerId), eq(vmBackups.externalId, externalId)))
      .orderBy(desc(vms.id))
      .limit(1);
    if (!restored || restored.vm.customerId !== who.customerId || restored.vm.companyId !== who.companyId) {
      throw new AppError('not_found', 404, messages.vmNotFound, { virDomainUUID: messages.vmNotFound });
    }
    return consoleOf(restored.vm);
  }

  return {
    start: (who: Customer, externalId: string) => vmAction(who, externalId, 'start'),
    shutdown: (who: Customer, externalId: string) => vmAction(who, externalId, 'shutdown'),
    deleteVm: (who: Customer, externalId: string) => vmAction(who, externalId, 'delete'),
    restoreArchive: (who: Customer, externalId: string) => vmAction(who, externalId, 'restore-archive'),
    deleteBackup,
    restoreClone,
    setAlias,
    viewVm,
    viewCloneVm,
  };
}

/** The reply text of a queued delete of a clone or snapshot. */
export const backupDeletingMessage = (kind: 'clone' | 'snapshot') => fill(messages.backupDeleting, { kind });
