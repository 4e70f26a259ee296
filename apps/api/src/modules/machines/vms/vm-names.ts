import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { vms } from '../../../db/schema.ts';

/** How an order names its VMs: their names and aliases, comma-separated (a multi-renewal has several). */
export type OrderVmLabel = { vmName: string; aliasName: string | null };

/** The label of VMs at hand (the ones an order being created acts on). */
export function labelOfVms(machines: readonly { name: string; alias: string | null }[]): OrderVmLabel {
  const aliases = machines.flatMap((m) => (m.alias?.trim() ? [m.alias.trim()] : []));
  return { vmName: machines.map((m) => m.name).join(', '), aliasName: aliases.length > 0 ? aliases.join(', ') : null };
}

/** The VMs these orders of one company bought (the new-VM order each was built for): names and aliases. */
export async function vmsBoughtBy(db: Pick<Db, 'select'>, companyId: number, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ orderId: vms.orderId, name: vms.name, alias: vms.alias })
    .from(vms)
    .where(and(eq(vms.companyId, companyId), inArray(vms.orderId, orderIds)));
}

/** These VMs' names and aliases, by id (the VMs an order of kinds 2–5 acts on; the orders know which). */
export async function vmLabelsByIds(db: Pick<Db, 'select'>, vmIds: number[]): Promise<Map<number, { name: string; alias: string | null }>> {
  if (vmIds.length === 0) return new Map();
  const rows = await db
    .select({ id: vms.id, name: vms.name, alias: vms.alias })
    .from(vms)
    .where(inArray(vms.id, [...new Set(vmIds)]));
  return new Map(rows.map(({ id, ...label }) => [id, label]));
}
