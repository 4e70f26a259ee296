import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import type { Operator } from './operator-guard.ts';

export type AuditEntry = {
  /** The operator who acted; null for the system (e.g. a gateway's verified payment). */
  actor: Pick<Operator, 'operatorId' | 'email'> | null;
  companyId: number | null;
  /** Dotted verb, e.g. "company.update", "vm.block", "order.reconcile". */
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
  reason?: string;
};

/**
 * Writes one audit entry. Pass the transaction that makes the change, so the entry exists exactly
 * when the change does. Secrets never go in: callers pass redacted records.
 */
export async function recordAudit(db: Pick<Db, 'insert'>, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    operatorId: entry.actor?.operatorId ?? null,
    actorEmail: entry.actor?.email ?? 'system',
    companyId: entry.companyId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  });
}

/** How often an action was taken on one target of a company since a moment: a cap on what operators may repeat (mails to a customer). */
export async function auditedSince(
  db: Pick<Db, 'select'>,
  where: { companyId: number; action: string; targetId: string | number; since: Date },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.companyId, where.companyId),
        eq(auditLog.action, where.action),
        eq(auditLog.targetId, String(where.targetId)),
        gt(auditLog.at, where.since),
      ),
    );
  return Number(row?.n ?? 0);
}
