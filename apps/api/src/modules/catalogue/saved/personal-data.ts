import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { savedConfigurations } from '../../../db/schema.ts';

/** The configurations the customer saved for later. */
export async function savedPersonalData(db: Db, companyId: number, customerId: number) {
  const rows = await db
    .select()
    .from(savedConfigurations)
    .where(and(eq(savedConfigurations.companyId, companyId), eq(savedConfigurations.customerId, customerId)))
    .orderBy(asc(savedConfigurations.createdAt));
  return {
    savedConfigurations: rows.map((r) => ({
      productId: r.productId,
      processors: r.processorCount,
      memory: `${r.memoryCount} ${r.memoryUnit}`,
      drive: `${r.driveCount} ${r.driveUnit}`,
      regionId: r.regionId,
      days: r.timePeriod,
      totalShown: r.totalAmount,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** Inside the caller's transaction: the saved configurations are deleted (nothing else refers to them). */
export async function eraseSavedOf(tx: Db, companyId: number, customerId: number): Promise<void> {
  await tx
    .delete(savedConfigurations)
    .where(and(eq(savedConfigurations.companyId, companyId), eq(savedConfigurations.customerId, customerId)));
}
