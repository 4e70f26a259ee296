import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { companyOrigins } from '../../../db/schema.ts';

/** The company's first site address (no trailing slash), for links in mails; '' when it has none. */
export async function siteAddressOf(db: Db, companyId: number): Promise<string> {
  const [site] = await db
    .select({ origin: companyOrigins.origin })
    .from(companyOrigins)
    .where(eq(companyOrigins.companyId, companyId))
    .orderBy(asc(companyOrigins.id))
    .limit(1);
  return site ? site.origin.replace(/\/+$/, '') : '';
}
