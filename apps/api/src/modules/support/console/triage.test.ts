import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { multipartBody } from '../../../../test/multipart.ts';
import { raiseTicket } from '../../../../test/raise-ticket.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { auditLog, ticketNotes } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { seedTicketIssueTypes } from '../../../db/seed/ticket-issue-types.ts';

const ACME = 'https://acme-ticket-triage.example';
const ZEBRA = 'https://zebra-ticket-triage.example';
const SECRET_NOTE = 'Customer sounds angry; refund approved up to R500 (internal)';

describe('console tickets: priority, assignment, internal notes (issue 17, point 4)', () => {
  let t: TestContext;
  let acmeId: number;
  let zebraId: number;
  let thandi: SignedIn;
  let admin: SignedInOperator;
  let support: SignedInOperator;
  let zebraAdmin: SignedInOperator;
  let ticketA: number;
  let ticketB: number;

  const raise = (description: string) => raiseTicket(t, ACME, thandi, description);
  const patch = (who: SignedInOperator, ticketId: number, body: unknown, companyId = acmeId) =>
    adminCall(t, who, 'PATCH', `/companies/${companyId}/tickets/${ticketId}`, body);
  const queue = async (who: SignedInOperator, query: string) =>
    (await adminCall(t, who, 'GET', `/companies/${acmeId}/tickets${query}`)).body.data.items.map((i: { ticketId: number }) => i.ticketId);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    acmeId = (await upsertCompany(db, completeCompany('acme-ticket-triage', 'Acme Cloud'), [ACME])).id;
    zebraId = (await upsertCompany(db, completeCompany('zebra-ticket-triage', 'Zebra Hosting'), [ZEBRA])).id;
    await seedTicketIssueTypes(db, acmeId);
    const thandiId = (await createCustomer(db, acmeId, { email: 'thandi@triage.example', firstName: 'Thandi', lastName: 'M' })).id;
    thandi = await signIn(t, acmeId, thandiId);
    admin = await signInOperator(t, 'admin', acmeId);
    support = await signInOperator(t, 'support', acmeId);
    zebraAdmin = await signInOperator(t, 'admin', zebraId);
    ticketA = await raise('My VM does not boot');
    ticketB = await raise('Invoice question');
  });
  afterAll(() => t.close());

  it('sets the priority, lists it and sorts most urgent first; audited', async () => {
    const res = await patch(admin, ticketA, { priority: 'urgent' });
    expect(res.http).toBe(200);
    expect(res.body.data.priority).toBe('urgent');
    expect(await queue(admin, '?sort=priority')).toEqual([ticketA, ticketB]);
    expect(await queue(admin, '?priority=urgent')).toEqual([ticketA]);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ticket.update'), eq(auditLog.targetId, String(ticketA))));
    expect(entry?.before).toMatchObject({ priority: 'normal' });
    expect(entry?.after).toMatchObject({ priority: 'urgent' });
  });

  it('refuses an unknown priority, naming the field', async () => {
    const res = await patch(admin, ticketA, { priority: 'asap' });
    expect(res.http).toBe(400);
    expect(res.body.message).toBe('Choose a priority: low, normal, high or urgent.');
  });

  it('assigns to an operator of the company; "mine" and "unassigned" filter the queue', async () => {
    const res = await patch(admin, ticketA, { assignedOperatorId: support.operatorId });
    expect(res.http).toBe(200);
    expect(res.body.data.assignee).toEqual({ id: support.operatorId, name: 'Test support' });
    expect(await queue(support, '?assigned=mine')).toEqual([ticketA]);
    expect(await queue(admin, '?assigned=mine')).toEqual([]);
    expect(await queue(admin, '?assigned=unassigned')).toEqual([ticketB]);
    const detail = await adminCall(t, admin, 'GET', `/companies/${acmeId}/tickets/${ticketA}`);
    expect(detail.body.data.assignee).toEqual({ id: support.operatorId, name: 'Test support' });
    expect(detail.body.data.assignable.map((o: { id: number }) => o.id)).toEqual(
      expect.arrayContaining([admin.operatorId, support.operatorId]),
    );
    expect(detail.body.data.assignable.map((o: { id: number }) => o.id)).not.toContain(zebraAdmin.operatorId);
  });

  it("never assigns to another company's operator, nor lets another company touch the ticket", async () => {
    const foreign = await patch(admin, ticketB, { assignedOperatorId: zebraAdmin.operatorId });
    expect(foreign.http).toBe(400);
    expect(foreign.body.message).toBe('Choose an operator of this company.');
    // Zebra's admin addressing Acme's ticket: not found, whichever company id is used.
    expect((await patch(zebraAdmin, ticketB, { priority: 'low' })).http).toBe(404);
    expect((await patch(zebraAdmin, ticketB, { priority: 'low' }, zebraId)).http).toBe(404);
    expect((await adminCall(t, zebraAdmin, 'POST', `/companies/${zebraId}/tickets/${ticketB}/notes`, { note: 'x' })).http).toBe(404);
  });

  it('keeps internal notes for operators only: never in the customer’s ticket list, detail or mail', async () => {
    const added = await adminCall(t, support, 'POST', `/companies/${acmeId}/tickets/${ticketA}/notes`, { note: SECRET_NOTE });
    expect(added.http).toBe(200);
    expect(added.body.message).toBe('Internal note added. The customer does not see it.');
    const detail = await adminCall(t, admin, 'GET', `/companies/${acmeId}/tickets/${ticketA}`);
    expect(detail.body.data.notes).toEqual([expect.objectContaining({ note: SECRET_NOTE, writtenBy: 'Test support' })]);
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'ticket.note'), eq(auditLog.targetId, String(ticketA)))),
    ).toHaveLength(1);

    // The operator answers afterwards: the customer's views and mails carry the answer, never the note.
    const body = multipartBody([
      { name: 'response', data: 'We restarted the host; please try again.' },
      { name: 'status', data: 'Resolved' },
    ]);
    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/admin/companies/${acmeId}/tickets/${ticketA}/responses`,
      payload: body.payload,
      headers: { ...support.headers, ...body.headers },
    });
    expect(answered.statusCode).toBe(200);
    const customerList = await t.app.inject({ method: 'GET', url: '/api/ticket/getallUserTicket', headers: authHeaders(ACME, thandi) });
    const customerDetail = await post(t.app, 'ticket/getTicketDetailByID', { ticketID: ticketA }, authHeaders(ACME, thandi));
    expect(JSON.stringify(customerDetail.body)).toContain('We restarted the host');
    // The answer's mail to the customer, as queued for the mail job.
    const result = (await t.database.db.execute(sql`SELECT data FROM pgboss.job WHERE name = 'send-mail'`)) as unknown as {
      rows: { data: { to: string } }[];
    };
    const mails = result.rows.map((r) => r.data).filter((m) => m.to === 'thandi@triage.example');
    expect(mails.length).toBeGreaterThan(0);
    for (const seen of [customerList.body, JSON.stringify(customerDetail.body), JSON.stringify(mails)]) {
      expect(seen).not.toContain(SECRET_NOTE);
      expect(seen).not.toContain('internal');
    }
  });

  it('refuses an empty note, naming the field, and writes nothing', async () => {
    const res = await adminCall(t, admin, 'POST', `/companies/${acmeId}/tickets/${ticketB}/notes`, { note: '  ' });
    expect(res.http).toBe(400);
    expect(res.body.message).toBe('Write the note.');
    expect(await t.database.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, ticketB))).toHaveLength(0);
  });
});
