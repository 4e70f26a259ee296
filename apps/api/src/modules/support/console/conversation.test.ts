import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { multipartBody } from '../../../../test/multipart.ts';
import { queuedMails } from '../../../../test/queued-mails.ts';
import { raiseTicket } from '../../../../test/raise-ticket.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { auditLog, operators } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { seedTicketIssueTypes } from '../../../db/seed/ticket-issue-types.ts';

const ACME = 'https://acme-ticket-conversation.example';
const ZEBRA = 'https://zebra-ticket-conversation.example';

describe('ticket conversation: customer replies, operator alerts and the badge (issue 17, point 4)', () => {
  let t: TestContext;
  let acmeId: number;
  let zebraId: number;
  let thandi: SignedIn;
  let sipho: SignedIn;
  let zebraCustomer: SignedIn;
  let admin: SignedInOperator;
  let support: SignedInOperator;
  let zebraAdmin: SignedInOperator;
  let invited: string;

  const raise = (who: SignedIn, description: string) => raiseTicket(t, ACME, who, description);
  const answer = async (ticketId: number, response: string, status = 'In Progress') => {
    const body = multipartBody([
      { name: 'response', data: response },
      { name: 'status', data: status },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/companies/${acmeId}/tickets/${ticketId}/responses`,
      payload: body.payload,
      headers: { ...admin.headers, ...body.headers },
    });
    expect(res.statusCode).toBe(200);
  };
  const replyAs = (who: SignedIn, ticketID: unknown, message: unknown, origin = ACME) =>
    post(t.app, 'ticket/replyToTicket', { ticketID, message }, authHeaders(origin, who));
  const detailOf = async (ticketID: number) =>
    (await post(t.app, 'ticket/getTicketDetailByID', { ticketID }, authHeaders(ACME, thandi))).body.data;
  const badge = async () => (await adminCall(t, support, 'GET', `/companies/${acmeId}/tickets/awaiting`)).body.data.count as number;
  const alertsAbout = async (to: string, ticketId: number) => (await queuedMails(t, to)).filter((m) => m.subject.includes(`#${ticketId} `));

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    acmeId = (await upsertCompany(db, completeCompany('acme-ticket-conversation', 'Acme Cloud'), [ACME])).id;
    zebraId = (await upsertCompany(db, completeCompany('zebra-ticket-conversation', 'Zebra Hosting'), [ZEBRA])).id;
    await seedTicketIssueTypes(db, acmeId);
    await seedTicketIssueTypes(db, zebraId);
    thandi = await signIn(
      t,
      acmeId,
      (await createCustomer(db, acmeId, { email: 'thandi@conv.example', firstName: 'Thandi', lastName: 'Mokoena' })).id,
    );
    sipho = await signIn(t, acmeId, (await createCustomer(db, acmeId, { email: 'sipho@conv.example', firstName: 'Sipho' })).id);
    zebraCustomer = await signIn(t, zebraId, (await createCustomer(db, zebraId, { email: 'zola@conv.example' })).id);
    admin = await signInOperator(t, 'admin', acmeId, 'admin@acme-conv.example');
    support = await signInOperator(t, 'support', acmeId, 'support@acme-conv.example');
    zebraAdmin = await signInOperator(t, 'admin', zebraId, 'admin@zebra-conv.example');
    // An operator who has not accepted the invitation yet gets no alerts.
    invited = 'invited@acme-conv.example';
    await db.insert(operators).values({
      email: invited,
      name: 'Invited',
      passwordHash: 'x',
      role: 'support',
      companyId: acmeId,
      invitationTokenHash: 'pending-invitation-hash',
      invitationExpiresAt: new Date(Date.now() + 86_400_000),
    });
  });
  afterAll(() => t.close());

  it("alerts the company's operators of a new ticket by mail, with the customer's words and the console link; the badge counts it", async () => {
    expect(await badge()).toBe(0);
    const ticketId = await raise(thandi, 'My invoice shows the wrong VAT number');
    for (const to of [admin.email, support.email]) {
      const [alert] = await alertsAbout(to, ticketId);
      expect(alert?.subject).toBe(`New ticket #${ticketId} (Billing) from Thandi Mokoena`);
      expect(alert?.text).toContain('My invoice shows the wrong VAT number');
      expect(alert?.text).toContain(`${ACME}/admin/c/${acmeId}/tickets/${ticketId}`);
    }
    expect(await alertsAbout(invited, ticketId)).toHaveLength(0);
    expect(await alertsAbout(zebraAdmin.email, ticketId)).toHaveLength(0);
    expect(await badge()).toBe(1);
    const queue = (await adminCall(t, support, 'GET', `/companies/${acmeId}/tickets?awaiting=1`)).body.data;
    expect(queue.items.map((i: { ticketId: number; awaiting: boolean }) => [i.ticketId, i.awaiting])).toEqual([[ticketId, true]]);
    expect(queue.assignable.map((o: { name: string }) => o.name)).toEqual(expect.arrayContaining(['Test admin', 'Test support']));
  });

  it('the customer replies below the first response; a resolved ticket opens again, the assignee alone is alerted, and the badge counts it again', async () => {
    const ticketId = await raise(thandi, 'VM is slow');
    await answer(ticketId, 'We moved your VM to a faster host.', 'Resolved');
    const before = await badge();
    await adminCall(t, admin, 'PATCH', `/companies/${acmeId}/tickets/${ticketId}`, { assignedOperatorId: support.operatorId });

    const res = await replyAs(thandi, ticketId, '  Still slow after the move.  ');
    expect(res.http).toBe(200);
    expect(res.body).toMatchObject({ message: 'Reply sent', data: { ticketID: ticketId, ticketStatus: 'Open' } });
    expect(await badge()).toBe(before + 1);

    const [toAssignee] = await alertsAbout(support.email, ticketId).then((m) => m.filter((x) => x.subject.includes('replied')));
    expect(toAssignee?.subject).toBe(`Thandi Mokoena replied to ticket #${ticketId} (Billing)`);
    expect(toAssignee?.text).toContain('Still slow after the move.');
    expect((await alertsAbout(admin.email, ticketId)).filter((m) => m.subject.includes('replied'))).toHaveLength(0);

    const detail = await detailOf(ticketId);
    expect(detail.ticketStatus).toBe('Open');
    expect(detail.ticketResponse).toEqual([
      expect.objectContaining({ response: 'We moved your VM to a faster host.', ticketStatus: 'Resolved' }),
    ]);
    expect(detail.conversation).toEqual([
      expect.objectContaining({ from: 'customer', message: 'Still slow after the move.', ticketStatus: 'Open' }),
    ]);

    // The operator sees the reply as the customer's; their next answer follows it on the customer's page.
    const admin1 = (await adminCall(t, admin, 'GET', `/companies/${acmeId}/tickets/${ticketId}`)).body.data;
    expect(admin1.responses.map((r: { author: string; answeredBy: string }) => [r.author, r.answeredBy])).toEqual([
      ['operator', 'Test admin'],
      ['customer', 'Thandi Mokoena'],
    ]);
    await answer(ticketId, 'We added a CPU core at no cost.', 'In Progress');
    expect(await badge()).toBe(before);
    const after = await detailOf(ticketId);
    expect(after.ticketResponse[0].response).toBe('We moved your VM to a faster host.');
    expect(after.conversation.map((m: { from: string; message: string }) => [m.from, m.message])).toEqual([
      ['customer', 'Still slow after the move.'],
      ['operator', 'We added a CPU core at no cost.'],
    ]);
  });

  it('a reply to an open ticket keeps its status', async () => {
    const ticketId = await raise(thandi, 'Question about backups');
    await answer(ticketId, 'Looking into it.', 'In Progress');
    const res = await replyAs(thandi, ticketId, 'Thanks, any news?');
    expect(res.body.data.ticketStatus).toBe('In Progress');
  });

  it('refuses an empty or too long reply naming message, anyone else’s ticket with 404, and no session with 401; nothing is written', async () => {
    const ticketId = await raise(thandi, 'Password reset mail never arrives');
    const empty = await replyAs(thandi, ticketId, '   ');
    expect(empty.http).toBe(400);
    expect(empty.body).toMatchObject({
      message: 'Please write your reply',
      data: { fieldErrors: { message: 'Please write your reply' } },
    });
    const long = await replyAs(thandi, ticketId, 'x'.repeat(5001));
    expect(long.http).toBe(400);
    expect(long.body.data.fieldErrors.message).toBe('The reply is too long (at most 5000 characters)');
    expect((await replyAs(sipho, ticketId, 'Not mine')).http).toBe(404);
    expect((await replyAs(zebraCustomer, ticketId, 'Other company', ZEBRA)).http).toBe(404);
    expect((await post(t.app, 'ticket/replyToTicket', { ticketID: ticketId, message: 'x' }, { origin: ACME })).http).toBe(401);
    expect((await detailOf(ticketId)).conversation).toEqual([]);
  });

  it("the badge and the awaiting filter are the company's own: another company's admin gets 404", async () => {
    expect((await adminCall(t, zebraAdmin, 'GET', `/companies/${acmeId}/tickets/awaiting`)).http).toBe(404);
    expect((await adminCall(t, zebraAdmin, 'GET', `/companies/${zebraId}/tickets/awaiting`)).body.data.count).toBe(0);
    expect((await adminCall(t, null, 'GET', `/companies/${acmeId}/tickets/awaiting`)).http).toBe(401);
  });
});

describe('saved replies (issue 17, point 4)', () => {
  let t: TestContext;
  let acmeId: number;
  let zebraId: number;
  let admin: SignedInOperator;
  let support: SignedInOperator;
  let zebraAdmin: SignedInOperator;
  const path = (companyId: number, id?: number) => `/companies/${companyId}/ticket-replies${id === undefined ? '' : `/${id}`}`;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    acmeId = (await upsertCompany(db, completeCompany('acme-canned', 'Acme Cloud'), [ACME])).id;
    zebraId = (await upsertCompany(db, completeCompany('zebra-canned', 'Zebra Hosting'), [ZEBRA])).id;
    admin = await signInOperator(t, 'admin', acmeId);
    support = await signInOperator(t, 'support', acmeId);
    zebraAdmin = await signInOperator(t, 'admin', zebraId);
  });
  afterAll(() => t.close());

  it('admins save, change and delete replies, listed by name for every operator; audited', async () => {
    const made = await adminCall(t, admin, 'POST', path(acmeId), {
      title: ' Reboot ',
      body: 'Please restart the VM from the account page.',
    });
    expect(made.http).toBe(200);
    expect(made.body).toMatchObject({ message: 'Saved reply saved.', data: { title: 'Reboot' } });
    await adminCall(t, admin, 'POST', path(acmeId), { title: 'Already fixed', body: 'This is fixed now.' });
    const listed = await adminCall(t, support, 'GET', path(acmeId));
    expect(listed.body.data.map((r: { title: string }) => r.title)).toEqual(['Already fixed', 'Reboot']);

    const changed = await adminCall(t, admin, 'PUT', path(acmeId, made.body.data.id), { title: 'Reboot', body: 'Restart it, please.' });
    expect(changed.body.data.body).toBe('Restart it, please.');
    expect((await adminCall(t, admin, 'DELETE', path(acmeId, made.body.data.id))).body.message).toBe('Saved reply deleted.');
    expect((await adminCall(t, support, 'GET', path(acmeId))).body.data.map((r: { title: string }) => r.title)).toEqual(['Already fixed']);
    const actions = (
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.companyId, acmeId), eq(auditLog.targetType, 'ticket_canned_reply')))
    ).map((a) => a.action);
    expect(actions.sort()).toEqual([
      'ticket.canned_reply.create',
      'ticket.canned_reply.create',
      'ticket.canned_reply.delete',
      'ticket.canned_reply.update',
    ]);
  });

  it('refuses a name taken in the company, an empty name or text (400 naming the field); other companies may use the name', async () => {
    const dup = await adminCall(t, admin, 'POST', path(acmeId), { title: 'Already fixed', body: 'Again' });
    expect(dup.http).toBe(400);
    expect(dup.body.data.fieldErrors).toEqual({ title: 'A saved reply of this company already has this name.' });
    const empty = await adminCall(t, admin, 'POST', path(acmeId), { title: '', body: '' });
    expect(empty.http).toBe(400);
    expect(empty.body.data.fieldErrors).toMatchObject({ title: 'Name the saved reply.', body: 'Write the saved reply.' });
    expect((await adminCall(t, zebraAdmin, 'POST', path(zebraId), { title: 'Already fixed', body: 'Zebra text' })).http).toBe(200);
  });

  it("support may not change them (403); another company's admin gets 404 for this company's replies", async () => {
    expect((await adminCall(t, support, 'POST', path(acmeId), { title: 'Mine', body: 'x' })).http).toBe(403);
    const [own] = (await adminCall(t, admin, 'GET', path(acmeId))).body.data;
    expect((await adminCall(t, zebraAdmin, 'GET', path(acmeId))).http).toBe(404);
    expect((await adminCall(t, zebraAdmin, 'DELETE', path(zebraId, own.id))).http).toBe(404);
    expect((await adminCall(t, admin, 'GET', path(acmeId))).body.data).toHaveLength(1);
  });
});
