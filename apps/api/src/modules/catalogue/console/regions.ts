import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { catalogueMessages as m, type Region } from '@mawingu/contracts/admin/catalogue';
import { fill } from '@mawingu/contracts/messages';
import { GATEWAY_LABELS, gatewayTakes } from '@mawingu/contracts/purchase';
import type { Db } from '../../../db/client.ts';
import { productRegions, products, regions } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { homeRegionsAmong } from '../../tenant/index.ts';
import { badField, type Tx } from './product-store.ts';
import type { RegionValues, CatalogueEditing, Who } from './catalogue-change.ts';

/** The console's regions and the gateways each offers. */
export function createRegionEditing({ db, usage, change, audit }: CatalogueEditing) {
  // ---- regions ----

  // Qualified by hand: in a one-table select drizzle writes ${regions.id} as a bare "id", which
  // inside the subquery would name the subquery's own row, not the region.
  const regionId = sql`${regions}.${sql.identifier('id')}`;

  async function listRegions(companyId: number, reader: Pick<Db, 'select'> = db): Promise<Region[]> {
    const rows = await reader
      .select({
        id: regions.id,
        name: regions.name,
        iso2: regions.iso2,
        currency: regions.currency,
        taxPercent: regions.taxPercent,
        productCount: sql<number>`(select count(*)::int from ${productRegions} pr where pr.region_id = ${regionId})`,
      })
      .from(regions)
      .where(eq(regions.companyId, companyId))
      .orderBy(asc(regions.name));
    // In use: listed for a product, or named by an order, a VM or a company's home (their owners' reads).
    const ids = rows.map((r) => r.id);
    const users = await Promise.all([
      usage.regionsOrderedIn(reader, ids),
      usage.regionsWithVms(reader, ids),
      homeRegionsAmong(reader, ids),
    ]);
    return rows.map((r) => ({ ...r, inUse: r.productCount > 0 || users.some((used) => used.has(r.id)) }));
  }

  async function regionOf(tx: Pick<Db, 'select'>, companyId: number, regionId: number): Promise<Region> {
    const found = (await listRegions(companyId, tx)).find((r) => r.id === regionId);
    if (!found) throw AppError.notFound(m.regionNotFound);
    return found;
  }

  async function checkRegionName(tx: Tx, companyId: number, name: string, selfId: number | null) {
    const [clash] = await tx
      .select({ id: regions.id })
      .from(regions)
      .where(
        and(
          eq(regions.companyId, companyId),
          sql`lower(trim(${regions.name})) = ${name.trim().toLowerCase()}`,
          ...(selfId === null ? [] : [ne(regions.id, selfId)]),
        ),
      )
      .limit(1);
    if (clash) throw badField('name', m.regionNameTaken);
  }

  async function createRegion(who: Who, input: RegionValues): Promise<Region> {
    return change(
      who,
      async (tx) => {
        await checkRegionName(tx, who.companyId, input.name, null);
        const [row] = await tx
          .insert(regions)
          .values({ ...input, companyId: who.companyId })
          .returning();
        const after = await regionOf(tx, who.companyId, row!.id);
        await audit(tx, who, 'region.create', 'region', row!.id, null, after);
        return after;
      },
      { field: 'name', message: m.regionNameTaken },
    );
  }

  async function updateRegion(who: Who, regionId: number, input: RegionValues): Promise<Region> {
    return change(
      who,
      async (tx) => {
        const before = await regionOf(tx, who.companyId, regionId);
        await checkRegionName(tx, who.companyId, input.name, regionId);
        if (input.currency !== before.currency.trim().toUpperCase()) {
          // Products listed for this region are priced in its currency: they would stop being buyable.
          const [mismatch] = await tx
            .select({ id: products.id })
            .from(productRegions)
            .innerJoin(products, eq(products.id, productRegions.productId))
            .where(and(eq(productRegions.regionId, regionId), sql`upper(trim(${products.currency})) <> ${input.currency}`))
            .limit(1);
          if (mismatch) throw badField('currency', m.regionCurrencyInUse);
          // A gateway the region offers must still be able to charge it (PayFast and Ozow: ZAR only).
          const offered = await usage.gatewaysOfRegion(tx, regionId);
          const refused = offered.find((g) => GATEWAY_LABELS[g] && !gatewayTakes(g, input.currency));
          if (refused)
            throw badField('currency', fill(m.regionCurrencyGateway, { gateway: GATEWAY_LABELS[refused], currency: input.currency }));
        }
        await tx
          .update(regions)
          .set(input)
          .where(and(eq(regions.id, regionId), eq(regions.companyId, who.companyId)));
        const after = await regionOf(tx, who.companyId, regionId);
        await audit(tx, who, 'region.update', 'region', regionId, before, after);
        return after;
      },
      { field: 'name', message: m.regionNameTaken },
    );
  }

  /**
   * Only a region nothing refers to: orders keep their region, VMs are billed in theirs, and a
   * product listed only for it would silently become "sold everywhere".
   */
  async function deleteRegion(who: Who, regionId: number): Promise<void> {
    await change(who, async (tx) => {
      const before = await regionOf(tx, who.companyId, regionId);
      if (before.inUse) throw AppError.conflict(before.productCount > 0 ? m.regionHasProducts : m.regionInUse);
      await tx.delete(regions).where(and(eq(regions.id, regionId), eq(regions.companyId, who.companyId)));
      await audit(tx, who, 'region.delete', 'region', regionId, before, null);
    });
  }

  return { listRegions, createRegion, updateRegion, deleteRegion };
}
