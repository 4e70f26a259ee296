import { inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';

/** What machines build a product's VM from, and whether it is a gold copy, by product id. */
export type ProductBuild = { companyId: number; serviceType: string; osType: string; template: string; isGoldCopy: boolean };

/** The given products' builds, by id (machines provision from them and flag gold copies on the Products tab). */
export async function productBuildsOf(db: Db, productIds: readonly number[]): Promise<Map<number, ProductBuild>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      companyId: products.companyId,
      serviceType: products.serviceType,
      osType: products.osType,
      template: products.template,
      isGoldCopy: products.isGoldCopy,
    })
    .from(products)
    .where(inArray(products.id, [...new Set(productIds)]));
  return new Map(rows.map(({ id, ...build }) => [id, build]));
}

/**
 * Whether the product of `productId` (a column of the caller's query) is a gold copy, as a subquery
 * the caller selects: the Products tab's VM list gets it in its own round trip.
 */
export function isGoldCopyProduct(productId: SQL | AnyColumn): SQL<boolean> {
  return sql<boolean>`coalesce((select ${products.isGoldCopy} from ${products} where ${products.id} = ${productId}), false)`;
}
