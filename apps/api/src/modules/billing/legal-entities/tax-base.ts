import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { legalEntities, regionSellers } from '../../../db/schema.ts';

/**
 * The company's regions whose seller charges VAT on the discounted price rather than on the list
 * price (docs/decisions/0126-vat-on-the-discounted-price.md). A region sold by the company itself,
 * or by an entity without the setting, keeps the spec's tax on the list price.
 */
export async function regionsTaxingDiscountedPrice(db: Db, companyId: number): Promise<Set<number>> {
  const rows = await db
    .select({ regionId: regionSellers.regionId })
    .from(regionSellers)
    .innerJoin(legalEntities, eq(legalEntities.id, regionSellers.legalEntityId))
    .where(and(eq(regionSellers.companyId, companyId), eq(legalEntities.vatOnDiscountedPrice, true)));
  return new Set(rows.map((r) => r.regionId));
}
