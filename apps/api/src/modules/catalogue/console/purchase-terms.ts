import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  catalogueMessages as m,
  type CloneDurations,
  type CurrencySettings,
  type Discount,
  type TimePeriod,
} from '@mawingu/contracts/admin/catalogue';
import { CLONE_DURATIONS } from '@mawingu/contracts/vm-changes';
import type { Db } from '../../../db/client.ts';
import { categoryDiscounts, cloneDurations, products, timePeriods } from '../../../db/schema.ts';
import { setZarToUsdRate, storedZarToUsdRateOf } from '../../tenant/index.ts';
import { AppError } from '../../../http/app-error.ts';
import { badField, type Tx } from './product-store.ts';
import type { TimePeriodValues, CloneDurationValues, DiscountValues, CurrencyValues, CatalogueEditing, Who } from './catalogue-change.ts';

/** The console's purchase terms: time periods, clone durations, discounts, the currency rate. */
export function createTermsEditing({ db, config, change, audit }: CatalogueEditing) {
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
    const stored = await storedZarToUsdRateOf(reader, companyId);
    // numeric(12,6) reads "0.063000": shown as entered.
    const own = stored === null ? null : stored.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
    return { zarToUsdRate: own, serverRate: config.zarToUsdRate, effectiveRate: own ?? config.zarToUsdRate };
  }

  async function setCurrency(who: Who, input: CurrencyValues): Promise<CurrencySettings> {
    return change(who, async (tx) => {
      const before = await getCurrency(who.companyId, tx);
      await setZarToUsdRate(tx, who.companyId, input.zarToUsdRate);
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

  return {
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
  };
}
