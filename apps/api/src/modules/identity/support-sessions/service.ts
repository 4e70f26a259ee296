import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { messages } from '@mawingu/contracts/messages';
import type { SupportSessionBanner, SupportSessionExchangeReply } from '@mawingu/contracts/support-session';
import type { Db } from '../../../db/client.ts';
import { supportSessions } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { newLinkToken, tokenHash } from '../../../integrations/secrets/link-token.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { AccessClaims } from '../auth/access-tokens.ts';
import { createCustomerAccounts } from '../auth/customer-accounts.ts';
import type { SessionStore } from '../auth/session-store.ts';

/** How long an operator's support session lasts, whatever the refreshes (ADR 0118). */
export const SUPPORT_SESSION_MINUTES = 30;
/** How long the console's link may wait before the customer's site exchanges it. */
export const HANDOFF_SECONDS = 60;

export type SupportOperator = { operatorId: number; email: string; name: string };

export type OpenedSupportSession = { id: number; handoff: string; handoffExpiresAt: Date; expiresAt: Date };

type Deps = { db: Db; sessions: SessionStore; accessTokenTtlSeconds: number };

/**
 * An operator's "log in as" a customer (issue 17, point 2; ADR 0118). The console opens one (the
 * caller checked the operator's company and the customer, and audits the start in its transaction);
 * the customer's site exchanges its one-use handoff for a session marked as the operator's; the
 * banner's End (or the logout) ends it, audited.
 */
export function createSupportSessions({ db, sessions, accessTokenTtlSeconds }: Deps) {
  const accounts = createCustomerAccounts(db);

  /** Records a support session and gives its handoff (the token itself is nowhere stored). */
  async function open(tx: Db, input: { companyId: number; customerId: number; operator: SupportOperator; reason: string }) {
    const handoff = newLinkToken();
    const now = Date.now();
    const handoffExpiresAt = new Date(now + HANDOFF_SECONDS * 1000);
    const expiresAt = new Date(now + SUPPORT_SESSION_MINUTES * 60_000);
    const [row] = await tx
      .insert(supportSessions)
      .values({
        companyId: input.companyId,
        customerId: input.customerId,
        operatorId: input.operator.operatorId,
        operatorEmail: input.operator.email,
        operatorName: input.operator.name,
        reason: input.reason,
        handoffHash: tokenHash(handoff),
        handoffExpiresAt,
        expiresAt,
      })
      .returning({ id: supportSessions.id });
    return { id: row!.id, handoff, handoffExpiresAt, expiresAt } satisfies OpenedSupportSession;
  }

  /** The handoff → the session, once, within its minute, on the customer's company's site only. */
  async function exchange(companyId: number, handoff: string): Promise<SupportSessionExchangeReply> {
    const familyId = randomUUID();
    const [claimed] = await db
      .update(supportSessions)
      .set({ familyId })
      .where(
        and(
          eq(supportSessions.handoffHash, tokenHash(handoff)),
          eq(supportSessions.companyId, companyId),
          isNull(supportSessions.familyId),
          isNull(supportSessions.endedAt),
          gt(supportSessions.handoffExpiresAt, sql`now()`),
        ),
      )
      .returning();
    const account = claimed && (await accounts.byId(companyId, claimed.customerId));
    if (!claimed || !account || account.suspendedAt || account.closedAt)
      throw new AppError('support_link_invalid', 401, messages.supportSessionLinkInvalid);
    const session = await sessions.startSupport(companyId, claimed.customerId, { id: claimed.id, expiresAt: claimed.expiresAt }, familyId);
    return {
      userData: {
        token: session.token,
        refreshToken: session.refreshToken,
        userDetail: {
          FirstName: account.firstName,
          LastName: account.lastName,
          AccessTokenMaxAge: accessTokenTtlSeconds,
          emailID: account.email,
        },
      },
      supportSession: bannerOf(account, claimed),
    };
  }

  function bannerOf(
    account: { firstName: string; lastName: string },
    row: { operatorName: string; expiresAt: Date },
  ): SupportSessionBanner {
    return {
      customerName: `${account.firstName} ${account.lastName}`.trim(),
      operatorName: row.operatorName,
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  async function rowOf(claims: AccessClaims) {
    if (claims.supportSessionId === undefined) return undefined;
    const [row] = await db
      .select()
      .from(supportSessions)
      .where(
        and(
          eq(supportSessions.id, claims.supportSessionId),
          eq(supportSessions.companyId, claims.companyId),
          eq(supportSessions.customerId, claims.customerId),
        ),
      )
      .limit(1);
    return row;
  }

  /** The banner of the calling session; null for the customer's own. */
  async function current(claims: AccessClaims): Promise<SupportSessionBanner | null> {
    const row = await rowOf(claims);
    if (!row || row.endedAt) return null;
    const account = await accounts.byId(claims.companyId, claims.customerId);
    return account ? bannerOf(account, row) : null;
  }

  /** Ends the calling support session: every token of it stops at once; audited once (customer.support-session.end). */
  async function end(claims: AccessClaims): Promise<boolean> {
    const row = await rowOf(claims);
    if (!row) return false;
    return db.transaction(async (tx) => {
      const [ended] = await tx
        .update(supportSessions)
        .set({ endedAt: sql`now()` })
        .where(and(eq(supportSessions.id, row.id), isNull(supportSessions.endedAt)))
        .returning({ id: supportSessions.id });
      if (row.familyId) await sessions.revokeFamily(row.familyId, tx);
      if (!ended) return false;
      await recordAudit(tx, {
        actor: row.operatorId === null ? null : { operatorId: row.operatorId, email: row.operatorEmail },
        companyId: row.companyId,
        action: 'customer.support-session.end',
        targetType: 'customer',
        targetId: row.customerId,
        after: { supportSessionId: row.id },
      });
      return true;
    });
  }

  return { open, exchange, current, end };
}

export type SupportSessions = ReturnType<typeof createSupportSessions>;
