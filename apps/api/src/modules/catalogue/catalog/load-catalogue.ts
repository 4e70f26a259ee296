import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CloudEntry } from '@mawingu/contracts/catalog';
import type { Db } from '../../../db/client.ts';
import { partnerClouds, productRegions, products, productSpecs, regions } from '../../../db/schema.ts';
import { toCard, type PricedCard, type ProductRow, type SpecRow } from './product-card.ts';

export type RegionRow = typeof regions.$inferSelect;

export type CatalogueProduct = {
  row: ProductRow;
  specs: SpecRow[];
  /** Regions the product is sold in; empty = every region of the company. */
  regionIds: number[];
  card: PricedCard;
};

/** Everything the public marketplace reads for one company, loaded in four queries. */
export type CatalogueData = {
  products: CatalogueProduct[];
  regions: RegionRow[];
  clouds: CloudEntry[];
};

export async function loadCatalogue(db: Db, companyId: number): Promise<CatalogueData> {
  const [rows, regionRows, cloudRows] = await Promise.all([
    db
      .select()
      .from(products)
      .where(and(eq(products.companyId, companyId), eq(products.active, true)))
      .orderBy(asc(products.sortOrder), asc(products.id)),
    db.select().from(regions).where(eq(regions.companyId, companyId)).orderBy(asc(regions.name)),
    db
      .select({
        ID: partnerClouds.id,
        cloudTitle: partnerClouds.cloudTitle,
        description: partnerClouds.description,
        imagePath: partnerClouds.imagePath,
        websiteUrl: partnerClouds.websiteUrl,
      })
      .from(partnerClouds)
      .where(eq(partnerClouds.companyId, companyId))
      .orderBy(asc(partnerClouds.sortOrder), asc(partnerClouds.id)),
  ]);
  const ids = rows.map((r) => r.id);
  const [specRows, regionLinks] = ids.length
    ? await Promise.all([
        db.select().from(productSpecs).where(inArray(productSpecs.productId, ids)).orderBy(asc(productSpecs.sequence)),
        db.select().from(productRegions).where(eq(productRegions.companyId, companyId)),
      ])
    : [[], []];

  return {
    products: rows.map((row) => {
      const specs = specRows.filter((s) => s.productId === row.id);
      return {
        row,
        specs,
        regionIds: regionLinks.filter((l) => l.productId === row.id).map((l) => l.regionId),
        card: toCard(row, specs),
      };
    }),
    regions: regionRows,
    clouds: cloudRows,
  };
}
