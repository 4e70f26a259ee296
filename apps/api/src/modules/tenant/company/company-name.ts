import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { companies } from '../../../db/schema.ts';

/** The company's name as its brand shows it, or undefined for an unknown company. */
export async function companyNameOf(db: Db, companyId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row?.name.trim() || undefined;
}

/** The given companies' names as stored, by id (lists and mails that name a company beside their own rows). */
export async function companyNamesOf(db: Db, companyIds: readonly number[]): Promise<Map<number, string>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, [...new Set(companyIds)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
