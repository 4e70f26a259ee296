import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { regions } from '../../db/schema.ts';

/** A company's regions by name, as other domains list them (the seller of each region, in billing). */
export function companyRegions(db: Db, companyId: number) {
  return db
    .select({ id: regions.id, name: regions.name, currency: regions.currency })
    .from(regions)
    .where(eq(regions.companyId, companyId))
    .orderBy(asc(regions.name), asc(regions.id));
}
