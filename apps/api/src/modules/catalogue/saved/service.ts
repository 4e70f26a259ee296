import { and, desc, eq } from 'drizzle-orm';
import type { SpecificationRow, VmProductCard } from '@mawingu/contracts/catalog';
import { fill, messages } from '@mawingu/contracts/messages';
import type { SavedVm, SaveVMForLater } from '@mawingu/contracts/saved';
import type { Db } from '../../../db/client.ts';
import { savedConfigurations } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { CatalogService } from '../catalog/service.ts';

type Slider = { field: 'processorCount' | 'memoryCount' | 'driveCount'; label: string; spec: string };
const SLIDERS: Slider[] = [
  { field: 'processorCount', label: 'Processor count', spec: 'Processor' },
  { field: 'memoryCount', label: 'Memory count', spec: 'Memory' },
  { field: 'driveCount', label: 'Drive count', spec: 'Disk' },
];

/**
 * Configurations a customer saved for later. Products, their slider bounds and the company's
 * regions come from the catalogue service (cached per company), so a saved configuration is
 * always one the product page could have produced.
 */
export function createSavedService(db: Db, catalog: CatalogService) {
  /** Every product of the company, gold copies included, by id. */
  async function productsOf(companyId: number) {
    const all = await catalog.marketplaceProducts(companyId, 'all', false);
    const cards = new Map<number, VmProductCard>([...all.VMProducts, ...all.GoldVMData].map((c) => [c.productID, c]));
    return { cards, regionIds: new Set(all.filterData.country.map((r) => r.regionID)) };
  }

  /** Cards of the customer's saved configurations, newest first; products no longer sold are left out. */
  async function listOf(companyId: number, customerId: number): Promise<SavedVm[]> {
    const rows = await db
      .select()
      .from(savedConfigurations)
      .where(and(eq(savedConfigurations.companyId, companyId), eq(savedConfigurations.customerId, customerId)))
      .orderBy(desc(savedConfigurations.createdAt), desc(savedConfigurations.id));
    const { cards } = await productsOf(companyId);
    return rows.flatMap((row) => {
      const card = cards.get(row.productId);
      if (!card) return [];
      return [
        {
          ID: row.id,
          productID: row.productId,
          vmName: card.productName,
          ram_Count: row.memoryCount,
          disk_Count: row.driveCount,
          cpu_Count: row.processorCount,
          osType: card.osType,
          imagePath: card.imagePath,
        },
      ];
    });
  }

  /** Refuses what the product page could not have produced: counts off the sliders, a unit or region not offered. */
  function check(input: SaveVMForLater, specs: SpecificationRow[], regionIds: Set<number>) {
    const fieldErrors: Record<string, string> = {};
    for (const slider of SLIDERS) {
      const spec = specs.find((s) => s.specificationName === slider.spec);
      if (!spec) continue;
      const value = input[slider.field];
      if (value < spec.minValue || value > spec.maxValue) {
        fieldErrors[slider.field] = fill(messages.countOutOfRange, {
          field: slider.label,
          min: String(spec.minValue),
          max: String(spec.maxValue),
        });
      }
    }
    const units = [
      { field: 'memoryUnit', label: 'Memory unit', given: input.memoryUnit, spec: specs.find((s) => s.specificationName === 'Memory') },
      { field: 'driveUnit', label: 'Drive unit', given: input.driveUnit, spec: specs.find((s) => s.specificationName === 'Disk') },
    ];
    for (const { field, label, given, spec } of units) {
      if (given && spec && given.toLowerCase() !== spec.specificationUnit.toLowerCase()) {
        fieldErrors[field] = fill(messages.unitMismatch, { field: label, unit: spec.specificationUnit });
      }
    }
    if (input.region !== 0 && !regionIds.has(input.region)) fieldErrors.region = messages.regionUnknown;
    const first = Object.values(fieldErrors)[0];
    if (first) throw AppError.badRequest(first, fieldErrors);
  }

  /** Saves a configuration of one of the company's products; another company's product is a 404. */
  async function save(companyId: number, customerId: number, input: SaveVMForLater): Promise<number> {
    const specs = await catalog.specification(companyId, input.productID, null, false);
    const { regionIds } = await productsOf(companyId);
    check(input, specs, regionIds);
    const unitOf = (name: string, given: string | undefined) =>
      specs.find((s) => s.specificationName === name)?.specificationUnit ?? given ?? 'GB';
    const [row] = await db
      .insert(savedConfigurations)
      .values({
        companyId,
        customerId,
        productId: input.productID,
        processorCount: input.processorCount,
        memoryCount: input.memoryCount,
        memoryUnit: unitOf('Memory', input.memoryUnit),
        driveCount: input.driveCount,
        driveUnit: unitOf('Disk', input.driveUnit),
        regionId: input.region === 0 ? null : input.region,
        timePeriod: input.timePeriod === 0 ? null : input.timePeriod,
        totalAmount: input.totalAmount ?? null,
      })
      .returning({ id: savedConfigurations.id });
    return row!.id;
  }

  /** Deletes one of the customer's saved configurations; anyone else's is a 404. */
  async function remove(companyId: number, customerId: number, savedId: number): Promise<void> {
    const deleted = await db
      .delete(savedConfigurations)
      .where(
        and(
          eq(savedConfigurations.id, savedId),
          eq(savedConfigurations.companyId, companyId),
          eq(savedConfigurations.customerId, customerId),
        ),
      )
      .returning({ id: savedConfigurations.id });
    if (deleted.length === 0) throw AppError.notFound(messages.savedItemNotFound);
  }

  return { listOf, save, remove };
}

export type SavedService = ReturnType<typeof createSavedService>;
