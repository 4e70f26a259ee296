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
