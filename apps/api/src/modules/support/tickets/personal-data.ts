import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { ticketAttachments, ticketNotes, ticketResponses, tickets } from '../../../db/schema.ts';
import type { PersonalRows } from '../../identity/index.ts';

/** What a ticket's texts become when the customer's personal data is erased (ADR 0119). */
export const ERASED_TEXT = '[erased]';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The customer's tickets and every message of their conversations (operators' internal notes are not the customer's: left out). */
export async function ticketsPersonalData(db: Db, companyId: number, customerId: number): Promise<Record<string, PersonalRows>> {
  const rows = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.customerId, customerId)))
    .orderBy(asc(tickets.createdAt));
  const ids = rows.map((t) => t.id);
  const messages = ids.length
    ? await db.select().from(ticketResponses).where(inArray(ticketResponses.ticketId, ids)).orderBy(asc(ticketResponses.createdAt))
    : [];
  return {
    tickets: rows.map((t) => ({
      id: t.id,
      issueType: t.issueType,
      description: t.description,
      status: t.status,
      createdAt: iso(t.createdAt),
    })),
    ticketMessages: messages.map((r) => ({
      ticketId: r.ticketId,
      author: r.author,
      by: r.answeredBy,
      text: r.response,
      status: r.status,
      createdAt: iso(r.createdAt),
    })),
  };
}

/**
 * Inside the caller's transaction: every text of the customer's tickets (theirs and the operators'
 * answers, which quote and address them) and the internal notes on them become "[erased]"; the
 * tickets keep their issue type, status and dates. Gives the attachments' file ids (rows deleted
 * here, bytes by the caller after the commit).
 */
export async function eraseTicketTexts(tx: Db, companyId: number, customerId: number): Promise<string[]> {
  const rows = await tx
    .update(tickets)
    .set({ description: ERASED_TEXT })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.customerId, customerId)))
    .returning({ id: tickets.id });
  const ids = rows.map((t) => t.id);
  if (ids.length === 0) return [];
  await tx.update(ticketResponses).set({ response: ERASED_TEXT }).where(inArray(ticketResponses.ticketId, ids));
  await tx
    .update(ticketResponses)
    .set({ answeredBy: 'customer' })
    .where(and(inArray(ticketResponses.ticketId, ids), eq(ticketResponses.author, 'customer')));
  await tx.update(ticketNotes).set({ note: ERASED_TEXT }).where(inArray(ticketNotes.ticketId, ids));
  const attachments = await tx
    .delete(ticketAttachments)
    .where(inArray(ticketAttachments.ticketId, ids))
    .returning({ fileId: ticketAttachments.fileId });
  return attachments.map((a) => a.fileId);
}
