import { eq } from 'drizzle-orm';
import { adminMessages } from '@mawingu/contracts/admin/admin-messages';
import { writtenTexts, type SiteTexts } from '@mawingu/contracts/site-texts';
import type { Db } from '../../../db/client.ts';
import { companies } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { CacheBus } from '../../../cache/cache-bus.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';

/**
 * The site texts a brand writes (issue 17, point 1): stored on the company as written (empty ones
 * dropped, so the site's own wording shows), audited, and the site's cached configuration dropped
 * on every instance so visitors see them at once.
 */
export function createSiteTexts(deps: { db: Db; caches: Pick<CacheBus, 'invalidate'> }) {
  const { db, caches } = deps;

  async function read(companyId: number): Promise<SiteTexts> {
    const [row] = await db.select({ texts: companies.siteTexts }).from(companies).where(eq(companies.id, companyId)).limit(1);
    if (!row) throw AppError.notFound(adminMessages.companyNotFound);
    return row.texts;
  }

  async function save(actor: Operator, companyId: number, texts: SiteTexts): Promise<SiteTexts> {
    const written = writtenTexts(texts);
    const before = await read(companyId);
    await db.transaction(async (tx) => {
      await tx.update(companies).set({ siteTexts: written, updatedAt: new Date() }).where(eq(companies.id, companyId));
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'company.site_texts.update',
        targetType: 'company',
        targetId: companyId,
        before,
        after: written,
      });
    });
    await caches.invalidate('company', companyId);
    return written;
  }

  return { read, save };
}
