import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { multipartBody, type FormPart } from '../../../../test/multipart.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { auditLog, files, notifications, ticketAttachments, ticketResponses, tickets } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { seedTicketIssueTypes } from '../../../db/seed/ticket-issue-types.ts';

export const ACME = 'https://acme-console-tickets.example';
const ZEBRA = 'https://zebra-console-tickets.example';

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0)]);

export const text = (name: string, data: string): FormPart => ({ name, data });
export const file = (filename: string, data: Buffer | string, contentType = 'application/octet-stream'): FormPart => ({
  name: 'attachments',
  filename,
  data,
  contentType,
});

export type TicketsWorld = Awaited<ReturnType<typeof openTicketsWorld>>;

/**
 * A world for the console's ticket queue: Acme (Thandi and Sipho, admin, support) and Zebra (a
 * customer, an admin), the platform owner, and tickets written straight into the table across
 * March and April 2026 (`made`, by name), with calls to read the queue, raise and answer tickets.
 */
export async function openTicketsWorld() {
  const t: TestContext = await createTestApp();
  const db = t.database.db;
  const acmeId: number = (await upsertCompany(db, completeCompany('acme-console-tickets', 'Acme Cloud'), [ACME])).id;
  const zebraId: number = (await upsertCompany(db, completeCompany('zebra-console-tickets', 'Zebra Hosting'), [ZEBRA])).id;
  await seedTicketIssueTypes(db, acmeId);
  await seedTicketIssueTypes(db, zebraId, ['Hosting']);
  const thandiId: number = (
    await createCustomer(db, acmeId, { email: 'thandi@acme-tickets.example', firstName: 'Thandi', lastName: 'Mokoena' })
  ).id;
  const siphoId: number = (await createCustomer(db, acmeId, { email: 'sipho@acme-tickets.example', firstName: 'Sipho', lastName: 'Dube' }))
    .id;
  const zebraCustomerId: number = (
    await createCustomer(db, zebraId, { email: 'zoe@zebra-tickets.example', firstName: 'Zoe', lastName: 'Banda' })
  ).id;
  const thandi: SignedIn = await signIn(t, acmeId, thandiId);
  const admin: SignedInOperator = await signInOperator(t, 'admin', acmeId);
  const support: SignedInOperator = await signInOperator(t, 'support', acmeId);
  const owner: SignedInOperator = await signInOperator(t, 'owner');
  const zebraAdmin: SignedInOperator = await signInOperator(t, 'admin', zebraId);

  /** Tickets written straight into the table, by name. */
  const made: Record<string, number> = {};

  const insertTicket = async (values: {
    companyId: number;
    customerId: number;
    issueType: string;
    description: string;
    status?: string;
    createdAt: string;
  }) => {
    const [row] = await db
      .insert(tickets)
      .values({ ...values, createdAt: new Date(values.createdAt) })
      .returning({ id: tickets.id });
    return row!.id;
  };

  // 2026-03-01 23:30 in Johannesburg is 21:30 UTC: the ticket belongs to 1 March in the queue's days.
  made.oldResolved = await insertTicket({
    companyId: acmeId,
    customerId: thandiId,
    issueType: 'Billing',
    description: 'Old invoice question',
    status: 'Resolved',
    createdAt: '2026-03-01T21:30:00Z',
  });
  made.marchOpen = await insertTicket({
    companyId: acmeId,
    customerId: siphoId,
    issueType: 'Network',
    description: 'Packet loss 50%_now',
    createdAt: '2026-03-01T22:30:00Z',
  });
  made.progress = await insertTicket({
    companyId: acmeId,
    customerId: thandiId,
    issueType: 'Virtual Machine',
    description: 'VM slow since Monday',
    status: 'In Progress',
    createdAt: '2026-03-05T08:00:00Z',
  });
  made.closed = await insertTicket({
    companyId: acmeId,
    customerId: siphoId,
    issueType: 'Billing',
    description: 'Refund request',
    status: 'Closed',
    createdAt: '2026-03-06T08:00:00Z',
  });
  made.aprilOpen = await insertTicket({
    companyId: acmeId,
    customerId: thandiId,
    issueType: 'Billing',
    description: 'Charged twice in April',
    createdAt: '2026-04-02T08:00:00Z',
  });
  made.zebra = await insertTicket({
    companyId: zebraId,
    customerId: zebraCustomerId,
    issueType: 'Hosting',
    description: 'Zebra only',
    createdAt: '2026-04-03T08:00:00Z',
  });

  const queue = async (who: SignedInOperator | null, query = '', companyId = acmeId) =>
    adminCall(t, who, 'GET', `/companies/${companyId}/tickets${query}`);
  const ids = (body: { data: { items: { ticketId: number }[] } }) => body.data.items.map((i) => i.ticketId);

  /** A ticket as the customer raises it on the site, with their files. */
  const raise = async (description: string, parts: FormPart[] = []) => {
    const body = multipartBody([text('issueType', 'Billing'), text('description', description), ...parts]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ticket/generateTicket',
      payload: body.payload,
      headers: { ...authHeaders(ACME, thandi), ...body.headers },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.ticketID as number;
  };

  const answer = async (who: SignedInOperator | null, ticketId: number, parts: FormPart[], companyId = acmeId) => {
    const body = multipartBody(parts);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/companies/${companyId}/tickets/${ticketId}/responses`,
      payload: body.payload,
      headers: { ...(who?.headers ?? {}), ...body.headers },
    });
    return { http: res.statusCode, body: res.json() as { status: number; message: string; data: any } };
  };

  const written = async () => {
    return {
      responses: (await db.select().from(ticketResponses)).length,
      attachments: (await db.select().from(ticketAttachments)).length,
      files: (await db.select().from(files)).length,
      notifications: (await db.select().from(notifications)).length,
      audit: (await db.select().from(auditLog).where(eq(auditLog.action, 'ticket.answer'))).length,
    };
  };

  const queuedMailsTo = async (address: string) => {
    const result = (await db.execute(sql`SELECT data FROM pgboss.job WHERE name = 'send-mail'`)) as unknown as {
      rows: { data: any }[];
    };
    return result.rows.map((r) => r.data).filter((m) => m.to === address);
  };

  return {
    t,
    acmeId,
    zebraId,
    thandi,
    thandiId,
    siphoId,
    zebraCustomerId,
    admin,
    support,
    owner,
    zebraAdmin,
    made,
    queue,
    ids,
    raise,
    answer,
    written,
    queuedMailsTo,
  };
}
