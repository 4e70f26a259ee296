import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categoryDiscounts, cloneDurations, ramCpuRanges, timePeriods } from '../../db/schema.ts';

/**
 * What the company's catalogue offers a purchase (orders' purchase terms are built from it): the
 * time periods, the category discounts (per product, or the company's own with no product), the
 * RAM→CPU ranges and the clone durations, each in its display order.
 */
export async function purchaseOptionsOf(db: Db, companyId: number) {
  const [periods, discounts, ranges, durations] = await Promise.all([
    db.select().from(timePeriods).where(eq(timePeriods.companyId, companyId)).orderBy(asc(timePeriods.sortOrder), asc(timePeriods.days)),
    db.select().from(categoryDiscounts).where(eq(categoryDiscounts.companyId, companyId)),
    db.select().from(ramCpuRanges).where(eq(ramCpuRanges.companyId, companyId)).orderBy(asc(ramCpuRanges.ramFrom)),
    db
      .select({ count: cloneDurations.count })
      .from(cloneDurations)
      .where(eq(cloneDurations.companyId, companyId))
      .orderBy(asc(cloneDurations.sortOrder), asc(cloneDurations.count)),
  ]);
  return { periods, discounts, ranges, durations };
}
