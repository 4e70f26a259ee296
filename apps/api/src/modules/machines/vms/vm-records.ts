import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { ENDED_VM_STATES } from '@mawingu/contracts/vm-state';
import type { Db } from '../../../db/client.ts';
import { vms } from '../../../db/schema.ts';
import { describeError } from './machine-state.ts';
import { transitionVm } from './vm-state.ts';

/**
 * The VM writes that another domain's work asks for (the orders domain fulfils renewals and
 * resizes): the machines domain stays the only writer of `vms` (ARCHITECTURE.md, "Where state
 * changes"). Each takes the caller's transaction where it must commit with the caller's own writes.
 */
export type VmRecord = typeof vms.$inferSelect;

/** The VM, read inside the caller's transaction and locked until it ends. */
export async function lockVm(tx: Db, vmId: number): Promise<VmRecord | undefined> {
  const [vm] = await tx.select().from(vms).where(eq(vms.id, vmId)).for('update');
  return vm;
}

/** A company's customer's VM, or undefined (another customer's, or none). */
export async function vmOfCustomer(db: Db, companyId: number, customerId: number, vmId: number): Promise<VmRecord | undefined> {
  const [vm] = await db
    .select()
    .from(vms)
    .where(and(eq(vms.id, vmId), eq(vms.companyId, companyId), eq(vms.customerId, customerId)));
  return vm;
}

/** What went wrong on the VM's last hypervisor step, shown to the customer and the operator. */
export async function recordVmError(db: Db, vmId: number, err: unknown): Promise<void> {
  await db
    .update(vms)
    .set({ lastError: describeError(err), updatedAt: sql`now()` })
    .where(eq(vms.id, vmId));
}

/**
 * A paid renewal's new period: the end date moves, the VM is no longer expired, and an ended VM
 * (expired or archived, its machine already started again) runs again. Whether it came back.
 */
export async function extendVm(tx: Db, vmId: number, period: { endAt: Date; renewedFrom: Date }): Promise<boolean> {
  const renewed = { endAt: period.endAt, renewedFrom: period.renewedFrom, expiredAt: null, lastError: null };
  const cameBack = (await transitionVm(tx, vmId, ENDED_VM_STATES, 'running', { ...renewed, archivedAt: null })) !== undefined;
  if (!cameBack)
    await tx
      .update(vms)
      .set({ ...renewed, updatedAt: sql`now()` })
      .where(eq(vms.id, vmId));
  return cameBack;
}

/** Claims the VM for a resize; undefined while another action (a delete, a restore) holds it. */
export async function claimVmForResize(db: Db, vmId: number): Promise<VmRecord | undefined> {
  const [claimed] = await db
    .update(vms)
    .set({ pendingAction: 'resizing', updatedAt: sql`now()` })
    .where(and(eq(vms.id, vmId), or(isNull(vms.pendingAction), eq(vms.pendingAction, 'resizing'))))
    .returning();
  return claimed;
}

/** The sizes the hypervisor now runs, the resize claim let go: the resized VM. */
export async function recordResized(tx: Db, vmId: number, sizes: { cpu: number; ramGb: number; diskGb: number }): Promise<VmRecord> {
  const [updated] = await tx
    .update(vms)
    .set({ ...sizes, pendingAction: null, lastError: null, updatedAt: sql`now()` })
    .where(eq(vms.id, vmId))
    .returning();
  return updated!;
}

/** A resize given up: the error recorded and the VM free again (another action's claim is kept). */
export async function releaseFailedResize(tx: Db, vm: Pick<VmRecord, 'id' | 'pendingAction'>, err: unknown): Promise<void> {
  await tx
    .update(vms)
    .set({
      lastError: describeError(err),
      updatedAt: sql`now()`,
      ...(vm.pendingAction === null || vm.pendingAction === 'resizing' ? { pendingAction: null } : {}),
    })
    .where(eq(vms.id, vm.id));
}
