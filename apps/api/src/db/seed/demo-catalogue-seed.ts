import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { businessUnits, cloudServices, partnerClouds, productRegions, productSpecs, products, regions, takenDomains } from '../schema.ts';
import { countOf } from './count-of.ts';
import { demoProducts } from './demo-catalogue.ts';
import { demoBusinessUnits, demoPartnerClouds, demoTakenDomains } from './demo-product-services.ts';

/**
 * The demo company's catalogue: VM products with their specification rows and regions, business
 * units with their cloud service cards, partner clouds and taken domain names. Each list is
 * written once per company (regions must exist already).
 */
export async function seedDemoCatalogue(db: Db, companyId: number) {
  if ((await countOf(db, products, companyId)) === 0) {
    const regionRows = await db.select().from(regions).where(eq(regions.companyId, companyId));
    for (const { specs, regions: regionNames, ...product } of demoProducts) {
      const [row] = await db
        .insert(products)
        .values({ ...product, companyId })
        .returning();
      await db.insert(productSpecs).values(
        specs.map(([name, unit, defaultCount, minValue, maxValue, step, costPerUnit], sequence) => ({
          productId: row!.id,
          name,
          unit,
          defaultCount,
          minValue,
          maxValue,
          step,
          costPerUnit,
          sequence,
        })),
      );
      const sold = regionRows.filter((r) => regionNames?.includes(r.name));
      if (sold.length) {
        await db.insert(productRegions).values(sold.map((r) => ({ companyId, productId: row!.id, regionId: r.id })));
      }
    }
  }

  if ((await countOf(db, businessUnits, companyId)) === 0) {
    for (const [i, { clouds, ...unit }] of demoBusinessUnits.entries()) {
      const [row] = await db
        .insert(businessUnits)
        .values({ ...unit, companyId, sortOrder: i })
        .returning();
      if (clouds?.length) {
        await db.insert(cloudServices).values(clouds.map((c, j) => ({ ...c, companyId, businessUnitId: row!.id, sortOrder: j })));
      }
    }
  }

  if ((await countOf(db, partnerClouds, companyId)) === 0) {
    await db.insert(partnerClouds).values(demoPartnerClouds.map((c, i) => ({ ...c, companyId, sortOrder: i })));
  }

  if ((await countOf(db, takenDomains, companyId)) === 0) {
    await db.insert(takenDomains).values(demoTakenDomains.map((domain) => ({ companyId, domain })));
  }
}
