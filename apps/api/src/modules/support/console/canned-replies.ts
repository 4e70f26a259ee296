import { and, asc, eq, sql } from 'drizzle-orm';
import { ticketsAdminMessages as texts, type CannedReply, type CannedReplyRequest } from '@mawingu/contracts/admin/tickets';
import type { Db } from '../../../db/client.ts';
import { ticketCannedReplies } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { uniqueViolation } from '../../../db/unique-violation.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';

const columns = { id: ticketCannedReplies.id, title: ticketCannedReplies.title, body: ticketCannedReplies.body };
const titleTaken = () => AppError.badRequest(texts.cannedTitleTaken, { title: texts.cannedTitleTaken });

/**
 * A company's saved replies (issue 17, point 4): managers keep them, any operator inserts one into
 * an answer and edits it before sending. Names are unique per company; every change is audited.
 */
export function createCannedReplies(db: Db) {
  async function list(companyId: number): Promise<CannedReply[]> {
    return db
      .select(columns)
      .from(ticketCannedReplies)
      .where(eq(ticketCannedReplies.companyId, companyId))
      .orderBy(asc(ticketCannedReplies.title));
  }

  async function save(actor: Operator, companyId: number, input: CannedReplyRequest, replyId?: number): Promise<CannedReply> {
    try {
      return await db.transaction(async (tx) => {
        const [row] =
          replyId === undefined
            ? await tx
                .insert(ticketCannedReplies)
                .values({ companyId, ...input })
                .returning(columns)
            : await tx
                .update(ticketCannedReplies)
                .set({ ...input, updatedAt: sql`now()` })
                .where(and(eq(ticketCannedReplies.id, replyId), eq(ticketCannedReplies.companyId, companyId)))
                .returning(columns);
        if (!row) throw AppError.notFound(texts.cannedNotFound);
        await recordAudit(tx, {
          actor,
          companyId,
          action: replyId === undefined ? 'ticket.canned_reply.create' : 'ticket.canned_reply.update',
          targetType: 'ticket_canned_reply',
          targetId: row.id,
          after: input,
        });
        return row;
      });
    } catch (err) {
      if (uniqueViolation(err) !== null) throw titleTaken();
      throw err;
    }
  }

  async function remove(actor: Operator, companyId: number, replyId: number): Promise<void> {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .delete(ticketCannedReplies)
        .where(and(eq(ticketCannedReplies.id, replyId), eq(ticketCannedReplies.companyId, companyId)))
        .returning(columns);
      if (!row) throw AppError.notFound(texts.cannedNotFound);
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'ticket.canned_reply.delete',
        targetType: 'ticket_canned_reply',
        targetId: row.id,
        before: { title: row.title },
      });
    });
  }

  return { list, save, remove };
}

export type CannedReplies = ReturnType<typeof createCannedReplies>;
