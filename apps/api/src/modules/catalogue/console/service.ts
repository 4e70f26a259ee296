import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  catalogueMessages as m,
  type BusinessUnit,
  type CloneDurations,
  type CurrencySettings,
  type Discount,
  type DomainList,
  type PartnerCloud,
  type Product,
  type ProductSummary,
  type ProductValues,
  type Region,
  type TimePeriod,
} from '@mawingu/contracts/admin/catalogue';
import { toComDomain, DOMAIN_SUFFIX } from '@mawingu/contracts/domains';
import { fill } from '@mawingu/contracts/messages';
import { GATEWAY_LABELS, gatewayTakes, type GatewayKey } from '@mawingu/contracts/purchase';
import { businessSlug } from '@mawingu/contracts/product-services';
import { CLONE_DURATIONS } from '@mawingu/contracts/vm-changes';
import type { z } from 'zod';
import type {
  businessUnitInput,
  cloneDurationsInput,
  currencyInput,
  discountInput,
  partnerCloudInput,
  regionInput,
  timePeriodInput,
} from '@mawingu/contracts/admin/catalogue';
import type { Config } from '../../../config.ts';
import type { CacheBus } from '../../../cache/cache-bus.ts';
import type { Db } from '../../../db/client.ts';
import {
  businessUnits,
  categoryDiscounts,
  cloneDurations,
  cloudServices,
  companies,
  orders,
  partnerClouds,
  productRegions,
  products,
  regionGateways,
  regions,
  takenDomains,
  timePeriods,
  vms,
} from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';
import { badField, insertProduct, loadProducts, productOf, replaceProduct, summaryOf, type Tx } from './product-store.ts';

type RegionValues = z.output<typeof regionInput>;
type TimePeriodValues = z.output<typeof timePeriodInput>;
type CloneDurationValues = z.output<typeof cloneDurationsInput>;
type DiscountValues = z.output<typeof discountInput>;
type CurrencyValues = z.output<typeof currencyInput>;
type BusinessUnitValues = z.output<typeof businessUnitInput>;
type PartnerCloudValues = z.output<typeof partnerCloudInput>;

export type CatalogueDeps = {
  db: Db;
  config: Pick<Config, 'zarToUsdRate' | 'domainCheck'>;
  /** The catalogue, purchase terms and products and services are cached on every instance (topic 'catalogue'). */
  caches: Pick<CacheBus, 'invalidate'>;
};

type Who = { actor: Pick<Operator, 'operatorId' | 'email'>; companyId: number };

/** A unique-constraint violation (PostgreSQL 23505), e.g. two admins adding the same name at once. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * The console's catalogue: every write is one transaction with its audit entry, then the caches of
 * the customer site are dropped so the marketplace, configurator and orders read the change at once.
 * Orders never read the catalogue after they are made (their lines are frozen), so no change here
 * alters an existing order.
 */
export function createCatalogueAdmin({ db, config, caches }: CatalogueDeps) {
  /** Runs a change and its audit in one transaction, then drops the company's cached catalogue everywhere. */
  async function change<T>(who: Who, work: (tx: Tx) => Promise<T>, duplicate?: { field: string; message: string }): Promise<T> {
    try {
      const result = await db.transaction(work);
      await caches.invalidate('catalogue', who.companyId);
      return result;
    } catch (err) {
      if (duplicate && isUniqueViolation(err)) throw badField(duplicate.field, duplicate.message);
      throw err;
    }
  }

  const audit = (tx: Tx, who: Who, action: string, targetType: string, targetId: number | string, before: unknown, after: unknown) =>
    recordAudit(tx, { actor: who.actor, companyId: who.companyId, action: `catalogue.${action}`, targetType, targetId, before, after });

  // ---- products ----

  async function listProducts(companyId: number): Promise<ProductSummary[]> {
    return (await loadProducts(db, companyId)).map(summaryOf);
  }

  const getProduct = (companyId: number, productId: number): Promise<Product> => productOf(db, companyId, productId);

  async function createProduct(who: Who, input: ProductValues): Promise<Product> {
    return change(who, async (tx) => {
      const id = await insertProduct(tx, who.companyId, input);
      const after = await productOf(tx, who.companyId, id);
      await audit(tx, who, 'product.create', 'product', id, null, after);
      return after;
    });
  }

  async function updateProduct(who: Who, productId: number, input: ProductValues): Promise<Product> {
    return change(who, async (tx) => {
      const before = await productOf(tx, who.companyId, productId);
      await replaceProduct(tx, who.companyId, productId, input);
      const after = await productOf(tx, who.companyId, productId);
      await audit(tx, who, 'product.update', 'product', productId, before, after);
      return after;
    });
  }

  async function setProductActive(who: Who, productId: number, active: boolean): Promise<Product> {
    return change(who, async (tx) => {
      const before = await productOf(tx, who.companyId, productId);
      await tx
        .update(products)
        .set({ active })
        .where(and(eq(products.id, productId), eq(products.companyId, who.companyId)));
      await audit(tx, who, active ? 'product.enable' : 'product.disable', 'product', productId, { active: before.active }, { active });
      return { ...before, active };
    });
  }

  /** Only a product nobody ordered: one with orders or VMs is disabled instead (its orders name it). */
  async function deleteProduct(who: Who, productId: number): Promise<void> {
    await change(who, async (tx) => {
      const before = await productOf(tx, who.companyId, productId);
      if (before.orderCount > 0 || before.vmCount > 0) throw AppError.conflict(m.productInUse);
      await tx.delete(products).where(and(eq(products.id, productId), eq(products.companyId, who.companyId)));
      await audit(tx, who, 'product.delete', 'product', productId, before, null);
    });
  }

  // ---- regions ----

  // Qualified by hand: in a one-table select drizzle writes ${regions.id} as a bare "id", which
  // inside these subqueries names the subquery's own row (o.id, v.id, c.id), not the region.
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
        used: sql<boolean>`exists (select 1 from ${orders} o where o.region_id = ${regionId})
          or exists (select 1 from ${vms} v where v.region_id = ${regionId})
          or exists (select 1 from ${companies} c where c.home_region_id = ${regionId})`,
      })
      .from(regions)
      .where(eq(regions.companyId, companyId))
      .orderBy(asc(regions.name));
    return rows.map(({ used, ...r }) => ({ ...r, inUse: used || r.productCount > 0 }));
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
          const offered = await tx
            .select({ gateway: regionGateways.gateway })
            .from(regionGateways)
            .where(eq(regionGateways.regionId, regionId));
          const refused = offered.map((o) => o.gateway as GatewayKey).find((g) => GATEWAY_LABELS[g] && !gatewayTakes(g, input.currency));
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

  // ---- time periods ----

  async function listTimePeriods(companyId: number, reader: Pick<Db, 'select'> = db): Promise<TimePeriod[]> {
    return reader
      .select({ id: timePeriods.id, days: timePeriods.days, label: timePeriods.label, sortOrder: timePeriods.sortOrder })
      .from(timePeriods)
      .where(eq(timePeriods.companyId, companyId))
      .orderBy(asc(timePeriods.sortOrder), asc(timePeriods.days));
  }

  async function periodOf(tx: Pick<Db, 'select'>, companyId: number, id: number): Promise<TimePeriod> {
    const found = (await listTimePeriods(companyId, tx)).find((p) => p.id === id);
    if (!found) throw AppError.notFound(m.periodNotFound);
    return found;
  }

  async function checkDays(tx: Tx, companyId: number, days: number, selfId: number | null) {
    const [clash] = await tx
      .select({ id: timePeriods.id })
      .from(timePeriods)
      .where(
        and(eq(timePeriods.companyId, companyId), eq(timePeriods.days, days), ...(selfId === null ? [] : [ne(timePeriods.id, selfId)])),
      )
      .limit(1);
    if (clash) throw badField('days', m.periodTaken);
  }

  async function createTimePeriod(who: Who, input: TimePeriodValues): Promise<TimePeriod> {
    return change(
      who,
      async (tx) => {
        await checkDays(tx, who.companyId, input.days, null);
        const [row] = await tx
          .insert(timePeriods)
          .values({ ...input, companyId: who.companyId })
          .returning({ id: timePeriods.id, days: timePeriods.days, label: timePeriods.label, sortOrder: timePeriods.sortOrder });
        await audit(tx, who, 'time_period.create', 'time_period', row!.id, null, row);
        return row!;
      },
      { field: 'days', message: m.periodTaken },
    );
  }

  async function updateTimePeriod(who: Who, id: number, input: TimePeriodValues): Promise<TimePeriod> {
    return change(
      who,
      async (tx) => {
        const before = await periodOf(tx, who.companyId, id);
        await checkDays(tx, who.companyId, input.days, id);
        const [row] = await tx
          .update(timePeriods)
          .set(input)
          .where(and(eq(timePeriods.id, id), eq(timePeriods.companyId, who.companyId)))
          .returning({ id: timePeriods.id, days: timePeriods.days, label: timePeriods.label, sortOrder: timePeriods.sortOrder });
        await audit(tx, who, 'time_period.update', 'time_period', id, before, row);
        return row!;
      },
      { field: 'days', message: m.periodTaken },
    );
  }

  /** Orders keep their days; the configurator simply stops offering the period. */
  async function deleteTimePeriod(who: Who, id: number): Promise<void> {
    await change(who, async (tx) => {
      const before = await periodOf(tx, who.companyId, id);
      await tx.delete(timePeriods).where(and(eq(timePeriods.id, id), eq(timePeriods.companyId, who.companyId)));
      await audit(tx, who, 'time_period.delete', 'time_period', id, before, null);
    });
  }

  // ---- clone durations ----

  async function getCloneDurations(companyId: number, reader: Pick<Db, 'select'> = db): Promise<CloneDurations> {
    const rows = await reader
      .select({ count: cloneDurations.count })
      .from(cloneDurations)
      .where(eq(cloneDurations.companyId, companyId))
      .orderBy(asc(cloneDurations.sortOrder), asc(cloneDurations.count));
    const defaults = [...CLONE_DURATIONS];
    return { counts: rows.length ? rows.map((r) => r.count) : defaults, usesDefault: rows.length === 0, defaults };
  }

  async function setCloneDurations(who: Who, input: CloneDurationValues): Promise<CloneDurations> {
    return change(who, async (tx) => {
      const before = await getCloneDurations(who.companyId, tx);
      await tx.delete(cloneDurations).where(eq(cloneDurations.companyId, who.companyId));
      if (input.counts.length)
        await tx.insert(cloneDurations).values(input.counts.map((count, sortOrder) => ({ companyId: who.companyId, count, sortOrder })));
      const after = await getCloneDurations(who.companyId, tx);
      await audit(tx, who, 'clone_durations.update', 'company', who.companyId, before, after);
      return after;
    });
  }

  // ---- discounts ----

  async function listDiscounts(companyId: number, reader: Pick<Db, 'select'> = db): Promise<Discount[]> {
    return reader
      .select({
        id: categoryDiscounts.id,
        productId: categoryDiscounts.productId,
        productName: products.name,
        ramPercent: categoryDiscounts.ramPercent,
        diskPercent: categoryDiscounts.diskPercent,
        cpuPercent: categoryDiscounts.cpuPercent,
      })
      .from(categoryDiscounts)
      .leftJoin(products, eq(products.id, categoryDiscounts.productId))
      .where(eq(categoryDiscounts.companyId, companyId))
      .orderBy(sql`${categoryDiscounts.productId} nulls first`, asc(products.name));
  }

  /** Sets the company default (productId null) or a product's own discount, creating the row if needed. */
  async function saveDiscount(who: Who, input: DiscountValues): Promise<Discount> {
    return change(who, async (tx) => {
      if (input.productId !== null) {
        const [own] = await tx
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.id, input.productId), eq(products.companyId, who.companyId)));
        if (!own) throw badField('productId', m.discountProductUnknown);
      }
      const values = { ramPercent: input.ramPercent, diskPercent: input.diskPercent, cpuPercent: input.cpuPercent };
      const sameTarget = and(
        eq(categoryDiscounts.companyId, who.companyId),
        input.productId === null ? isNull(categoryDiscounts.productId) : eq(categoryDiscounts.productId, input.productId),
      );
      const [before] = await tx.select().from(categoryDiscounts).where(sameTarget);
      const id = before
        ? (
            await tx
              .update(categoryDiscounts)
              .set(values)
              .where(eq(categoryDiscounts.id, before.id))
              .returning({ id: categoryDiscounts.id })
          )[0]!.id
        : (
            await tx
              .insert(categoryDiscounts)
              .values({ ...values, companyId: who.companyId, productId: input.productId })
              .returning({ id: categoryDiscounts.id })
          )[0]!.id;
      const after = (await listDiscounts(who.companyId, tx)).find((d) => d.id === id)!;
      await audit(tx, who, before ? 'discount.update' : 'discount.create', 'discount', id, before ?? null, after);
      return after;
    });
  }

  async function deleteDiscount(who: Who, id: number): Promise<void> {
    await change(who, async (tx) => {
      const before = (await listDiscounts(who.companyId, tx)).find((d) => d.id === id);
      if (!before) throw AppError.notFound(m.discountNotFound);
      await tx.delete(categoryDiscounts).where(and(eq(categoryDiscounts.id, id), eq(categoryDiscounts.companyId, who.companyId)));
      await audit(tx, who, 'discount.delete', 'discount', id, before, null);
    });
  }

  // ---- currency ----

  async function getCurrency(companyId: number, reader: Pick<Db, 'select'> = db): Promise<CurrencySettings> {
    const [row] = await reader.select({ rate: companies.zarToUsdRate }).from(companies).where(eq(companies.id, companyId));
    // numeric(12,6) reads "0.063000": shown as entered.
    const own = row?.rate == null ? null : row.rate.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
    return { zarToUsdRate: own, serverRate: config.zarToUsdRate, effectiveRate: own ?? config.zarToUsdRate };
  }

  async function setCurrency(who: Who, input: CurrencyValues): Promise<CurrencySettings> {
    return change(who, async (tx) => {
      const before = await getCurrency(who.companyId, tx);
      await tx.update(companies).set({ zarToUsdRate: input.zarToUsdRate }).where(eq(companies.id, who.companyId));
      const after = await getCurrency(who.companyId, tx);
      await audit(
        tx,
        who,
        'currency.update',
        'company',
        who.companyId,
        { zarToUsdRate: before.zarToUsdRate },
        { zarToUsdRate: after.zarToUsdRate },
      );
      return after;
    });
  }

  // ---- business units ----

  async function listBusinessUnits(companyId: number, reader: Pick<Db, 'select'> = db): Promise<BusinessUnit[]> {
    const [units, clouds] = await Promise.all([
      reader
        .select()
        .from(businessUnits)
        .where(eq(businessUnits.companyId, companyId))
        .orderBy(asc(businessUnits.sortOrder), asc(businessUnits.id)),
      reader
        .select()
        .from(cloudServices)
        .where(eq(cloudServices.companyId, companyId))
        .orderBy(asc(cloudServices.sortOrder), asc(cloudServices.id)),
    ]);
    return units.map((u) => ({
      id: u.id,
      businessName: u.businessName,
      description: u.description,
      imagePath: u.imagePath,
      serviceOption: u.serviceOption,
      redirectUrl: u.redirectUrl,
      sortOrder: u.sortOrder,
      cloudServices: clouds
        .filter((c) => c.businessUnitId === u.id)
        .map((c) => ({
          id: c.id,
          cloudTitle: c.cloudTitle,
          description: c.description,
          imagePath: c.imagePath,
          serviceName: c.serviceName,
        })),
    }));
  }

  async function unitOf(tx: Pick<Db, 'select'>, companyId: number, id: number): Promise<BusinessUnit> {
    const found = (await listBusinessUnits(companyId, tx)).find((u) => u.id === id);
    if (!found) throw AppError.notFound(m.businessNotFound);
    return found;
  }

  /** The site finds a unit by its name without slashes, ignoring case: two units must not share that. */
  async function checkBusinessName(tx: Tx, companyId: number, name: string, selfId: number | null) {
    const slug = businessSlug(name).toLowerCase();
    const others = (await listBusinessUnits(companyId, tx)).filter((u) => u.id !== selfId);
    if (others.some((u) => businessSlug(u.businessName).toLowerCase() === slug)) throw badField('businessName', m.businessNameTaken);
  }

  async function writeCloudServices(tx: Tx, companyId: number, unitId: number, input: BusinessUnitValues) {
    await tx.delete(cloudServices).where(and(eq(cloudServices.businessUnitId, unitId), eq(cloudServices.companyId, companyId)));
    // Only a CloudService unit shows cards; the others keep none.
    const cards = input.serviceOption === 'CloudService' ? input.cloudServices : [];
    if (cards.length)
      await tx.insert(cloudServices).values(cards.map((c, sortOrder) => ({ ...c, companyId, businessUnitId: unitId, sortOrder })));
  }

  const unitValues = (input: BusinessUnitValues) => ({
    businessName: input.businessName,
    description: input.description,
    imagePath: input.imagePath,
    serviceOption: input.serviceOption,
    redirectUrl: input.serviceOption === 'RedirectionURL' ? input.redirectUrl : '',
    sortOrder: input.sortOrder,
  });

  async function createBusinessUnit(who: Who, input: BusinessUnitValues): Promise<BusinessUnit> {
    return change(
      who,
      async (tx) => {
        await checkBusinessName(tx, who.companyId, input.businessName, null);
        const [row] = await tx
          .insert(businessUnits)
          .values({ ...unitValues(input), companyId: who.companyId })
          .returning({ id: businessUnits.id });
        await writeCloudServices(tx, who.companyId, row!.id, input);
        const after = await unitOf(tx, who.companyId, row!.id);
        await audit(tx, who, 'business_unit.create', 'business_unit', row!.id, null, after);
        return after;
      },
      { field: 'businessName', message: m.businessNameTaken },
    );
  }

  async function updateBusinessUnit(who: Who, id: number, input: BusinessUnitValues): Promise<BusinessUnit> {
    return change(
      who,
      async (tx) => {
        const before = await unitOf(tx, who.companyId, id);
        await checkBusinessName(tx, who.companyId, input.businessName, id);
        await tx
          .update(businessUnits)
          .set(unitValues(input))
          .where(and(eq(businessUnits.id, id), eq(businessUnits.companyId, who.companyId)));
        await writeCloudServices(tx, who.companyId, id, input);
        const after = await unitOf(tx, who.companyId, id);
        await audit(tx, who, 'business_unit.update', 'business_unit', id, before, after);
        return after;
      },
      { field: 'businessName', message: m.businessNameTaken },
    );
  }

  async function deleteBusinessUnit(who: Who, id: number): Promise<void> {
    await change(who, async (tx) => {
      const before = await unitOf(tx, who.companyId, id);
      await tx.delete(businessUnits).where(and(eq(businessUnits.id, id), eq(businessUnits.companyId, who.companyId)));
      await audit(tx, who, 'business_unit.delete', 'business_unit', id, before, null);
    });
  }

  // ---- partner clouds ----

  async function listPartnerClouds(companyId: number, reader: Pick<Db, 'select'> = db): Promise<PartnerCloud[]> {
    return reader
      .select({
        id: partnerClouds.id,
        cloudTitle: partnerClouds.cloudTitle,
        description: partnerClouds.description,
        imagePath: partnerClouds.imagePath,
        websiteUrl: partnerClouds.websiteUrl,
        sortOrder: partnerClouds.sortOrder,
      })
      .from(partnerClouds)
      .where(eq(partnerClouds.companyId, companyId))
      .orderBy(asc(partnerClouds.sortOrder), asc(partnerClouds.id));
  }

  async function partnerOf(tx: Pick<Db, 'select'>, companyId: number, id: number): Promise<PartnerCloud> {
    const found = (await listPartnerClouds(companyId, tx)).find((p) => p.id === id);
    if (!found) throw AppError.notFound(m.partnerNotFound);
    return found;
  }

  async function createPartnerCloud(who: Who, input: PartnerCloudValues): Promise<PartnerCloud> {
    return change(who, async (tx) => {
      const [row] = await tx
        .insert(partnerClouds)
        .values({ ...input, companyId: who.companyId })
        .returning({ id: partnerClouds.id });
      const after = await partnerOf(tx, who.companyId, row!.id);
      await audit(tx, who, 'partner_cloud.create', 'partner_cloud', row!.id, null, after);
      return after;
    });
  }

  async function updatePartnerCloud(who: Who, id: number, input: PartnerCloudValues): Promise<PartnerCloud> {
    return change(who, async (tx) => {
      const before = await partnerOf(tx, who.companyId, id);
      await tx
        .update(partnerClouds)
        .set(input)
        .where(and(eq(partnerClouds.id, id), eq(partnerClouds.companyId, who.companyId)));
      const after = await partnerOf(tx, who.companyId, id);
      await audit(tx, who, 'partner_cloud.update', 'partner_cloud', id, before, after);
      return after;
    });
  }

  async function deletePartnerCloud(who: Who, id: number): Promise<void> {
    await change(who, async (tx) => {
      const before = await partnerOf(tx, who.companyId, id);
      await tx.delete(partnerClouds).where(and(eq(partnerClouds.id, id), eq(partnerClouds.companyId, who.companyId)));
      await audit(tx, who, 'partner_cloud.delete', 'partner_cloud', id, before, null);
    });
  }

  // ---- domains ----

  async function listDomains(companyId: number): Promise<DomainList> {
    const rows = await db
      .select({ id: takenDomains.id, domain: takenDomains.domain })
      .from(takenDomains)
      .where(eq(takenDomains.companyId, companyId))
      .orderBy(asc(takenDomains.domain));
    return { check: config.domainCheck === 'rdap' ? 'rdap' : 'local', suffix: DOMAIN_SUFFIX, domains: rows };
  }

  async function addDomain(who: Who, name: string): Promise<{ id: number; domain: string }> {
    const domain = toComDomain(name);
    return change(
      who,
      async (tx) => {
        const [clash] = await tx
          .select({ id: takenDomains.id })
          .from(takenDomains)
          .where(and(eq(takenDomains.companyId, who.companyId), eq(takenDomains.domain, domain)));
        if (clash) throw badField('domain', m.domainTaken);
        const [row] = await tx
          .insert(takenDomains)
          .values({ companyId: who.companyId, domain })
          .returning({ id: takenDomains.id, domain: takenDomains.domain });
        await audit(tx, who, 'domain.create', 'domain', row!.id, null, row);
        return row!;
      },
      { field: 'domain', message: m.domainTaken },
    );
  }

  async function deleteDomain(who: Who, id: number): Promise<void> {
    await change(who, async (tx) => {
      const [before] = await tx
        .select({ id: takenDomains.id, domain: takenDomains.domain })
        .from(takenDomains)
        .where(and(eq(takenDomains.id, id), eq(takenDomains.companyId, who.companyId)));
      if (!before) throw AppError.notFound(m.domainNotFound);
      await tx.delete(takenDomains).where(eq(takenDomains.id, id));
      await audit(tx, who, 'domain.delete', 'domain', id, before, null);
    });
  }

  /** An uploaded catalogue image (its file row is written by the files service): audited like any change. */
  async function recordImage(who: Who, fileId: string, name: string): Promise<void> {
    await db.transaction((tx) => audit(tx, who, 'image.upload', 'file', fileId, null, { name }));
  }

  return {
    listProducts,
    getProduct,
    createProduct,
    updateProduct,
    setProductActive,
    deleteProduct,
    listRegions,
    createRegion,
    updateRegion,
    deleteRegion,
    listTimePeriods,
    createTimePeriod,
    updateTimePeriod,
    deleteTimePeriod,
    getCloneDurations,
    setCloneDurations,
    listDiscounts,
    saveDiscount,
    deleteDiscount,
    getCurrency,
    setCurrency,
    listBusinessUnits,
    createBusinessUnit,
    updateBusinessUnit,
    deleteBusinessUnit,
    listPartnerClouds,
    createPartnerCloud,
    updatePartnerCloud,
    deletePartnerCloud,
    listDomains,
    addDomain,
    deleteDomain,
    recordImage,
  };
}

export type CatalogueAdmin = ReturnType<typeof createCatalogueAdmin>;
