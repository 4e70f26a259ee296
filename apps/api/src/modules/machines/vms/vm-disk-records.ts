import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { vmDisks } from '../../../db/schema.ts';
import { HypervisorError, MAX_ADDED_DISKS } from '../../../integrations/hypervisors/hypervisor.ts';
import type { VmRecord } from './vm-records.ts';

/**
 * The disks added to a VM by paid update orders (kind 4, "Disk"). A VM has two slots; the row is
 * keyed by the order, so a retried job finds its own row instead of taking the second slot.
 */
export async function diskForOrder(db: Db, orderId: number, vm: Pick<VmRecord, 'id' | 'companyId' | 'provider'>, sizeGb: number) {
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

/** The hypervisor confirmed the disk. */
export async function markDiskAttached(db: Db, diskId: number): Promise<void> {
  await db.update(vmDisks).set({ state: 'attached' }).where(eq(vmDisks.id, diskId));
}

/** An order given up: a disk the hypervisor never confirmed does not hold one of the two slots. */
export async function dropUnconfirmedDisk(tx: Db, orderId: number): Promise<void> {
  await tx.delete(vmDisks).where(and(eq(vmDisks.orderId, orderId), eq(vmDisks.state, 'pending')));
}

/** A VM's added disk rows. */
export type AddedDiskRow = typeof vmDisks.$inferSelect;

/** The disks added to a VM, by slot (orders price a change of the VM with them). */
export function addedDisksOf(db: Db, companyId: number, vmId: number): Promise<AddedDiskRow[]> {
  return db
    .select()
    .from(vmDisks)
    .where(and(eq(vmDisks.vmId, vmId), eq(vmDisks.companyId, companyId)))
    .orderBy(asc(vmDisks.slot));
}
