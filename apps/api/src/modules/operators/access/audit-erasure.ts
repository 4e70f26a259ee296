import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { auditLog } from '../../../db/schema.ts';

/** What an erased value reads as in the audit log. */
const ERASED = '[erased]';

/**
 * Inside the caller's transaction (an erasure of a customer's personal data, ADR 0119): the audit
 * log keeps every entry (who did what, when), but the erased values written into its before/after
 * records (the customer's e-mail, name, phone) read "[erased]". Values are replaced in their JSON
 * form, so the record stays valid JSON.
 */
export async function redactAuditValues(tx: Db, companyId: number, values: string[]): Promise<void> {
  for (const value of new Set(values.map((v) => v.trim()).filter((v) => v.length >= 3))) {
    const inJson = sql`substr(to_json(${value}::text)::text, 2, length(to_json(${value}::text)::text) - 2)`;
    const redact = (column: typeof auditLog.before | typeof auditLog.after) => sql`replace(${column}::text, ${inJson}, ${ERASED})::jsonb`;
    await tx
      .update(auditLog)
      .set({ before: redact(auditLog.before), after: redact(auditLog.after) })
      .where(
        and(
          eq(auditLog.companyId, companyId),
          or(sql`position(${inJson} in ${auditLog.before}::text) > 0`, sql`position(${inJson} in ${auditLog.after}::text) > 0`),
        ),
      );
  }
}
