import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { companiesMessages, originTakenMessage } from '@mawingu/contracts/admin/companies';
import type { Db } from '../../../db/client.ts';
import { companyOrigins } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { normaliseOrigin } from '../../../http/tenant.ts';
import type { Tx } from './company-fields.ts';

// A company's site addresses: checked against every other company's, and read back in order.

/** Normalised origins; 409 naming the first one another company already has. */
export async function checkOrigins(executor: Db | Tx, raw: readonly string[], companyId: number | null): Promise<string[]> {
  const origins = raw.map((o) => normaliseOrigin(o));
  origins.forEach((origin, i) => {
    if (!origin) throw AppError.badRequest(companiesMessages.originInvalid, { [`origins.${i}`]: companiesMessages.originInvalid });
  });
  const list = origins as string[];
  const taken = await executor
    .select({ origin: companyOrigins.origin })
    .from(companyOrigins)
    .where(
      companyId === null
        ? inArray(companyOrigins.origin, list)
        : and(inArray(companyOrigins.origin, list), ne(companyOrigins.companyId, companyId)),
    );
  if (taken.length > 0) {
    const i = list.indexOf(taken[0]!.origin);
    const message = originTakenMessage(list[i]!);
    throw new AppError('conflict', 409, message, { [`origins.${i}`]: message });
  }
  return list;
}

export async function originsIn(executor: Db | Tx, companyId: number) {
  const rows = await executor
    .select({ origin: companyOrigins.origin })
    .from(companyOrigins)
    .where(eq(companyOrigins.companyId, companyId))
    .orderBy(asc(companyOrigins.id));
  return rows.map((r) => r.origin);
}
