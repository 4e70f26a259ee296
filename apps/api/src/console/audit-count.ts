import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

/**
 * How many times `action` was audited on one target of a company in the last `seconds`: a limit
 * on a console action that is audited anyway (a mail to a customer) needs no counter of its own.
 * Call inside the transaction that records the next one, after taking the lock the caller uses.
 */
export async function auditedRecently(
  db: Db,
  where: { companyId: number; action: string; targetType: string; targetId: string | number },
  seconds: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.companyId, where.companyId),
        eq(auditLog.action, where.action),
        eq(auditLog.targetType, where.targetType),
        eq(auditLog.targetId, String(where.targetId)),
        gt(auditLog.at, sql`now() - (${seconds}::int * interval '1 second')`),
      ),
    );
  return Number(row?.n ?? 0);
}
