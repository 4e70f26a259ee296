import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { customers, sessions } from '../../../db/schema.ts';

/**
 * An operator's closing of a customer's account at the customer's request (ADR 0114), inside the
 * caller's transaction: the account is marked closed (the login refuses it with its own message)
 * and every session ends at once. Conditional, so of two clicks one closes it: the closed account,
 * or undefined when it was already closed (or is not this company's). The row stays: invoices,
 * orders and the audit log keep pointing at it; erasing personal data is a separate step.
 */
export async function closeAccount(tx: Db, companyId: number, customerId: number, reason: string) {
  const [changed] = await tx
    .update(customers)
    .set({ closedAt: sql`now()`, closedReason: reason, updatedAt: sql`now()` })
    .where(and(eq(customers.id, customerId), eq(customers.companyId, companyId), isNull(customers.closedAt)))
    .returning({ id: customers.id, email: customers.email, firstName: customers.firstName, language: customers.language });
  if (!changed) return undefined;
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.companyId, companyId), eq(sessions.customerId, customerId), isNull(sessions.revokedAt)));
  return changed;
}
