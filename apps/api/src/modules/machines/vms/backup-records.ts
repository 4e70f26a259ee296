import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { vmBackups } from '../../../db/schema.ts';
import { describeError } from './machine-state.ts';
import type { VmRecord } from './vm-records.ts';

export type BackupRecord = typeof vmBackups.$inferSelect;
export type BackupRequest = { kind: 'clone' | 'snapshot'; cloneDuration: number | null; cloneType: string | null };

/** The copy's name at the hypervisor: the VM's, the kind and the order (unique, readable by an operator). */
const backupNameOf = (vmName: string, kind: string, orderId: number) => `${vmName}-${kind}-${orderId}`;

/**
 * The clone or snapshot a paid order (kind 2) makes, keyed by the order (state creating): a
 * retried job gets the same row, so the hypervisor is asked for one copy under one name.
 */
export async function backupForOrder(db: Db, orderId: number, vm: VmRecord, request: BackupRequest): Promise<BackupRecord> {
  await db
    .insert(vmBackups)
    .values({
      companyId: vm.companyId,
      customerId: vm.customerId,
      vmId: vm.id,
      orderId,
      kind: request.kind,
      name: backupNameOf(vm.name, request.kind, orderId),
      cpu: vm.cpu,
      ramGb: vm.ramGb,
      diskGb: vm.diskGb,
      cloneDuration: request.cloneDuration,
      cloneType: request.cloneType,
    })
    .onConflictDoNothing({ target: vmBackups.orderId });
  const [row] = await db.select().from(vmBackups).where(eq(vmBackups.orderId, orderId));
  return row!;
}

/** The hypervisor made the copy: its id, and the copy is ready. */
export async function markBackupReady(tx: Db, backupId: number, externalId: string): Promise<void> {
  await tx
    .update(vmBackups)
    .set({ externalId, state: 'ready', lastError: null, updatedAt: sql`now()` })
    .where(eq(vmBackups.id, backupId));
}

/** A failed try recorded on a copy still being made; a lasting failure also marks it failed. */
export async function recordBackupFailure(tx: Db, backupId: number, err: unknown, lasting: boolean): Promise<void> {
  await tx
    .update(vmBackups)
    .set({ lastError: describeError(err), updatedAt: sql`now()`, ...(lasting ? { state: 'failed' as const } : {}) })
    .where(and(eq(vmBackups.id, backupId), eq(vmBackups.state, 'creating')));
}

/**
 * The account page's isClone 1 ("Clone Available"): the VM has a clone or snapshot being made or
 * ready. One copy at a time: clone and snapshot are refused until it is deleted (or restored).
 */
export async function hasLiveCopy(db: Db, vm: Pick<VmRecord, 'id' | 'companyId'>): Promise<boolean> {
  const [row] = await db
    .select({ id: vmBackups.id })
    .from(vmBackups)
    .where(and(eq(vmBackups.companyId, vm.companyId), eq(vmBackups.vmId, vm.id), inArray(vmBackups.state, ['creating', 'ready'])))
    .limit(1);
  return row !== undefined;
}
