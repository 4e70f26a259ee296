import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { isLanguage, type Language } from '@mawingu/contracts/languages';
import type { Db } from '../../../db/client.ts';
import { customers } from '../../../db/schema.ts';

/** What the accounts calls need of a customer; always looked up within one company. */
export type Account = {
  id: number;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  language: Language;
  /** Set while an operator has the account suspended: no login, no session. */
  suspendedAt: Date | null;
  /** Set once an operator closed the account (ADR 0114): no login, no session. */
  closedAt: Date | null;
};

const accountColumns = {
  id: customers.id,
  email: customers.email,
  passwordHash: customers.passwordHash,
  firstName: customers.firstName,
  lastName: customers.lastName,
  language: customers.language,
  suspendedAt: customers.suspendedAt,
  closedAt: customers.closedAt,
};

/** A stored language the site no longer offers reads as English. */
const withLanguage = <T extends { language: string }>(row: T | undefined) =>
  row && { ...row, language: isLanguage(row.language) ? row.language : ('en' as const) };

/** E-mails are stored and compared lower-case (one account per mailbox and company). */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function createCustomerAccounts(db: Db) {
  async function byEmail(companyId: number, email: string): Promise<Account | undefined> {
    const [row] = await db
      .select(accountColumns)
      .from(customers)
      .where(and(eq(customers.companyId, companyId), eq(customers.email, normaliseEmail(email))))
      .limit(1);
    return withLanguage(row);
  }

  async function byId(companyId: number, id: number): Promise<Account | undefined> {
    const [row] = await db
      .select(accountColumns)
      .from(customers)
      .where(and(eq(customers.companyId, companyId), eq(customers.id, id)))
      .limit(1);
    return withLanguage(row);
  }

  /** A correct code mailed to the address, or a reset link opened from it, proves the mailbox is theirs. */
  async function markEmailVerified(tx: Db, companyId: number, id: number): Promise<void> {
    await tx
      .update(customers)
      .set({ emailVerifiedAt: sql`now()` })
      .where(and(eq(customers.companyId, companyId), eq(customers.id, id), isNull(customers.emailVerifiedAt)));
  }

  /** The language the customer last used the site in: later mails are written in it. */
  async function useLanguage(companyId: number, id: number, language: Language): Promise<void> {
    await db
      .update(customers)
      .set({ language })
      .where(and(eq(customers.companyId, companyId), eq(customers.id, id), ne(customers.language, language)));
  }

  return { byEmail, byId, markEmailVerified, useLanguage };
}

export type CustomerAccounts = ReturnType<typeof createCustomerAccounts>;
