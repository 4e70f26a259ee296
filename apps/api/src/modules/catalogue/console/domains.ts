import { and, asc, eq } from 'drizzle-orm';
import { catalogueMessages as m, type DomainList } from '@mawingu/contracts/admin/catalogue';
import { toComDomain, DOMAIN_SUFFIX } from '@mawingu/contracts/domains';
import { takenDomains } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { badField } from './product-store.ts';
import type { CatalogueEditing, Who } from './catalogue-change.ts';

/** The console's taken domains, and the audit of an uploaded catalogue image. */
export function createDomainEditing({ db, config, change, audit }: CatalogueEditing) {
  // ---- domains ----

  async function listDomains(companyId: number): Promise<DomainList> {
    const rows = await db
      .select({ id: takenDomains.id, domain: takenDomains.domain })
      .from(takenDomains)
      .where(eq(takenDomains.companyId, companyId))
      .orderBy(asc(takenDomains.domain));
    return { check: config.domainCheck === 'rdap' ? 'rdap' : 'local', suffix: DOMAIN_SUFFIX, domains: rows };
  }

  async function addDomain(who: Who, name: string): Promise<{ id: number; domain: string }> {
    const domain = toComDomain(name);
    return change(
      who,
      async (tx) => {
        const [clash] = await tx
          .select({ id: takenDomains.id })
          .from(takenDomains)
          .where(and(eq(takenDomains.companyId, who.companyId), eq(takenDomains.domain, domain)));
        if (clash) throw badField('domain', m.domainTaken);
        const [row] = await tx
          .insert(takenDomains)
          .values({ companyId: who.companyId, domain })
          .returning({ id: takenDomains.id, domain: takenDomains.domain });
        await audit(tx, who, 'domain.create', 'domain', row!.id, null, row);
        return row!;
      },
      { field: 'domain', message: m.domainTaken },
    );
  }

  async function deleteDomain(who: Who, id: number): Promise<void> {
    await change(who, async (tx) => {
      const [before] = await tx
        .select({ id: takenDomains.id, domain: takenDomains.domain })
        .from(takenDomains)
        .where(and(eq(takenDomains.id, id), eq(takenDomains.companyId, who.companyId)));
      if (!before) throw AppError.notFound(m.domainNotFound);
      await tx.delete(takenDomains).where(eq(takenDomains.id, id));
      await audit(tx, who, 'domain.delete', 'domain', id, before, null);
    });
  }

  /** An uploaded catalogue image (its file row is written by the files service): audited like any change. */
  async function recordImage(who: Who, fileId: string, name: string): Promise<void> {
    await db.transaction((tx) => audit(tx, who, 'image.upload', 'file', fileId, null, { name }));
  }

  return { listDomains, addDomain, deleteDomain, recordImage };
}
