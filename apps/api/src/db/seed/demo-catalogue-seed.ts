import type { Db } from '../client.ts';
import { productSpecs, products } from '../schema.ts';
import { countOf } from './count-of.ts';
import { demoProducts } from './demo-catalogue.ts';

/** The demo company's catalogue: VM products with their specification rows. Written once per company. */
export async function seedDemoCatalogue(db: Db, companyId: number) {
  if ((await countOf(db, products, companyId)) === 0) {
    for (const { specs, ...product } of demoProducts) {
      const [row] = await db.insert(products).values({ ...product, companyId }).returning();
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
    }
  }
}
