import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { legalEntities, regions, regionSellers } from '../schema.ts';
import { countOf } from './count-of.ts';

/** The demo's sellers: a South African company invoicing in rand and its Kenyan subsidiary in shillings. */
export const demoLegalEntities = [
  {
    region: 'South Africa',
    name: 'Mawingu Cloud (Pty) Ltd',
    address: 'Waterfall City, 1 Magwa Crescent, Midrand, 1685, South Africa',
    taxCountry: 'ZA',
    taxNumber: '4123456789',
    seriesPrefix: 'ZA-',
    timeZone: 'Africa/Johannesburg',
    currency: 'ZAR',
  },
  {
    region: 'Kenya',
    name: 'Mawingu Cloud Kenya Limited',
    address: 'Westlands, 14 Riverside Drive, P.O. Box 14523-00800, Nairobi, Kenya',
    taxCountry: 'KE',
    taxNumber: 'P051234567X',
    seriesPrefix: 'KE-',
    timeZone: 'Africa/Nairobi',
    currency: 'KES',
  },
] as const;

/** Seeds the demo's entities and names each as its region's seller, once (an operator's changes stay). */
export async function seedDemoLegalEntities(db: Db, companyId: number) {
  if ((await countOf(db, legalEntities, companyId)) > 0) return;
  const named = await db
    .select({ id: regions.id, name: regions.name })
    .from(regions)
    .where(
      and(
        eq(regions.companyId, companyId),
        inArray(
          regions.name,
          demoLegalEntities.map((e) => e.region),
        ),
      ),
    );
  for (const { region, ...entity } of demoLegalEntities) {
    const [row] = await db
      .insert(legalEntities)
      .values({ ...entity, companyId })
      .returning({ id: legalEntities.id });
    const regionId = named.find((r) => r.name === region)?.id;
    if (row && regionId !== undefined)
      await db.insert(regionSellers).values({ regionId, companyId, legalEntityId: row.id }).onConflictDoNothing();
  }
}
