import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { isLanguage } from '@mawingu/contracts/languages';
import { fill, messages } from '@mawingu/contracts/messages';
import {
  answerTicketInput,
  type AnswerTicketInput,
  type GenerateTicketFields,
  type TicketAttachment,
  type TicketDetail,
  type TicketIssueType,
  type TicketMessage,
  type TicketSummary,
} from '@mawingu/contracts/tickets';
import type { Db } from '../../../db/client.ts';
import { ticketAttachments, ticketIssueTypes, ticketResponses, tickets } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { sqlOf } from '../../../db/transaction-sql.ts';
import { companyNamesOf, siteAddressOf, type FileService } from '../../tenant/index.ts';
import type { MailService } from '../../platform/index.ts';
import { customerProfileOf, type NotificationService } from '../../identity/index.ts';
import { ticketAnsweredMail } from './ticket-mails.ts';
import type { AlertOperators } from './operator-alerts.ts';

/** A file received with a ticket, already within the limits (count and size are checked on receipt). */
export type Upload = { fileName: string; contentType: string; bytes: Buffer };

/** Where the owner downloads a ticket's file (never a public URL). */
export const attachmentUrl = (fileId: string) => `/api/ticket/attachment/${fileId}`;

/** The text under the customer's bell when an operator answers. */
export const answeredNotice = (ticketId: number, issueType: string, status: string) =>
  fill(messages.ticketAnswered, { id: String(ticketId), issueType, status });

/** What an answer wrote, for the caller (and its audit entry). */
export type AnsweredTicket = {
  ticketID: number;
  responseID: number;
  companyId: number;
  customerId: number;
  previousStatus: string;
  status: string;
  notice: string;
  attachments: { fileId: string; name: string }[];
};

export type AnswerOptions = {
  /** Limits an operator to one company's tickets (another company's ticket is a 404). */
  companyId?: number;
  /** Files the operator attaches, already within the limits and of an accepted type. */
  uploads?: Upload[];
  /** Runs inside the answer's transaction (the console writes its audit entry here). */
  within?: (tx: Db, answered: AnsweredTicket) => Promise<void>;
};

/**
 * Support tickets: customers raise them with up to four files and read the first answer; operators
 * answer them (the operator console, or the ticket:answer CLI) and the customer is notified and
 * e-mailed in the same transaction. A ticket is only ever read with both its company and its customer.
 */
export function createTicketService(
  db: Db,
  deps: { files: FileService; notifications: NotificationService; mail: Pick<MailService, 'enqueue'>; alertOperators: AlertOperators },
) {
  const { files, notifications, mail, alertOperators } = deps;

  async function issueTypes(companyId: number): Promise<TicketIssueType[]> {
    return db
      .select({ issueName: ticketIssueTypes.issueName })
      .from(ticketIssueTypes)
      .where(eq(ticketIssueTypes.companyId, companyId))
      .orderBy(asc(ticketIssueTypes.sortOrder), asc(ticketIssueTypes.id));
  }

  /**
   * Stores the files, then the ticket and its attachment rows in one transaction. If anything
   * fails the stored files are removed again: a failed submission leaves nothing behind.
   */
  async function raise(companyId: number, customerId: number, fields: GenerateTicketFields, uploads: Upload[]): Promise<number> {
    const known = (await issueTypes(companyId)).find((t) => t.issueName.toLowerCase() === fields.issueType.toLowerCase());
    if (!known) throw AppError.badRequest(messages.issueTypeRequired, { issueType: messages.issueTypeRequired });

    const stored: string[] = [];
    try {
      for (const upload of uploads) {
        const row = await files.save({
          companyId,
          kind: 'ticket-attachment',
          originalName: upload.fileName,
          contentType: upload.contentType,
          bytes: upload.bytes,
          isPublic: false,
        });
        stored.push(row.id);
      }
      return await db.transaction(async (tx) => {
        const [ticket] = await tx
          .insert(tickets)
          .values({ companyId, customerId, issueType: known.issueName, description: fields.description })
          .returning();
        if (stored.length > 0) {
          await tx.insert(ticketAttachments).values(stored.map((fileId) => ({ ticketId: ticket!.id, fileId })));
        }
        await alertOperators(tx, ticket!, 'new-ticket', fields.description);
        return ticket!.id;
      });
    } catch (err) {
      await Promise.allSettled(stored.map((id) => files.remove(id)));
      throw err;
    }
  }

  /** Attachments of the given tickets, keyed by ticket (customer files) or by response. */
  async function attachmentsOf(companyId: number, ticketIds: number[]) {
    if (ticketIds.length === 0) return [];
    const rows = await db
      .select({ ticketId: ticketAttachments.ticketId, responseId: ticketAttachments.responseId, fileId: ticketAttachments.fileId })
      .from(ticketAttachments)
      .where(inArray(ticketAttachments.ticketId, ticketIds))
      .orderBy(asc(ticketAttachments.id));
    const names = new Map(
      (
        await files.describe(
          rows.map((r) => r.fileId),
          companyId,
        )
      ).map((f) => [f.id, f.originalName]),
    );
    return rows
      .filter((r) => names.has(r.fileId))
      .map((r) => ({ ...r, attachment: { name: names.get(r.fileId)!, url: attachmentUrl(r.fileId) } satisfies TicketAttachment }));
  }

  const summaryOf = (row: typeof tickets.$inferSelect, attachment: TicketAttachment[]): TicketSummary => ({
    ticketID: row.id,
    issueType: row.issueType,
    ticketDate: row.createdAt.toISOString(),
    ticketStatus: row.status,
    description: row.description,
    attachment,
  });

  /** The customer's tickets, newest first, each with the files the customer attached. */
  async function listOf(companyId: number, customerId: number): Promise<TicketSummary[]> {
    const rows = await db
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.customerId, customerId)))
      .orderBy(desc(tickets.createdAt), desc(tickets.id));
    const attachments = await attachmentsOf(
      companyId,
      rows.map((r) => r.id),
    );
    return rows.map((row) =>
      summaryOf(
        row,
        attachments.filter((a) => a.ticketId === row.id && a.responseId === null).map((a) => a.attachment),
      ),
    );
  }

  async function ownTicket(companyId: number, customerId: number, ticketId: number) {
    const [row] = await db
      .select()
      .from(tickets)
      .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, companyId), eq(tickets.customerId, customerId)))
      .limit(1);
    if (!row) throw AppError.notFound(messages.ticketNotFound);
    return row;
  }

  /**
   * One ticket of the customer with its first operator response (spec) and, below it, the rest of
   * the conversation (issue 17, point 4); anyone else's is a 404.
   */
  async function detailOf(companyId: number, customerId: number, ticketId: number): Promise<TicketDetail> {
    const row = await ownTicket(companyId, customerId, ticketId);
    const all = await db
      .select()
      .from(ticketResponses)
      .where(eq(ticketResponses.ticketId, row.id))
      .orderBy(asc(ticketResponses.createdAt), asc(ticketResponses.id));
    const first = all.find((r) => r.author === 'operator');
    const attachments = await attachmentsOf(companyId, [row.id]);
    const conversation = all
      .filter((r) => r !== first)
      .map((r): TicketMessage => ({
        from: r.author === 'customer' ? 'customer' : 'operator',
        date: r.createdAt.toISOString(),
        message: r.response,
        ticketStatus: r.status,
        attachment: attachments.filter((a) => a.responseId === r.id).map((a) => a.attachment),
      }));
    return {
      ...summaryOf(
        row,
        attachments.filter((a) => a.responseId === null).map((a) => a.attachment),
      ),
      ticketResponse: first
        ? [
            {
              responseDate: first.createdAt.toISOString(),
              ticketStatus: first.status,
              response: first.response,
              attachment: attachments.filter((a) => a.responseId === first.id).map((a) => a.attachment),
            },
          ]
        : [],
      conversation,
    };
  }

  /** A file of one of the customer's tickets with its bytes, or null (anyone else's file included). */
  async function openAttachment(companyId: number, customerId: number, fileId: string) {
    const [owned] = await db
      .select({ fileId: ticketAttachments.fileId })
      .from(ticketAttachments)
      .innerJoin(tickets, eq(tickets.id, ticketAttachments.ticketId))
      .where(and(eq(ticketAttachments.fileId, fileId), eq(tickets.companyId, companyId), eq(tickets.customerId, customerId)))
      .limit(1);
    if (!owned) return null;
    return files.openOfCompany(fileId, companyId);
  }

  /** The customer's name and address and the company's name and first site, for the answer's mail. */
  async function mailContext(tx: Db, companyId: number, customerId: number) {
    const customer = await customerProfileOf(tx, companyId, customerId);
    const companyName = customer && (await companyNamesOf(tx, [companyId])).get(companyId);
    if (!customer || companyName === undefined) return null;
    const { email, firstName, language } = customer;
    return { email, firstName, language, companyName, siteUrl: await siteAddressOf(tx, companyId) };
  }

  /**
   * An operator's answer: the files are stored, then the response (with its files), the ticket's
   * new status, the customer's notification and the mail to them are written in one transaction.
   * If anything fails the stored files are removed again: a failed answer leaves nothing behind.
   */
  async function answer(input: AnswerTicketInput, options: AnswerOptions = {}): Promise<AnsweredTicket> {
    const parsed = answerTicketInput.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw AppError.badRequest(issue.message, { [String(issue.path[0] ?? 'body')]: issue.message });
    }
    const { ticketID, status, response, answeredBy } = parsed.data;
    const where =
      options.companyId === undefined ? eq(tickets.id, ticketID) : and(eq(tickets.id, ticketID), eq(tickets.companyId, options.companyId));
    const [target] = await db.select({ companyId: tickets.companyId }).from(tickets).where(where).limit(1);
    if (!target) throw AppError.notFound(messages.ticketNotFound);

    const stored: { fileId: string; name: string }[] = [];
    try {
      for (const upload of options.uploads ?? []) {
        const row = await files.save({
          companyId: target.companyId,
          kind: 'ticket-attachment',
          originalName: upload.fileName,
          contentType: upload.contentType,
          bytes: upload.bytes,
          isPublic: false,
        });
        stored.push({ fileId: row.id, name: upload.fileName });
      }
      return await db.transaction(async (tx) => {
        const [ticket] = await tx.select().from(tickets).where(where).for('update');
        if (!ticket) throw AppError.notFound(messages.ticketNotFound);
        const [row] = await tx.insert(ticketResponses).values({ ticketId: ticket.id, status, response, answeredBy }).returning();
        if (stored.length > 0) {
          await tx.insert(ticketAttachments).values(stored.map((f) => ({ ticketId: ticket.id, responseId: row!.id, fileId: f.fileId })));
        }
        await tx.update(tickets).set({ status }).where(eq(tickets.id, ticket.id));
        const notice = answeredNotice(ticket.id, ticket.issueType, status);
        await notifications.notify(ticket.companyId, ticket.customerId, notice, tx as unknown as Db, { to: 'ticket', id: ticket.id });
        const to = await mailContext(tx as unknown as Db, ticket.companyId, ticket.customerId);
        if (to) {
          const content = ticketAnsweredMail(
            {
              subject: notice,
              firstName: to.firstName,
              companyName: to.companyName,
              ticketId: ticket.id,
              issueType: ticket.issueType,
              status,
              response,
              attachmentNames: stored.map((f) => f.name),
              siteUrl: to.siteUrl,
            },
            isLanguage(to.language) ? to.language : 'en',
          );
          await mail.enqueue({ companyId: ticket.companyId, to: to.email, ...content }, { db: sqlOf(tx as unknown as Db) });
        }
        const answered: AnsweredTicket = {
          ticketID: ticket.id,
          responseID: row!.id,
          companyId: ticket.companyId,
          customerId: ticket.customerId,
          previousStatus: ticket.status,
          status,
          notice,
          attachments: stored,
        };
        await options.within?.(tx as unknown as Db, answered);
        return answered;
      });
    } catch (err) {
      await Promise.allSettled(stored.map((f) => files.remove(f.fileId)));
      throw err;
    }
  }

  return { issueTypes, raise, listOf, detailOf, openAttachment, answer };
}

export type TicketService = ReturnType<typeof createTicketService>;
