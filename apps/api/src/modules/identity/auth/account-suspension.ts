import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { customers, sessions } from '../../../db/schema.ts';

/**
 * An operator's suspension of a customer's account, inside the caller's transaction: the account
 * is marked (the login refuses it) and every session ends at once (the next call with its token is
 * a 401, its refresh token is refused). Conditional on the current value, so of two clicks one
 * changes it: the changed account, or undefined when it was already so (or is not this company's).
 */
export async function suspendAccount(tx: Db, companyId: number, customerId: number, reason: string) {
  const [changed] = await tx
    .update(customers)
    .set({ suspendedAt: sql`now()`, suspendedReason: reason, updatedAt: sql`now()` })
    .where(and(eq(customers.id, customerId), eq(customers.companyId, companyId), isNull(customers.suspendedAt)))
    .returning(changedColumns);
  if (!changed) return undefined;
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.companyId, companyId), eq(sessions.customerId, customerId), isNull(sessions.revokedAt)));
  return changed;
}

/** Lifts the suspension; the customer logs in again as usual (no session is given back). */
export async function reactivateAccount(tx: Db, companyId: number, customerId: number) {
  const [changed] = await tx
    .update(customers)
    .set({ suspendedAt: null, suspendedReason: null, updatedAt: sql`now()` })
    .where(and(eq(customers.id, customerId), eq(customers.companyId, companyId), isNotNull(customers.suspendedAt)))
    .returning(changedColumns);
  return changed;
}

const changedColumns = {
  id: customers.id,
  email: customers.email,
  firstName: customers.firstName,
  language: customers.language,
  suspendedReason: customers.suspendedReason,
};
