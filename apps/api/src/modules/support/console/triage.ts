import { and, asc, eq } from 'drizzle-orm';
import { ticketsAdminMessages as texts, type AddTicketNoteRequest, type UpdateTicketRequest } from '@mawingu/contracts/admin/tickets';
import { messages } from '@mawingu/contracts/messages';
import type { Db } from '../../../db/client.ts';
import { ticketNotes, tickets } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';
import { companyOperators } from '../../operators/index.ts';

/**
 * Support past one person (issue 17, point 4): priority, assignment to an operator of the same
 * company, and internal notes. Notes live in their own table, which no customer-side read joins,
 * so they cannot reach a customer's page, mail or API answer. Every change is audited.
 */
export function createTicketTriage(db: Db) {
  async function ownedTicket(companyId: number, ticketId: number) {
    const [row] = await db
      .select({ id: tickets.id, priority: tickets.priority, assignedOperatorId: tickets.assignedOperatorId })
      .from(tickets)
      .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, companyId)))
      .limit(1);
    if (!row) throw AppError.notFound(messages.ticketNotFound);
    return row;
  }

  async function update(actor: Operator, companyId: number, ticketId: number, input: UpdateTicketRequest) {
    const before = await ownedTicket(companyId, ticketId);
    const assignable = await companyOperators(db, companyId);
    if (input.assignedOperatorId != null && !assignable.some((o) => o.id === input.assignedOperatorId)) {
      throw AppError.badRequest(texts.assigneeInvalid, { assignedOperatorId: texts.assigneeInvalid });
    }
    const change = {
      ...(input.priority !== undefined ? { priority: input.priority } : {}),
      ...(input.assignedOperatorId !== undefined ? { assignedOperatorId: input.assignedOperatorId } : {}),
    };
    return db.transaction(async (tx) => {
      await tx.update(tickets).set(change).where(eq(tickets.id, ticketId));
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'ticket.update',
        targetType: 'ticket',
        targetId: ticketId,
        before: { priority: before.priority, assignedOperatorId: before.assignedOperatorId },
        after: change,
      });
      const after = { ...before, ...change };
      return {
        ticketId,
        priority: after.priority,
        assignee: assignable.find((o) => o.id === after.assignedOperatorId) ?? null,
      };
    });
  }

  async function addNote(actor: Operator, companyId: number, ticketId: number, input: AddTicketNoteRequest) {
    await ownedTicket(companyId, ticketId);
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(ticketNotes)
        .values({ ticketId, note: input.note, writtenBy: actor.name || actor.email })
        .returning();
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'ticket.note',
        targetType: 'ticket',
        targetId: ticketId,
        after: { noteId: row!.id, note: row!.note },
      });
      return { noteId: row!.id, note: row!.note, writtenBy: row!.writtenBy, createdAt: row!.createdAt.toISOString() };
    });
  }

  async function notesOf(ticketId: number) {
    const rows = await db
      .select()
      .from(ticketNotes)
      .where(eq(ticketNotes.ticketId, ticketId))
      .orderBy(asc(ticketNotes.createdAt), asc(ticketNotes.id));
    return rows.map((r) => ({ noteId: r.id, note: r.note, writtenBy: r.writtenBy, createdAt: r.createdAt.toISOString() }));
  }

  return { update, addNote, notesOf, assignable: (companyId: number) => companyOperators(db, companyId) };
}

export type TicketTriage = ReturnType<typeof createTicketTriage>;
