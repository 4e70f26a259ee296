import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';

/** What the accounts calls need of a customer; always looked up within one company. */
export type Account = { id: number; email: string; passwordHash: string; firstName: string; lastName: string };

const accountColumns = {
  id: customers.id,
  email: customers.email,
  passwordHash: customers.passwordHash,
  firstName: customers.firstName,
  lastName: customers.lastName,
};

/** E-mails are stored and compared lower-case (one account per mailbox and company). */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function createCustomerAccounts(db: Db) {
  async function byEmail(companyId: number, email: string): Promise<Account | undefined> {
    const [row] = await db
      .select(accountColumns)
      .from(customers)
      .where(and(eq(customers.companyId, companyId), eq(customers.email, normaliseEmail(email))))
      .limit(1);
    return row;
  }

  async function byId(companyId: number, id: number): Promise<Account | undefined> {
    const [row] = await db
      .select(accountColumns)
      .from(customers)
      .where(and(eq(customers.companyId, companyId), eq(customers.id, id)))
      .limit(1);
    return row;
  }

  /** A correct code mailed to the address, or a reset link opened from it, proves the mailbox is theirs. */
  async function markEmailVerified(tx: Db, companyId: number, id: number): Promise<void> {
    await tx
      .update(customers)
      .set({ emailVerifiedAt: sql`now()` })
      .where(and(eq(customers.companyId, companyId), eq(customers.id, id), isNull(customers.emailVerifiedAt)));
  }

  return { byEmail, byId, markEmailVerified };
}

export type CustomerAccounts = ReturnType<typeof createCustomerAccounts>;
