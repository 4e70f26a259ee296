import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, type AuditEntryRow, type AuditPage } from '@mawingu/contracts/admin/access';
import type { Db } from '../../../db/client.ts';
import { auditLog } from '../../../db/schema.ts';

export type AuditFilter = { action?: string; operator?: string; q?: string; from?: string; to?: string; page: number };

function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The audit log, newest first, a page at a time; one company's entries or (owner) all. */
export function createAuditReader(db: Db) {
  async function search(companyId: number | null, filter: AuditFilter): Promise<AuditPage> {
    const conditions: SQL[] = [];
    if (companyId !== null) conditions.push(eq(auditLog.companyId, companyId));
    if (filter.action) conditions.push(ilike(auditLog.action, `${escapeLike(filter.action)}%`));
    if (filter.operator) {
      conditions.push(
        /^\d+$/.test(filter.operator)
          ? eq(auditLog.operatorId, Number(filter.operator))
          : ilike(auditLog.actorEmail, `%${escapeLike(filter.operator)}%`),
      );
    }
    if (filter.q) {
      const like = `%${escapeLike(filter.q)}%`;
      conditions.push(
        or(
          ilike(auditLog.action, like),
          ilike(auditLog.targetType, like),
          ilike(auditLog.targetId, like),
          ilike(auditLog.actorEmail, like),
        )!,
      );
    }
    if (filter.from) conditions.push(gte(auditLog.at, new Date(`${filter.from}T00:00:00Z`)));
    if (filter.to) conditions.push(lt(auditLog.at, new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000)));
    const where = conditions.length ? and(...conditions) : undefined;
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(auditLog).where(where);
    const rows = await db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((filter.page - 1) * AUDIT_PAGE_SIZE);
    const items: AuditEntryRow[] = rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      operatorId: r.operatorId,
      actorEmail: r.actorEmail,
      companyId: r.companyId,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      before: r.before,
      after: r.after,
      reason: r.reason,
    }));
    return { items, total: Number(total), page: filter.page, pageSize: AUDIT_PAGE_SIZE };
  }

  return { search };
}
