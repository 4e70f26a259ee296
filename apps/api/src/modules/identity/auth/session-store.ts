import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { messages } from '@mawingu/contracts/messages';
import type { Db } from '../../../db/client.ts';
import { sessions, supportSessions } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { AccessTokens } from './access-tokens.ts';
import { newLinkToken, tokenHash } from '../../../integrations/secrets/link-token.ts';

export type IssuedSession = { token: string; refreshToken: string; sessionId: string; customerId: number };

/** An operator's support session ("log in as", ADR 0118): its row, and when it ends whatever the refreshes. */
type SupportMark = { id: number; expiresAt: Date };

/**
 * Sessions as refresh-token families. A login starts a family; each refresh retires its token and
 * issues the next in one conditional UPDATE (two racing refreshes cannot both win). A retired token
 * presented again within REUSE_GRACE_SECONDS of its retirement is a retry (two tabs refreshing at
 * once, a reply lost on the way): it gets another valid pair of the same family. Later, it means
 * the token was stolen or replayed: the whole family is revoked.
 */
export const REUSE_GRACE_SECONDS = 30;

export function createSessionStore(db: Db, accessTokens: AccessTokens, refreshTtlDays: number) {
  const expiry = () => new Date(Date.now() + refreshTtlDays * 86_400_000);

  async function issue(companyId: number, customerId: number, familyId: string, support?: SupportMark): Promise<IssuedSession> {
    const refreshToken = newLinkToken();
    const id = randomUUID();
    const expiresAt = support ? support.expiresAt : expiry();
    await db.insert(sessions).values({ id, familyId, companyId, customerId, tokenHash: tokenHash(refreshToken), expiresAt });
    const supportClaim = support ? { supportSessionId: support.id } : {};
    const token = await accessTokens.sign({ customerId, companyId, sessionId: id, ...supportClaim });
    return { token, refreshToken, sessionId: id, customerId };
  }

  /** The support session a family is, if any: its refreshes keep the mark and the end time. */
  async function supportOf(familyId: string): Promise<SupportMark | undefined> {
    const [row] = await db
      .select({ id: supportSessions.id, expiresAt: supportSessions.expiresAt })
      .from(supportSessions)
      .where(eq(supportSessions.familyId, familyId))
      .limit(1);
    return row;
  }

  /** Starts an operator's support session for a customer (ADR 0118): a family of its own, marked, ending at `support.expiresAt`. */
  async function startSupport(companyId: number, customerId: number, support: SupportMark, familyId: string): Promise<IssuedSession> {
    return issue(companyId, customerId, familyId, support);
  }

  /** Starts a new session (after a correct one-time code). */
  function start(companyId: number, customerId: number): Promise<IssuedSession> {
    return issue(companyId, customerId, randomUUID());
  }

  /** Exchanges a refresh token of this company for a new pair; 401 when it is unknown, expired or revoked. */
  async function rotate(companyId: number, refreshToken: string): Promise<IssuedSession> {
    const hashed = tokenHash(refreshToken);
    const [current] = await db
      .update(sessions)
      .set({ rotatedAt: sql`now()` })
      .where(
        and(
          eq(sessions.tokenHash, hashed),
          eq(sessions.companyId, companyId),
          isNull(sessions.rotatedAt),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (current) return issue(current.companyId, current.customerId, current.familyId, await supportOf(current.familyId));

    // Retired moments ago, and the family still stands: the same client asking again.
    const [retry] = await db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.tokenHash, hashed),
          eq(sessions.companyId, companyId),
          gt(sessions.rotatedAt, sql`now() - (${REUSE_GRACE_SECONDS}::int * interval '1 second')`),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      )
      .limit(1);
    if (retry) return issue(retry.companyId, retry.customerId, retry.familyId, await supportOf(retry.familyId));

    const [seen] = await db.select().from(sessions).where(eq(sessions.tokenHash, hashed)).limit(1);
    if (seen?.rotatedAt && !seen.revokedAt) await revokeFamily(seen.familyId);
    throw new AppError('session_expired', 401, messages.sessionExpired);
  }

  async function revokeFamily(familyId: string, tx: Pick<Db, 'update'> = db): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
  }

  /** Logout: ends the family the access token's session belongs to. */
  async function revoke(sessionId: string): Promise<void> {
    const [row] = await db.select({ familyId: sessions.familyId }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
    if (row) await revokeFamily(row.familyId);
  }

  /**
   * Logout with only the refresh token (the access token had already expired): ends its family,
   * so a stale tab cannot leave a 30-day token alive. Unknown tokens are ignored.
   */
  async function revokeByRefreshToken(companyId: number, refreshToken: string): Promise<void> {
    const [row] = await db
      .select({ familyId: sessions.familyId })
      .from(sessions)
      .where(and(eq(sessions.tokenHash, tokenHash(refreshToken)), eq(sessions.companyId, companyId)))
      .limit(1);
    if (row) await revokeFamily(row.familyId);
  }

  /** Whether an access token's session still stands (logout and reuse revoke it at once). */
  async function isActive(sessionId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
      .limit(1);
    return Boolean(row);
  }

  /** Ends every session of a customer (after a password change). */
  async function revokeAllOf(customerId: number): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt)));
  }

  return { start, startSupport, rotate, revoke, revokeByRefreshToken, revokeFamily, isActive, revokeAllOf };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
