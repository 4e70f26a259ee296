import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { fill, messages } from '@mawingu/contracts/messages';
import {
  ticketsAdminMessages as texts,
  type AdminTicketAttachment,
  type AdminTicketDetail,
  type AdminTicketList,
  answerTicketFields,
  type AnswerTicketFields,
  type AnsweredTicket,
  type TicketPriority,
  UNRESOLVED_STATUSES,
} from '@mawingu/contracts/admin/tickets';
import { TICKET_ATTACHMENTS_FIELD } from '@mawingu/contracts/tickets';
import type { Db } from '../../../db/client.ts';
import { ticketAttachments, ticketIssueTypes, ticketResponses, tickets } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { FileService } from '../../tenant/index.ts';
import { customerIdsLike, customerNamesOf } from '../../identity/index.ts';
import type { TicketService, Upload } from '../tickets/service.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';
import { sniffAnswerAttachment } from './sniff-attachment.ts';
import { createTicketTriage } from './triage.ts';
import { containing } from '../../../db/like-pattern.ts';
import { awaitingCount, awaitingOperator } from './awaiting.ts';

/** Ticket days are South African days, as invoices are dated and the orders list filters (UTC+2, no daylight saving). */
const dayStart = (day: string) => new Date(`${day}T00:00:00+02:00`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

// Qualified by hand: in a one-table select drizzle writes a selected expression's ${tickets.id} as a
// bare "id", which inside these subqueries names the subquery's own row (r.id, a.id), not the ticket.
const ticketIdColumn = sql`${tickets}.${sql.identifier('id')}`;

/** Where an operator downloads a file of a ticket (relative to /api/admin; needs the console session). */
export const adminAttachmentUrl = (companyId: number, ticketId: number, fileId: string) =>
  `/companies/${companyId}/tickets/${ticketId}/attachments/${fileId}`;

export type ListQuery = {
  status?: string;
  issueType?: string;
  q?: string;
  from?: string;
  to?: string;
  priority?: string;
  assigned?: 'mine' | 'unassigned';
  sort?: 'priority';
  awaiting?: '1';
  page: number;
  pageSize: number;
};

/**
 * The console's tickets: the company's queue (unresolved first, newest first), one ticket with
 * every response, its files for operators, and the answer. The answer itself is the ticket
 * module's (the same as the ticket:answer CLI): this adds the file type check and the audit entry.
 */
export function createTicketAdminService(deps: { db: Db; files: FileService; tickets: TicketService }) {
  const { db, files } = deps;
  const triage = createTicketTriage(db);

  /** `operatorId`: who asks, for `assigned=mine`. */
  async function list(companyId: number, query: ListQuery, operatorId?: number): Promise<AdminTicketList> {
    const conditions: SQL[] = [eq(tickets.companyId, companyId)];
    if (query.priority) conditions.push(eq(tickets.priority, query.priority));
    if (query.assigned === 'unassigned') conditions.push(isNull(tickets.assignedOperatorId));
    if (query.assigned === 'mine') conditions.push(eq(tickets.assignedOperatorId, operatorId ?? -1));
    if (query.status) conditions.push(eq(tickets.status, query.status));
    if (query.awaiting) conditions.push(awaitingOperator);
    if (query.issueType) conditions.push(sql`lower(${tickets.issueType}) = lower(${query.issueType})`);
    if (query.from) conditions.push(sql`${tickets.createdAt} >= ${dayStart(query.from).toISOString()}`);
    if (query.to) conditions.push(sql`${tickets.createdAt} < ${dayAfter(query.to).toISOString()}`);
    if (query.q) {
      const pattern = containing(query.q);
      const number = /^#?(\d{1,9})$/.exec(query.q);
      conditions.push(
        or(
          ...(number ? [eq(tickets.id, Number(number[1]))] : []),
          sql`${tickets.description} ilike ${pattern}`,
          sql`${tickets.customerId} in ${customerIdsLike(companyId, pattern)}`,
        )!,
      );
    }
    const where = and(...conditions);
    const unresolvedFirst = sql`case when ${tickets.status} in (${sql.join(
      UNRESOLVED_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    )}) then 0 else 1 end`;

    const urgentFirst = sql`case ${tickets.priority} when 'urgent' then 0 when 'high' then 1 when 'normal' then 2 else 3 end`;
    const order = query.sort === 'priority' ? [urgentFirst, unresolvedFirst] : [unresolvedFirst];

    const rows = await db
      .select({
        id: tickets.id,
        priority: tickets.priority,
        assignedOperatorId: tickets.assignedOperatorId,
        issueType: tickets.issueType,
        status: tickets.status,
        excerpt: sql<string>`left(${tickets.description}, 160)`,
        createdAt: tickets.createdAt,
        customerId: tickets.customerId,
        responses: sql<number>`(select count(*)::int from ${ticketResponses} r where r.ticket_id = ${ticketIdColumn})`,
        lastResponseAt: sql<string | null>`(select max(r.created_at) from ${ticketResponses} r where r.ticket_id = ${ticketIdColumn})`,
        attachments: sql<number>`(select count(*)::int from ${ticketAttachments} a where a.ticket_id = ${ticketIdColumn} and a.response_id is null)`,
        // Wrapped: a nested expression keeps its columns qualified (see ticketIdColumn).
        awaiting: sql<boolean>`${awaitingOperator}`,
      })
      .from(tickets)
      .where(where)
      .orderBy(...order, desc(tickets.createdAt), desc(tickets.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    const [total] = await db.select({ n: count() }).from(tickets).where(where);
    const perStatus = await db
      .select({ status: tickets.status, n: count() })
      .from(tickets)
      .where(eq(tickets.companyId, companyId))
      .groupBy(tickets.status);
    const types = await db
      .select({ name: ticketIssueTypes.issueName })
      .from(ticketIssueTypes)
      .where(eq(ticketIssueTypes.companyId, companyId))
      .orderBy(asc(ticketIssueTypes.sortOrder), asc(ticketIssueTypes.id));
    const assignable = await triage.assignable(companyId);
    const operatorsById = new Map(assignable.map((o) => [o.id, o]));
    // Every ticket has its customer (customer_id is a required key), named by identity.
    const customers = await customerNamesOf(
      db,
      companyId,
      rows.map((r) => r.customerId),
    );

    return {
      items: rows.map((r) => ({
        ticketId: r.id,
        issueType: r.issueType,
        status: r.status,
        excerpt: r.excerpt,
        createdAt: r.createdAt.toISOString(),
        customer: { id: r.customerId, name: customers.get(r.customerId)!.name, email: customers.get(r.customerId)!.email },
        responses: Number(r.responses),
        lastResponseAt: r.lastResponseAt === null ? null : new Date(r.lastResponseAt).toISOString(),
        attachments: Number(r.attachments),
        priority: r.priority as TicketPriority,
        assignee: (r.assignedOperatorId !== null && operatorsById.get(r.assignedOperatorId)) || null,
        awaiting: Boolean(r.awaiting),
      })),
      total: total?.n ?? 0,
      page: query.page,
      pageSize: query.pageSize,
      statusCounts: Object.fromEntries(perStatus.map((s) => [s.status, s.n])),
      issueTypes: types.map((t) => t.name),
      assignable,
    };
  }

  async function ticketOf(companyId: number, ticketId: number) {
    const [ticket] = await db
      .select()
      .from(tickets)
      .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, companyId)))
      .limit(1);
    const customer = ticket && (await customerNamesOf(db, companyId, [ticket.customerId])).get(ticket.customerId);
    if (!ticket || !customer) throw AppError.notFound(messages.ticketNotFound);
    return { ticket, customerName: customer.name, customerEmail: customer.email };
  }

  async function detail(companyId: number, ticketId: number): Promise<AdminTicketDetail> {
    const { ticket, customerName: name, customerEmail } = await ticketOf(companyId, ticketId);
    const assignable = await triage.assignable(companyId);
    const responses = await db
      .select()
      .from(ticketResponses)
      .where(eq(ticketResponses.ticketId, ticket.id))
      .orderBy(asc(ticketResponses.createdAt), asc(ticketResponses.id));
    const links = await db
      .select({ responseId: ticketAttachments.responseId, fileId: ticketAttachments.fileId })
      .from(ticketAttachments)
      .where(eq(ticketAttachments.ticketId, ticket.id))
      .orderBy(asc(ticketAttachments.id));
    const described = new Map(
      (
        await files.describe(
          links.map((l) => l.fileId),
          companyId,
        )
      ).map((f) => [f.id, f]),
    );
    const attachmentsOf = (responseId: number | null): AdminTicketAttachment[] =>
      links
        .filter((l) => l.responseId === responseId && described.has(l.fileId))
        .map((l) => {
          const f = described.get(l.fileId)!;
          return {
            fileId: f.id,
            name: f.originalName,
            contentType: f.contentType,
            sizeBytes: f.sizeBytes,
            url: adminAttachmentUrl(companyId, ticket.id, f.id),
          };
        });
    return {
      ticketId: ticket.id,
      issueType: ticket.issueType,
      status: ticket.status,
      description: ticket.description,
      createdAt: ticket.createdAt.toISOString(),
      customer: { id: ticket.customerId, name, email: customerEmail },
      attachments: attachmentsOf(null),
      responses: responses.map((r) => ({
        responseId: r.id,
        createdAt: r.createdAt.toISOString(),
        status: r.status,
        response: r.response,
        answeredBy: r.answeredBy,
        author: r.author === 'customer' ? ('customer' as const) : ('operator' as const),
        attachments: attachmentsOf(r.id),
      })),
      priority: ticket.priority as TicketPriority,
      assignee: assignable.find((o) => o.id === ticket.assignedOperatorId) ?? null,
      notes: await triage.notesOf(ticket.id),
      assignable,
    };
  }

  /** A file of one of the company's tickets (the customer's or a response's), or null. */
  async function openAttachment(companyId: number, ticketId: number, fileId: string) {
    const [owned] = await db
      .select({ fileId: ticketAttachments.fileId })
      .from(ticketAttachments)
      .innerJoin(tickets, eq(tickets.id, ticketAttachments.ticketId))
      .where(and(eq(ticketAttachments.fileId, fileId), eq(tickets.id, ticketId), eq(tickets.companyId, companyId)))
      .limit(1);
    if (!owned) return null;
    return files.openOfCompany(fileId, companyId);
  }

  /**
   * The operator's answer. The text fields are checked as the form sends them, and every file must
   * be an image, a PDF or plain text by its bytes; all problems are named at once (`response`,
   * `status`, `attachments`). The ticket module writes the answer, notifies and e-mails the
   * customer; the audit entry is written in the same transaction.
   */
  async function answer(
    actor: Operator,
    companyId: number,
    ticketId: number,
    values: Partial<Record<keyof AnswerTicketFields, string>>,
    uploads: Upload[],
  ): Promise<AnsweredTicket> {
    const fieldErrors: Record<string, string> = {};
    const parsed = answerTicketFields.safeParse(values);
    if (!parsed.success) for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    const checked: Upload[] = [];
    for (const upload of uploads) {
      const type = sniffAnswerAttachment(upload.bytes);
      if (!type) fieldErrors[TICKET_ATTACHMENTS_FIELD] ??= fill(texts.attachmentType, { fileName: upload.fileName });
      else checked.push({ ...upload, contentType: type === 'text/plain' ? 'text/plain; charset=utf-8' : type });
    }
    if (!parsed.success || Object.keys(fieldErrors).length > 0) {
      throw AppError.badRequest(Object.values(fieldErrors)[0] ?? messages.invalidRequest, fieldErrors);
    }
    const fields = parsed.data;
    const answered = await deps.tickets.answer(
      { ticketID: ticketId, status: fields.status, response: fields.response, answeredBy: actor.name || actor.email },
      {
        companyId,
        uploads: checked,
        within: (tx, done) =>
          recordAudit(tx, {
            actor,
            companyId,
            action: 'ticket.answer',
            targetType: 'ticket',
            targetId: done.ticketID,
            before: { status: done.previousStatus },
            after: {
              status: done.status,
              responseId: done.responseID,
              response: fields.response,
              attachments: done.attachments.map((a) => a.name),
            },
          }),
      },
    );
    return {
      ticketId: answered.ticketID,
      responseId: answered.responseID,
      status: answered.status,
      attachments: answered.attachments.length,
    };
  }

  return {
    list,
    detail,
    openAttachment,
    answer,
    update: triage.update,
    addNote: triage.addNote,
    awaiting: (companyId: number) => awaitingCount(db, companyId),
  };
}

export type TicketAdminService = ReturnType<typeof createTicketAdminService>;
