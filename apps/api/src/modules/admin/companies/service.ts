import { asc, eq } from 'drizzle-orm';
import type { ConsoleCompany } from '@mawingu/contracts/admin/companies';
import type { Db } from '../../../db/client.ts';
import { companies } from '../../../db/schema.ts';
import type { Operator } from '../operator-guard.ts';

/** Companies (white label) in the console (issue 7, point 2). */
export function createCompaniesService(db: Db) {
  /** The owner sees every company; an admin or support operator only their own. */
  async function list(operator: Operator): Promise<ConsoleCompany[]> {
    const query = db.select({ id: companies.id, name: companies.name, slug: companies.slug }).from(companies);
    if (operator.role === 'owner') return query.orderBy(asc(companies.name), asc(companies.id));
    if (operator.companyId === null) return [];
    return query.where(eq(companies.id, operator.companyId));
  }

  return { list };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
