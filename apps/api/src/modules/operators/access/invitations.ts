import { and, eq, gt, isNull } from 'drizzle-orm';
import { accessMessages } from '@mawingu/contracts/admin/access';
import type { Db } from '../../../db/client.ts';
import { operators } from '../../../db/schema.ts';
import { sqlOf } from '../../../db/transaction-sql.ts';
import { AppError } from '../../../http/app-error.ts';
import { hashPassword } from '../../identity/index.ts';
import type { MailService } from '../../platform/index.ts';
import { recordAudit } from '../../../console/audit.ts';
import { invitationMail } from './invitation-mail.ts';
import { newLinkToken, tokenHash } from '../../../integrations/secrets/link-token.ts';

/** How long an invitation link works: long enough for a weekend, short for a forwarded mail. */
export const INVITATION_HOURS = 72;

type Invitee = { id: number; email: string; name: string; companyId: number | null };

/**
 * Operators invited by e-mail choose their own password from a one-use link (instead of one passed
 * on by phone). The link carries a random token; only its SHA-256 is stored, beside when it lapses.
 */
export function createInvitations(db: Db, mail: MailService) {
  /** Gives the operator a new link (an earlier one stops working) and mails it, inside `tx`. */
  async function send(tx: Db, invitee: Invitee, consoleOrigin: string, invitedBy: string): Promise<void> {
    const token = newLinkToken();
    await tx
      .update(operators)
      .set({
        invitationTokenHash: tokenHash(token),
        invitationExpiresAt: new Date(Date.now() + INVITATION_HOURS * 3_600_000),
        updatedAt: new Date(),
      })
      .where(eq(operators.id, invitee.id));
    const link = `${consoleOrigin}/admin/invitation/${token}`;
    await mail.enqueue(
      {
        companyId: invitee.companyId,
        to: invitee.email,
        ...invitationMail({ name: invitee.name, invitedBy, link, hours: INVITATION_HOURS }),
      },
      { db: sqlOf(tx) },
    );
  }

  /** The invited operator's password, once per link and before it lapses; a disabled operator's link is dead. */
  async function accept(token: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      const [invitee] = await tx
        .update(operators)
        .set({ passwordHash, invitationTokenHash: null, invitationExpiresAt: null, updatedAt: new Date() })
        .where(
          and(
            eq(operators.invitationTokenHash, tokenHash(token)),
            gt(operators.invitationExpiresAt, new Date()),
            isNull(operators.disabledAt),
          ),
        )
        .returning();
      if (!invitee) throw AppError.badRequest(accessMessages.invitationInvalid, { token: accessMessages.invitationInvalid });
      await recordAudit(tx, {
        actor: { operatorId: invitee.id, email: invitee.email },
        companyId: invitee.companyId,
        action: 'operator.invitation.accept',
        targetType: 'operator',
        targetId: invitee.id,
      });
    });
  }

  return { send, accept };
}

export type Invitations = ReturnType<typeof createInvitations>;

/** A password nobody knows, for an operator who has not chosen one yet (the column is required). */
export async function unusablePassword(): Promise<string> {
  return hashPassword(newLinkToken());
}
