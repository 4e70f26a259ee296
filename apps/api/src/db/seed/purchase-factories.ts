import { eq } from 'drizzle-orm';
import type { GatewayKey } from '@mawingu/contracts/purchase';
import type { Db } from '../client.ts';
import {
  categoryDiscounts,
  paymentSettings,
  productRegions,
  products,
  productSpecs,
  ramCpuRanges,
  regionGateways,
  regions,
  timePeriods,
} from '../schema.ts';

/**
 * Factories for the purchase catalogue, shared by the demo seed and the tests so both build
 * purchasable products the same way.
 */

export type SpecInput = {
  name: 'Memory' | 'Processor' | 'Disk';
  unit: string;
  count: number;
  min: number;
  max: number;
  step?: number;
  cost: string;
};

export type ProductInput = Partial<typeof products.$inferInsert> & {
  name: string;
  specs: SpecInput[];
  regionIds?: number[];
};

/** A product with its sliders, sold in `regionIds` (none = every region of the company). */
export async function createProduct(db: Db, companyId: number, { specs, regionIds, ...input }: ProductInput) {
  const [row] = await db
    .insert(products)
    .values({
      serviceName: 'virtualmachine',
      serviceType: 'simulator',
      osType: 'ubuntu',
      ...input,
      companyId,
    })
    .returning();
  await db.insert(productSpecs).values(
    specs.map((s, sequence) => ({
      productId: row!.id,
      name: s.name,
      unit: s.unit,
      defaultCount: s.count,
      minValue: s.min,
      maxValue: s.max,
      step: s.step ?? 1,
      costPerUnit: s.cost,
      sequence,
    })),
  );
  if (regionIds?.length)
    await db.insert(productRegions).values(
      regionIds.map((regionId) => ({
        companyId,
        productId: row!.id,
        regionId,
      })),
    );
  return row!;
}

export async function createRegion(db: Db, companyId: number, input: { name: string; iso2: string; currency: string; taxPercent: string }) {
  const [row] = await db
    .insert(regions)
    .values({ ...input, companyId })
    .returning();
  return row!;
}

export type PurchaseTermsInput = {
  timePeriods?: { days: number; label?: string }[];
  /** Company default (productId absent) or a product's own, in percent. */
  discounts?: {
    productId?: number;
    ram?: string;
    disk?: string;
    cpu?: string;
  }[];
  ramCpuRanges?: {
    productId: number;
    ramFrom: number;
    ramTo: number;
    cpuCount: number;
  }[];
  /** Gateways per region id, in the dialog's order. */
  gateways?: { regionId: number; gateways: GatewayKey[] }[];
  bypass?: boolean;
};

/** Writes a company's time periods, discounts, RAM → CPU ranges, gateways and bypass switch. */
export async function setPurchaseTerms(db: Db, companyId: number, terms: PurchaseTermsInput) {
  if (terms.timePeriods?.length) {
    await db.insert(timePeriods).values(
      terms.timePeriods.map((p, i) => ({
        companyId,
        days: p.days,
        label: p.label ?? `${p.days} Days`,
        sortOrder: i,
      })),
    );
  }
  if (terms.discounts?.length) {
    await db.insert(categoryDiscounts).values(
      terms.discounts.map((d) => ({
        companyId,
        productId: d.productId ?? null,
        ramPercent: d.ram ?? '0',
        diskPercent: d.disk ?? '0',
        cpuPercent: d.cpu ?? '0',
      })),
    );
  }
  if (terms.ramCpuRanges?.length) await db.insert(ramCpuRanges).values(terms.ramCpuRanges.map((r) => ({ ...r, companyId })));
  for (const { regionId, gateways } of terms.gateways ?? []) {
    if (gateways.length)
      await db.insert(regionGateways).values(
        gateways.map((gateway, i) => ({
          companyId,
          regionId,
          gateway,
          sortOrder: i,
        })),
      );
  }
  if (terms.bypass !== undefined) {
    await db
      .insert(paymentSettings)
      .values({ companyId, bypass: terms.bypass })
      .onConflictDoUpdate({
        target: paymentSettings.companyId,
        set: { bypass: terms.bypass },
      });
  }
}

/** The company's regions by name. */
export async function regionIdsByName(db: Db, companyId: number): Promise<Record<string, number>> {
  const rows = await db.select().from(regions).where(eq(regions.companyId, companyId));
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}
