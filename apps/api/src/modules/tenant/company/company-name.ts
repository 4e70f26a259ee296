import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { companies } from '../../../db/schema.ts';

/** The company's name as its brand shows it, or undefined for an unknown company. */
export async function companyNameOf(db: Db, companyId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row?.name.trim() || undefined;
}
