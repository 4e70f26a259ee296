import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies } from '../db/schema.ts';
import { csvFilename } from '../http/csv.ts';

/** The name an export is saved under: what, the company's slug (or "all" across companies), the day. */
export async function exportFilename(db: Db, companyId: number | null, what: string): Promise<string> {
  if (companyId === null) return csvFilename(what, undefined);
  const [company] = await db.select({ slug: companies.slug }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return csvFilename(what, company?.slug ?? String(companyId));
}
