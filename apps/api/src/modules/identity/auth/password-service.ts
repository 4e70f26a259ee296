import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Language } from '@mawingu/contracts/languages';
import { messages } from '@mawingu/contracts/messages';
import type { Db } from '../../../db/client.ts';
import { customers, passwordResets } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Tenant } from '../../tenant/index.ts';
import type { MailService } from '../../platform/index.ts';
import { passwordResetMail, userNameMail } from './account-mails.ts';
import type { AttemptCounters } from './attempt-counters.ts';
import { normaliseEmail, type CustomerAccounts } from './customer-accounts.ts';
import type { LoginGuard } from './login-guard.ts';
import { perAccount } from './limits.ts';
import { inEvenTime } from './even-time.ts';
import { hashPassword } from './passwords.ts';
import type { SessionStore } from './session-store.ts';
import { newLinkToken, tokenHash } from '../../../integrations/secrets/link-token.ts';

/** The reset link's token is 32 random bytes: a plain SHA-256 is enough to store it. */
const RESET_LINK_VALID = sql`now() + interval '1 hour'`;

/**
 * How long the forgot calls take at least, whatever the address: well above the work for a
 * registered one (a few database writes, ~30 ms quiet; 300 ms was seen on PostgreSQL with the
 * machine's load at 10, which 250 did not cover), so both replies leave together.
 */
export const EVEN_REPLY_MS = 400;

/** The link in the reset mail; the SPA's /recoverpassword page sends the token back as queryStringValue. */
export const resetLink = (websiteUrl: string, token: string) => `${websiteUrl}/recoverpassword?token=${token}`;

type Deps = {
  db: Db;
  accounts: CustomerAccounts;
  counters: AttemptCounters;
  loginGuard: (companyId: number) => LoginGuard;
  sessions: SessionStore;
  mail: MailService;
};

/**
 * Forgotten password and user name, and setting a new password from the mailed link. The first two
 * answer the same whether or not the address is registered; mails to one address are capped.
 */
export function createPasswordService({ db, accounts, counters, loginGuard, sessions, mail }: Deps) {
  /**
   * Mails a single-use link valid one hour; any older link of the customer stops working. Answers
   * in the same time for a registered address and an unknown one (EVEN_REPLY_MS).
   */
  function forgotPassword(tenant: Tenant, emailID: string, language: Language): Promise<void> {
    return inEvenTime(EVEN_REPLY_MS, async () => {
      await mailResetLink(tenant, emailID, language);
    });
  }

  /** 'capped' when the address had its last allowed link this hour (the visitor is not told; an operator is). */
  async function mailResetLink(tenant: Tenant, emailID: string, language: Language): Promise<'sent' | 'unknown' | 'capped'> {
    const account = await accounts.byEmail(tenant.id, emailID);
    // A closed account (ADR 0114) gets no link: a new password would open nothing.
    if (!account || account.closedAt) return 'unknown';
    if (!(await counters.hit({ companyId: tenant.id, scope: 'forgot-password', subject: account.email }, perAccount.forgotPassword)))
      return 'capped';
    const token = newLinkToken();
    const [reset] = await db.transaction(async (tx) => {
      await tx.delete(passwordResets).where(and(eq(passwordResets.customerId, account.id), isNull(passwordResets.usedAt)));
      return tx
        .insert(passwordResets)
        .values({ companyId: tenant.id, customerId: account.id, tokenHash: tokenHash(token), expiresAt: RESET_LINK_VALID })
        .returning({ id: passwordResets.id });
    });
    try {
      await mail.enqueue({
        companyId: tenant.id,
        to: account.email,
        ...passwordResetMail(tenant.name, resetLink(tenant.websiteUrl, token), language, account.firstName),
      });
    } catch (err) {
      await db.delete(passwordResets).where(eq(passwordResets.id, reset!.id));
      throw err;
    }
    return 'sent';
  }

  /**
   * The user name is the e-mail address the customer logs in with; answered in even time too. A
   * closed account (ADR 0114) is answered as an unknown address and mailed nothing: it logs in no more.
   */
  function forgotUserName(tenant: Tenant, emailID: string, language: Language): Promise<void> {
    return inEvenTime(EVEN_REPLY_MS, async () => {
      const account = await accounts.byEmail(tenant.id, emailID);
      if (!account || account.closedAt) return;
      if (!(await counters.hit({ companyId: tenant.id, scope: 'forgot-username', subject: account.email }, perAccount.forgotUserName)))
        return;
      await mail.enqueue({ companyId: tenant.id, to: account.email, ...userNameMail(tenant.name, account.email, language), language });
    });
  }

  /**
   * Sets the password from a valid, unused, unexpired link of this company. The link is used up in
   * the same conditional UPDATE that checks it (two tabs cannot both use it); every session of the
   * customer ends, and earlier failed logins are forgotten.
   */
  async function updatePassword(tenant: Tenant, token: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    const customerId = await db.transaction(async (tx) => {
      const [reset] = await tx
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(passwordResets.tokenHash, tokenHash(token)),
            eq(passwordResets.companyId, tenant.id),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, sql`now()`),
          ),
        )
        .returning({ customerId: passwordResets.customerId });
      if (!reset) return null;
      // The link came to the mailbox: that verifies it too.
      await tx
        .update(customers)
        .set({ passwordHash, updatedAt: sql`now()`, emailVerifiedAt: sql`coalesce(${customers.emailVerifiedAt}, now())` })
        .where(and(eq(customers.companyId, tenant.id), eq(customers.id, reset.customerId)));
      return reset.customerId;
    });
    if (customerId === null) throw AppError.badRequest((await linkProblem(tenant, token)) ?? messages.resetLinkInvalid);

    await sessions.revokeAllOf(customerId);
    const account = await accounts.byId(tenant.id, customerId);
    if (account) await loginGuard(tenant.id).forget(normaliseEmail(account.email));
  }

  /**
   * Why this company's link cannot set a password (used, expired, unknown), or null when it can. The
   * token is 32 random bytes: saying it was used tells nothing to someone who does not hold it.
   */
  async function linkProblem(tenant: Tenant, token: string): Promise<string | null> {
    const [reset] = await db
      .select({ usedAt: passwordResets.usedAt, live: sql<boolean>`${passwordResets.expiresAt} > now()` })
      .from(passwordResets)
      .where(and(eq(passwordResets.tokenHash, tokenHash(token)), eq(passwordResets.companyId, tenant.id)));
    if (!reset) return messages.resetLinkInvalid;
    if (reset.usedAt) return messages.resetLinkUsed;
    return reset.live ? null : messages.resetLinkExpired;
  }

  /** The page of the link asks first, so a used link says so instead of showing a form that can only fail. */
  async function checkLink(tenant: Tenant, token: string): Promise<void> {
    const problem = await linkProblem(tenant, token);
    if (problem) throw AppError.badRequest(problem);
  }

  return { mailResetLink, forgotPassword, forgotUserName, updatePassword, checkLink };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
