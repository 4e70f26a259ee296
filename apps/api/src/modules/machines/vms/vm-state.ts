import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { VmState } from '@mawingu/contracts/vm-state';
import type { Db } from '../../../db/client.ts';
import { vms } from '../../../db/schema.ts';

type VmRow = typeof vms.$inferSelect;

/** What may change with the state in the same write: dates, the machine's id, lastError, the end of a pendingAction. */
export type AlongWith = Omit<PgUpdateSetSource<typeof vms>, 'id' | 'state' | 'updatedAt'>;

/**
 * The one writer of a VM's state: moves the VM to `to` only while it is in one of `from` (and the
 * caller's own guard `also` holds, e.g. its pendingAction), inside the caller's transaction, so two
 * workers cannot both move it. The moved row, or undefined when this call did not move it.
 */
export async function transitionVm(
  db: Db,
  vmId: number,
  from: readonly VmState[],
  to: VmState,
  alongWith: AlongWith = {},
  also?: SQL,
): Promise<VmRow | undefined> {
  const [moved] = await db
    .update(vms)
    .set({ ...alongWith, state: to, updatedAt: sql`now()` })
    .where(and(eq(vms.id, vmId), inArray(vms.state, [...from]), also))
    .returning();
  return moved;
}

/** transitionVm for a batch (the expiry sweep's): one UPDATE; the ids of the VMs it moved. */
export async function transitionVms(
  db: Db,
  vmIds: readonly number[],
  from: readonly VmState[],
  to: VmState,
  alongWith: AlongWith = {},
  also?: SQL,
): Promise<number[]> {
  if (vmIds.length === 0) return [];
  const moved = await db
    .update(vms)
    .set({ ...alongWith, state: to, updatedAt: sql`now()` })
    .where(and(inArray(vms.id, [...vmIds]), inArray(vms.state, [...from]), also))
    .returning({ id: vms.id });
  return moved.map((row) => row.id);
}
