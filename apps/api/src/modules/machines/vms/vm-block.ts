import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { vms } from '../../../db/schema.ts';

/**
 * An operator's block (or unblock) of a company's VM, inside the caller's transaction. Conditional
 * on the current value, so of two operators clicking at once one changes it: the changed VM, or
 * undefined when it was already so (or is not there, or is deleted).
 */
export async function setVmBlocked(db: Db, companyId: number, vmId: number, blocked: boolean) {
  const [changed] = await db
    .update(vms)
    .set({ blocked, blockedReason: null, updatedAt: sql`now()` })
    .where(and(eq(vms.id, vmId), eq(vms.companyId, companyId), ne(vms.state, 'deleted'), eq(vms.blocked, !blocked)))
    .returning({ id: vms.id, name: vms.name, customerId: vms.customerId });
  return changed;
}
