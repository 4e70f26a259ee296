import { and, count, eq, inArray } from 'drizzle-orm';
import {
  legalEntityMessages as texts,
  type LegalEntitiesReply,
  type LegalEntityInput,
  type RegionSellersUpdate,
} from '@mawingu/contracts/admin/legal-entities';
import type { Db } from '../../../db/client.ts';
import { invoices, legalEntities, regionSellers } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';
import { companyRegions } from '../../catalogue/index.ts';

type Entered = Required<Pick<LegalEntityInput, 'name' | 'address' | 'taxCountry' | 'seriesPrefix' | 'timeZone' | 'currency'>> & {
  taxNumber: string;
  vatOnDiscountedPrice: boolean;
};

/**
 * The console's legal entities of a company and the entity that sells in each of its regions
 * (issue 18, point 1). Every change is audited in its own transaction; an entity that has issued
 * invoices or sells in a region cannot be removed (its invoices name it). `changed` runs after each
 * change: the seller of a region decides its tax base, which the cached purchase terms carry.
 */
export function createLegalEntityAdmin(db: Db, changed: (companyId: number) => Promise<void>) {
  async function read(companyId: number): Promise<LegalEntitiesReply> {
    const [entities, issued, regions, sellers] = await Promise.all([
      db.select().from(legalEntities).where(eq(legalEntities.companyId, companyId)).orderBy(legalEntities.name, legalEntities.id),
      db
        .select({ entityId: invoices.legalEntityId, n: count() })
        .from(invoices)
        .where(eq(invoices.companyId, companyId))
        .groupBy(invoices.legalEntityId),
      companyRegions(db, companyId),
      db.select().from(regionSellers).where(eq(regionSellers.companyId, companyId)),
    ]);
    const countOf = new Map(issued.map((r) => [r.entityId, Number(r.n)]));
    const sellerOf = new Map(sellers.map((s) => [s.regionId, s.legalEntityId]));
    return {
      entities: entities.map(({ companyId: _company, createdAt: _created, ...e }) => ({ ...e, invoiceCount: countOf.get(e.id) ?? 0 })),
      regions: regions.map((r) => ({ ...r, legalEntityId: sellerOf.get(r.id) ?? null })),
    };
  }

  /** The series prefix is unique within the company: two entities must never print the same serial. */
  async function refuseTakenPrefix(tx: Db, companyId: number, prefix: string, except: number | null) {
    const [taken] = await tx
      .select({ id: legalEntities.id })
      .from(legalEntities)
      .where(and(eq(legalEntities.companyId, companyId), eq(legalEntities.seriesPrefix, prefix)));
    if (taken && taken.id !== except) throw AppError.badRequest(texts.prefixTaken, { seriesPrefix: texts.prefixTaken });
  }

  async function create(actor: Operator, companyId: number, input: Entered) {
    await db.transaction(async (tx) => {
      await refuseTakenPrefix(tx as unknown as Db, companyId, input.seriesPrefix, null);
      const [row] = await tx
        .insert(legalEntities)
        .values({ ...input, companyId })
        .returning();
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'legal_entity.create',
        targetType: 'legal_entity',
        targetId: row!.id,
        after: input,
      });
    });
    await changed(companyId);
    return read(companyId);
  }

  async function update(actor: Operator, companyId: number, entityId: number, input: Entered) {
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(legalEntities)
        .where(and(eq(legalEntities.id, entityId), eq(legalEntities.companyId, companyId)))
        .for('update');
      if (!before) throw AppError.notFound(texts.notFound);
      await refuseTakenPrefix(tx as unknown as Db, companyId, input.seriesPrefix, entityId);
      // Invoices already issued keep the details they were issued with (frozen on each).
      await tx.update(legalEntities).set(input).where(eq(legalEntities.id, entityId));
      const { companyId: _c, createdAt: _t, id: _i, ...was } = before;
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'legal_entity.update',
        targetType: 'legal_entity',
        targetId: entityId,
        before: was,
        after: input,
      });
    });
    await changed(companyId);
    return read(companyId);
  }

  async function remove(actor: Operator, companyId: number, entityId: number) {
    await db.transaction(async (tx) => {
      const [entity] = await tx
        .select()
        .from(legalEntities)
        .where(and(eq(legalEntities.id, entityId), eq(legalEntities.companyId, companyId)))
        .for('update');
      if (!entity) throw AppError.notFound(texts.notFound);
      const [[issued], [selling]] = await Promise.all([
        tx.select({ n: count() }).from(invoices).where(eq(invoices.legalEntityId, entityId)),
        tx.select({ n: count() }).from(regionSellers).where(eq(regionSellers.legalEntityId, entityId)),
      ]);
      if (Number(issued?.n ?? 0) > 0 || Number(selling?.n ?? 0) > 0) throw AppError.conflict(texts.inUse);
      await tx.delete(legalEntities).where(eq(legalEntities.id, entityId));
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'legal_entity.remove',
        targetType: 'legal_entity',
        targetId: entityId,
        before: entity,
      });
    });
    await changed(companyId);
    return read(companyId);
  }

  /** Names the seller of each listed region (null: the company itself); regions left out stay as they are. */
  async function setSellers(actor: Operator, companyId: number, input: RegionSellersUpdate) {
    const before = await read(companyId);
    const regionIds = new Set(before.regions.map((r) => r.id));
    const entityIds = new Set(before.entities.map((e) => e.id));
    const errors: Record<string, string> = {};
    const seen = new Set<number>();
    input.regions.forEach((r, i) => {
      if (!regionIds.has(r.regionId)) errors[`regions.${i}.regionId`] = texts.regionNotFound;
      else if (seen.has(r.regionId)) errors[`regions.${i}.regionId`] = texts.regionTwice;
      seen.add(r.regionId);
      if (r.legalEntityId !== null && !entityIds.has(r.legalEntityId)) errors[`regions.${i}.legalEntityId`] = texts.entityNotFound;
    });
    if (Object.keys(errors).length) throw AppError.badRequest(Object.values(errors)[0]!, errors);
    await db.transaction(async (tx) => {
      const ids = input.regions.map((r) => r.regionId);
      if (ids.length)
        await tx.delete(regionSellers).where(and(eq(regionSellers.companyId, companyId), inArray(regionSellers.regionId, ids)));
      const named = input.regions.filter((r) => r.legalEntityId !== null);
      if (named.length)
        await tx.insert(regionSellers).values(named.map((r) => ({ regionId: r.regionId, companyId, legalEntityId: r.legalEntityId! })));
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'legal_entity.sellers',
        targetType: 'company',
        targetId: companyId,
        before: before.regions.map((r) => ({ regionId: r.id, legalEntityId: r.legalEntityId })),
        after: input.regions,
      });
    });
    await changed(companyId);
    return read(companyId);
  }

  return { read, create, update, remove, setSellers };
}

export type LegalEntityAdmin = ReturnType<typeof createLegalEntityAdmin>;
