import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { idsInUse } from '../../../db/ids-in-use.ts';
import { companies } from '../../../db/schema.ts';

/**
 * Single company settings other domains act on, read (and the rate written) here, by the domain
 * that owns `companies`: the Meraki maintenance switch and the company's own ZAR→USD rate.
 */

/** Whether the company has public-IP maintenance on (runMerakiScript): assignments wait. */
export async function publicIpMaintenanceOf(db: Pick<Db, 'select'>, companyId: number): Promise<boolean> {
  const [row] = await db.select({ flag: companies.runMerakiScript }).from(companies).where(eq(companies.id, companyId));
  return row?.flag ?? false;
}

/** The company's own ZAR→USD rate as stored (numeric(12,6), e.g. "0.063000"), or null. */
export async function storedZarToUsdRateOf(db: Pick<Db, 'select'>, companyId: number): Promise<string | null> {
  const [row] = await db.select({ rate: companies.zarToUsdRate }).from(companies).where(eq(companies.id, companyId));
  return row?.rate ?? null;
}

/** Sets (or clears, with null) the company's own ZAR→USD rate; the caller audits it in the same transaction. */
export async function setZarToUsdRate(tx: Pick<Db, 'update'>, companyId: number, rate: string | null): Promise<void> {
  await tx.update(companies).set({ zarToUsdRate: rate }).where(eq(companies.id, companyId));
}

/** The company's brand colour as stored (e.g. "#1b4f8a"), or undefined for an unknown company: documents print their accent in it. */
export async function brandColorOf(db: Pick<Db, 'select'>, companyId: number): Promise<string | undefined> {
  const [row] = await db.select({ color: companies.brandColor }).from(companies).where(eq(companies.id, companyId));
  return row?.color;
}

/**
 * Each company's grace period (days an expired VM waits before it is archived), for these companies
 * or, without ids, for every company: one query, for the expiry pass's whole batch.
 */
export async function expiryGraceDaysOf(db: Pick<Db, 'select'>, companyIds?: readonly number[]): Promise<Map<number, number>> {
  if (companyIds?.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, days: companies.expiryGraceDays })
    .from(companies)
    .where(companyIds ? inArray(companies.id, [...new Set(companyIds)]) : undefined);
  return new Map(rows.map((r) => [r.id, r.days]));
}

/** Which of these regions is a company's home region (the console's catalogue keeps such a region). */
export function homeRegionsAmong(db: Pick<Db, 'select'>, regionIds: readonly number[]): Promise<Set<number>> {
  return idsInUse(db, companies.homeRegionId, regionIds);
}
