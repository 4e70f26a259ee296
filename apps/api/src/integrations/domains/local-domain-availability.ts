import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { takenDomains } from '../../db/schema.ts';
import type { DomainAvailability } from './domain-availability.ts';

/** Embedded default: a name is taken when the company's taken_domains list has it. No network. */
export function createLocalDomainAvailability(db: Db): DomainAvailability {
  return {
    kind: 'local',
    async isTaken(companyId, domain) {
      const rows = await db
        .select({ id: takenDomains.id })
        .from(takenDomains)
        .where(and(eq(takenDomains.companyId, companyId), eq(takenDomains.domain, domain)))
        .limit(1);
      return rows.length > 0;
    },
  };
}
