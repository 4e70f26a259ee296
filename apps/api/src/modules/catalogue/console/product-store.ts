import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  catalogueMessages as m,
  SERVICE_TYPE_OF,
  type Product,
  type ProductSummary,
  type ProductValues,
  type Provider,
} from '@mawingu/contracts/admin/catalogue';
import type { Db } from '../../../db/client.ts';
import { productRegions, products, productSpecs, ramCpuRanges, regions } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { providerOf } from '../../../integrations/hypervisors/select-hypervisors.ts';
import { toCard } from '../catalog/product-card.ts';
import type { CatalogueUsage } from './usage.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Pick<Db, 'select'>;
type ProductRow = typeof products.$inferSelect;

const PROVIDER_OF: Record<ReturnType<typeof providerOf>, Provider> = {
  simulator: 'simulator',
  scaleComputing: 'hc3',
  openNebula: 'openNebula',
  nodeWeaver: 'nodeWeaver',
};

/** The console's provider of a stored serviceType ("scaleComputing", "Open Nebula", "hc3", …). */
export const consoleProviderOf = (serviceType: string): Provider => PROVIDER_OF[providerOf(serviceType)];

export const badField = (field: string, message: string) => AppError.badRequest(message, { [field]: message });

/** Orders and VMs per product (the orders' and machines' counts, one query each, for one product or a company's list). */
async function usageOf(db: Reader, usage: CatalogueUsage, companyId: number, productIds: number[]) {
  const [orderCounts, vmCounts] = await Promise.all([
    usage.orderCountsByProduct(db, companyId, productIds),
    usage.vmCountsByProduct(db, companyId, productIds),
  ]);
  return { orderCounts, vmCounts };
}

/** A company's products as the console lists and edits them (every product, enabled or not). */
export async function loadProducts(db: Reader, usage: CatalogueUsage, companyId: number, onlyId?: number): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(onlyId === undefined ? eq(products.companyId, companyId) : and(eq(products.companyId, companyId), eq(products.id, onlyId)))
    .orderBy(asc(products.sortOrder), asc(products.id));
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [specRows, regionRows, rangeRows, counts] = await Promise.all([
    db.select().from(productSpecs).where(inArray(productSpecs.productId, ids)).orderBy(asc(productSpecs.sequence), asc(productSpecs.id)),
    db
      .select()
      .from(productRegions)
      .where(and(eq(productRegions.companyId, companyId), inArray(productRegions.productId, ids))),
    db
      .select()
      .from(ramCpuRanges)
      .where(and(eq(ramCpuRanges.companyId, companyId), inArray(ramCpuRanges.productId, ids)))
      .orderBy(asc(ramCpuRanges.ramFrom)),
    usageOf(db, usage, companyId, ids),
  ]);
  return rows.map((row) =>
    present(
      row,
      specRows.filter((s) => s.productId === row.id),
      regionRows,
      rangeRows,
      counts,
    ),
  );
}

function present(
  row: ProductRow,
  specs: (typeof productSpecs.$inferSelect)[],
  regionRows: (typeof productRegions.$inferSelect)[],
  rangeRows: (typeof ramCpuRanges.$inferSelect)[],
  counts: Awaited<ReturnType<typeof usageOf>>,
): Product {
  return {
    id: row.id,
    name: row.name,
    serviceName: row.serviceName,
    provider: consoleProviderOf(row.serviceType),
    serviceType: row.serviceType,
    template: row.template,
    osType: row.osType,
    imagePath: row.imagePath,
    description: row.description,
    currency: row.currency,
    ipType: row.ipType,
    isGoldCopy: row.isGoldCopy,
    microsoftLicense: row.microsoftLicense,
    active: row.active,
    sortOrder: row.sortOrder,
    regionIds: regionRows
      .filter((r) => r.productId === row.id)
      .map((r) => r.regionId)
      .sort((a, b) => a - b),
    specs: specs.map((s) => ({
      name: s.name,
      unit: s.unit,
      defaultCount: s.defaultCount,
      minValue: s.minValue,
      maxValue: s.maxValue,
      step: s.step,
      costPerUnit: s.costPerUnit,
      sequence: s.sequence,
    })),
    ramCpuRanges: rangeRows
      .filter((r) => r.productId === row.id)
      .map((r) => ({ ramFrom: r.ramFrom, ramTo: r.ramTo, cpuCount: r.cpuCount })),
    // The marketplace card's figure: the same function the catalogue prices cards with.
    listPrice: toCard(row, specs).listPrice,
    orderCount: counts.orderCounts.get(row.id) ?? 0,
    vmCount: counts.vmCounts.get(row.id) ?? 0,
  };
}

export function summaryOf({ specs: _s, ramCpuRanges: _r, description: _d, template: _t, ...rest }: Product): ProductSummary {
  return rest;
}

export async function productOf(db: Reader, usage: CatalogueUsage, companyId: number, productId: number): Promise<Product> {
  const [found] = await loadProducts(db, usage, companyId, productId);
  if (!found) throw AppError.notFound(m.productNotFound);
  return found;
}

/** The rules that need the database: a unique name, the company's own regions, one currency. */
async function checkAgainstCompany(tx: Tx, companyId: number, input: ProductValues, selfId: number | null) {
  const name = input.name.trim().toLowerCase();
  const [clash] = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.companyId, companyId),
        sql`lower(trim(${products.name})) = ${name}`,
        ...(selfId === null ? [] : [ne(products.id, selfId)]),
      ),
    )
    .limit(1);
  if (clash) throw badField('name', m.productNameTaken);

  const companyRegions = await tx.select().from(regions).where(eq(regions.companyId, companyId));
  const regionIds = [...new Set(input.regionIds)];
  const chosen = regionIds.map((id) => companyRegions.find((r) => r.id === id));
  if (chosen.some((r) => r === undefined)) throw badField('regionIds', m.regionUnknown);
  const currency = input.currency.toUpperCase();
  const sameCurrency = (r: (typeof companyRegions)[number]) => r.currency.trim().toUpperCase() === currency;
  // An order is billed in the region's currency: a product priced in rand is only bought where rand is paid.
  if (chosen.some((r) => !sameCurrency(r!))) throw badField('regionIds', m.regionCurrency);
  if (regionIds.length === 0 && !companyRegions.some(sameCurrency)) throw badField('currency', m.noRegionForCurrency);
  return regionIds;
}

function rowValues(input: ProductValues) {
  return {
    name: input.name,
    serviceName: input.serviceName,
    serviceType: SERVICE_TYPE_OF[input.provider],
    template: input.template,
    osType: input.osType,
    imagePath: input.imagePath,
    description: input.description,
    currency: input.currency.toUpperCase(),
    ipType: input.ipType,
    isGoldCopy: input.isGoldCopy,
    microsoftLicense: input.microsoftLicense,
    active: input.active,
    sortOrder: input.sortOrder,
  };
}

/** Writes the product's sliders, regions and RAM → CPU ranges (replacing what it had). */
async function writeRows(tx: Tx, companyId: number, productId: number, input: ProductValues, regionIds: number[]) {
  await tx.delete(productSpecs).where(eq(productSpecs.productId, productId));
  await tx.delete(productRegions).where(eq(productRegions.productId, productId));
  await tx.delete(ramCpuRanges).where(and(eq(ramCpuRanges.productId, productId), eq(ramCpuRanges.companyId, companyId)));
  await tx.insert(productSpecs).values(
    input.specs.map((s) => ({
      productId,
      name: s.name,
      unit: s.unit,
      defaultCount: s.defaultCount,
      minValue: s.minValue,
      maxValue: s.maxValue,
      step: s.step,
      costPerUnit: s.costPerUnit,
      sequence: s.sequence,
    })),
  );
  if (regionIds.length) await tx.insert(productRegions).values(regionIds.map((regionId) => ({ companyId, productId, regionId })));
  if (input.ramCpuRanges.length) await tx.insert(ramCpuRanges).values(input.ramCpuRanges.map((r) => ({ companyId, productId, ...r })));
}

export async function insertProduct(tx: Tx, companyId: number, input: ProductValues): Promise<number> {
  const regionIds = await checkAgainstCompany(tx, companyId, input, null);
  const [row] = await tx
    .insert(products)
    .values({ ...rowValues(input), companyId })
    .returning({ id: products.id });
  await writeRows(tx, companyId, row!.id, input, regionIds);
  return row!.id;
}

export async function replaceProduct(tx: Tx, companyId: number, productId: number, input: ProductValues): Promise<void> {
  const regionIds = await checkAgainstCompany(tx, companyId, input, productId);
  await tx
    .update(products)
    .set(rowValues(input))
    .where(and(eq(products.id, productId), eq(products.companyId, companyId)));
  await writeRows(tx, companyId, productId, input, regionIds);
}
