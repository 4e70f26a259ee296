import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { auditLog } from '../../../db/schema.ts';

/** What an erased value reads as in the audit log. */
const ERASED = '[erased]';

/**
 * Inside the caller's transaction (an erasure of a customer's personal data, ADR 0119): the audit
 * log keeps every entry (who did what, when), but the erased values written into its before/after
 * records read "[erased]": in the entries about the customer every value given (e-mail, name,
 * phone, address), in the company's other entries only the e-mail (unique to them; a name or an
 * address may be another customer's too). Values are replaced in their JSON form, so the record
 * stays valid JSON.
 */
export async function redactAuditValues(
  tx: Db,
  companyId: number,
  customer: { customerId: number; email: string; values: string[] },
): Promise<void> {
  const aboutCustomer = and(eq(auditLog.targetType, 'customer'), eq(auditLog.targetId, String(customer.customerId)));
  const values = new Set([customer.email, ...customer.values].map((v) => v.trim()).filter((v) => v.length >= 3));
  for (const value of values) {
    const inJson = sql`substr(to_json(${value}::text)::text, 2, length(to_json(${value}::text)::text) - 2)`;
    const redact = (column: typeof auditLog.before | typeof auditLog.after) => sql`replace(${column}::text, ${inJson}, ${ERASED})::jsonb`;
    const holds: SQL = or(
      sql`position(${inJson} in ${auditLog.before}::text) > 0`,
      sql`position(${inJson} in ${auditLog.after}::text) > 0`,
    )!;
    await tx
      .update(auditLog)
      .set({ before: redact(auditLog.before), after: redact(auditLog.after) })
      .where(and(eq(auditLog.companyId, companyId), holds, value === customer.email.trim() ? undefined : aboutCustomer));
  }
}
