import { and, asc, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { accessMessages, AUDIT_PAGE_SIZE, type AuditEntryRow, type AuditPage } from '@mawingu/contracts/admin/access';
import { recordAudit } from '../../../console/audit.ts';
import { exportFilename } from '../../../console/export-filename.ts';
import type { Operator } from '../../../console/operator-guard.ts';
import { AppError } from '../../../http/app-error.ts';
import { csvDocument } from '../../../http/csv.ts';
import type { Db } from '../../../db/client.ts';
import { auditLog } from '../../../db/schema.ts';
import { escapeLike } from '../../../db/like-pattern.ts';

export type AuditExportFilter = { action?: string; operator?: string; q?: string; from?: string; to?: string };
export type AuditFilter = AuditExportFilter & { page: number };

/** More than a spreadsheet handles well in one go: the operator narrows the filters instead. */
export const AUDIT_EXPORT_LIMIT = 50_000;

/** The log's filters as one condition, for a page and the CSV export alike. */
function auditCondition(companyId: number | null, filter: AuditExportFilter): SQL | undefined {
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
      or(ilike(auditLog.action, like), ilike(auditLog.targetType, like), ilike(auditLog.targetId, like), ilike(auditLog.actorEmail, like))!,
    );
  }
  if (filter.from) conditions.push(gte(auditLog.at, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) conditions.push(lt(auditLog.at, new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000)));
  return conditions.length ? and(...conditions) : undefined;
}

/** The audit log, newest first, a page at a time; one company's entries or (owner) all. */
export function createAuditReader(db: Db) {
  async function search(companyId: number | null, filter: AuditFilter): Promise<AuditPage> {
    const where = auditCondition(companyId, filter);
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

  /** Every entry the filters select, oldest first, as CSV (before/after as JSON); the export itself is audited. */
  async function exportCsv(actor: Operator, companyId: number | null, filter: AuditExportFilter) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(auditCondition(companyId, filter))
      .orderBy(asc(auditLog.at), asc(auditLog.id))
      .limit(AUDIT_EXPORT_LIMIT + 1);
    if (rows.length > AUDIT_EXPORT_LIMIT)
      throw AppError.badRequest(accessMessages.auditExportTooLarge, { from: accessMessages.auditExportTooLarge });
    const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
    const body = csvDocument(
      ['at', 'actor', 'operator_id', 'company_id', 'action', 'target_type', 'target_id', 'reason', 'before', 'after'],
      rows.map((r) => [
        r.at.toISOString(),
        r.actorEmail,
        r.operatorId,
        r.companyId,
        r.action,
        r.targetType,
        r.targetId,
        r.reason,
        json(r.before),
        json(r.after),
      ]),
    );
    await recordAudit(db, {
      actor,
      companyId,
      action: 'audit.export',
      targetType: 'audit_log',
      targetId: companyId ?? 'all',
      after: { rows: rows.length, ...filter },
    });
    return { filename: await exportFilename(db, companyId, 'audit-log'), body, rows: rows.length };
  }

  return { search, exportCsv };
}
