import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { MailTextBody } from '@mawingu/contracts/mail-texts';
import type { Db } from '../../../db/client.ts';
import { companyMailSettings, companyMailTexts } from '../../../db/schema.ts';

export type CompanyMailRow = typeof companyMailSettings.$inferSelect;

/** `${key}/${language}` → the company's own text. */
export type OwnTexts = Map<string, MailTextBody>;
export const textSlot = (key: string, language: string) => `${key}/${language}`;

/**
 * A company's mail settings and own texts as delivery reads them: every mail reads them, so they
 * are kept per company; a change drops them on every instance (cache bus topic 'mail').
 */
export function createCompanyMailStore(db: Db, cacheTtlMs: number) {
  const ttl = Math.max(cacheTtlMs, 1);
  const cacheOn = cacheTtlMs > 0;
  const settings = new LRUCache<number, { row: CompanyMailRow | null }>({ max: 1000, ttl });
  const texts = new LRUCache<number, OwnTexts>({ max: 1000, ttl });

  async function settingsOf(companyId: number): Promise<CompanyMailRow | null> {
    const hit = cacheOn ? settings.get(companyId) : undefined;
    if (hit) return hit.row;
    const [row] = await db.select().from(companyMailSettings).where(eq(companyMailSettings.companyId, companyId)).limit(1);
    if (cacheOn) settings.set(companyId, { row: row ?? null });
    return row ?? null;
  }

  async function textsOf(companyId: number): Promise<OwnTexts> {
    const hit = cacheOn ? texts.get(companyId) : undefined;
    if (hit) return hit;
    const rows = await db.select().from(companyMailTexts).where(eq(companyMailTexts.companyId, companyId));
    const own: OwnTexts = new Map(rows.map((r) => [textSlot(r.mailKey, r.language), { subject: r.subject, body: r.body }]));
    if (cacheOn) texts.set(companyId, own);
    return own;
  }

  function dropCached(companyId?: number) {
    if (companyId === undefined) {
      settings.clear();
      texts.clear();
    } else {
      settings.delete(companyId);
      texts.delete(companyId);
    }
  }

  return { settingsOf, textsOf, dropCached };
}

export type CompanyMailStore = ReturnType<typeof createCompanyMailStore>;
