import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { idsInUse } from '../../../db/ids-in-use.ts';
import { vms } from '../../../db/schema.ts';

/** How many VMs of the company run each of these products (the console's catalogue: a product in use). */
export async function vmCountsByProduct(db: Pick<Db, 'select'>, companyId: number, productIds: readonly number[]) {
  if (productIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ productId: vms.productId, n: count() })
    .from(vms)
    .where(and(eq(vms.companyId, companyId), inArray(vms.productId, [...productIds])))
    .groupBy(vms.productId);
  return new Map(rows.map((r) => [r.productId, r.n]));
}

/** Which of these regions a VM is in (the console's catalogue keeps such a region). */
export function regionsWithVms(db: Pick<Db, 'select'>, regionIds: readonly number[]): Promise<Set<number>> {
  return idsInUse(db, vms.regionId, regionIds);
}
