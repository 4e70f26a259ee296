import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { multipartBody, type FormPart } from '../../../../test/multipart.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { auditLog, files, notifications, ticketAttachments, ticketResponses, tickets } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { seedTicketIssueTypes } from '../../../db/seed/ticket-issue-types.ts';

const ACME = 'https://acme-console-tickets.example';
const ZEBRA = 'https://zebra-console-tickets.example';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0)]);

const text = (name: string, data: string): FormPart => ({ name, data });
const file = (filename: string, data: Buffer | string, contentType = 'application/octet-stream'): FormPart => ({
  name: 'attachments',
  filename,
  data,
  contentType,
});

describe('console tickets', () => {
  let t: TestContext;
  let acmeId: number;
  let zebraId: number;
  let thandi: SignedIn;
  let thandiId: number;
  let siphoId: number;
  let zebraCustomerId: number;
  let admin: SignedInOperator;
  let support: SignedInOperator;
  let owner: SignedInOperator;
  let zebraAdmin: SignedInOperator;
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
    const [row] = await t.database.db
      .insert(tickets)
      .values({ ...values, createdAt: new Date(values.createdAt) })
      .returning({ id: tickets.id });
    return row!.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    acmeId = (await upsertCompany(db, completeCompany('acme-console-tickets', 'Acme Cloud'), [ACME])).id;
    zebraId = (await upsertCompany(db, completeCompany('zebra-console-tickets', 'Zebra Hosting'), [ZEBRA])).id;
    await seedTicketIssueTypes(db, acmeId);
    await seedTicketIssueTypes(db, zebraId, ['Hosting']);
    thandiId = (await createCustomer(db, acmeId, { email: 'thandi@acme-tickets.example', firstName: 'Thandi', lastName: 'Mokoena' })).id;
    siphoId = (await createCustomer(db, acmeId, { email: 'sipho@acme-tickets.example', firstName: 'Sipho', lastName: 'Dube' })).id;
    zebraCustomerId = (await createCustomer(db, zebraId, { email: 'zoe@zebra-tickets.example', firstName: 'Zoe', lastName: 'Banda' })).id;
    thandi = await signIn(t, acmeId, thandiId);
    admin = await signInOperator(t, 'admin', acmeId);
    support = await signInOperator(t, 'support', acmeId);
    owner = await signInOperator(t, 'owner');
    zebraAdmin = await signInOperator(t, 'admin', zebraId);

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
  });
  afterAll(() => t.close());

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
    const db = t.database.db;
    return {
      responses: (await db.select().from(ticketResponses)).length,
      attachments: (await db.select().from(ticketAttachments)).length,
      files: (await db.select().from(files)).length,
      notifications: (await db.select().from(notifications)).length,
      audit: (await db.select().from(auditLog).where(eq(auditLog.action, 'ticket.answer'))).length,
    };
  };

  const queuedMailsTo = async (address: string) => {
    const result = (await t.database.db.execute(sql`SELECT data FROM pgboss.job WHERE name = 'send-mail'`)) as unknown as {
      rows: { data: any }[];
    };
    return result.rows.map((r) => r.data).filter((m) => m.to === address);
  };

  it('lists the company’s tickets: Open and In Progress first, each group newest first, with counts and issue types', async () => {
    const res = await queue(admin);
    expect(res.http).toBe(200);
    expect(ids(res.body)).toEqual([made.aprilOpen, made.progress, made.marchOpen, made.closed, made.oldResolved]);
    expect(res.body.data).toMatchObject({
      total: 5,
      page: 1,
      pageSize: 20,
      statusCounts: { Open: 2, 'In Progress': 1, Resolved: 1, Closed: 1 },
    });
    expect(res.body.data.issueTypes).toEqual(['Billing', 'Virtual Machine', 'Network', 'Account', 'Other']);
    expect(res.body.data.items[2]).toEqual({
      ticketId: made.marchOpen,
      issueType: 'Network',
      status: 'Open',
      excerpt: 'Packet loss 50%_now',
      createdAt: '2026-03-01T22:30:00.000Z',
      customer: { id: siphoId, name: 'Sipho Dube', email: 'sipho@acme-tickets.example' },
      responses: 0,
      lastResponseAt: null,
      attachments: 0,
      priority: 'normal',
      assignee: null,
      awaiting: true,
    });
  });

  it('filters by status, issue type, text (number, description, customer) and South African days, and pages', async () => {
    expect(ids((await queue(admin, '?status=Open')).body)).toEqual([made.aprilOpen, made.marchOpen]);
    expect(ids((await queue(admin, '?status=In%20Progress')).body)).toEqual([made.progress]);
    expect(ids((await queue(admin, '?issueType=billing')).body)).toEqual([made.aprilOpen, made.closed, made.oldResolved]);
    expect(ids((await queue(admin, `?q=%23${made.progress}`)).body)).toEqual([made.progress]);
    expect(ids((await queue(admin, '?q=sipho%40acme')).body)).toEqual([made.marchOpen, made.closed]);
    expect(ids((await queue(admin, '?q=Thandi%20Mok')).body)).toEqual([made.aprilOpen, made.progress, made.oldResolved]);
    // % and _ are matched as themselves, not as wildcards.
    expect(ids((await queue(admin, '?q=50%25_')).body)).toEqual([made.marchOpen]);
    expect(ids((await queue(admin, '?q=5%25%25')).body)).toEqual([]);
    // 21:30 and 22:30 UTC on 1 March are 23:30 and 00:30 in Johannesburg: 1 and 2 March.
    expect(ids((await queue(admin, '?from=2026-03-01&to=2026-03-01')).body)).toEqual([made.oldResolved]);
    expect(ids((await queue(admin, '?from=2026-03-02&to=2026-03-06')).body)).toEqual([made.progress, made.marchOpen, made.closed]);
    expect(ids((await queue(admin, '?status=Open&from=2026-04-01')).body)).toEqual([made.aprilOpen]);

    const first = await queue(admin, '?pageSize=2');
    const second = await queue(admin, '?pageSize=2&page=2');
    expect(ids(first.body)).toEqual([made.aprilOpen, made.progress]);
    expect(ids(second.body)).toEqual([made.marchOpen, made.closed]);
    expect(second.body.data).toMatchObject({ total: 5, page: 2, pageSize: 2 });
  });

  it('refuses a bad filter with 400 naming the field', async () => {
    const status = await queue(admin, '?status=Done');
    expect(status.http).toBe(400);
    expect(status.body.data.fieldErrors.status).toBe('Choose a status: Open, In Progress, Resolved, Closed.');
    const day = await queue(admin, '?from=2026-02-30');
    expect(day.http).toBe(400);
    expect(day.body.data.fieldErrors.from).toBe('Use a date like 2026-11-24.');
    const order = await queue(admin, '?from=2026-03-05&to=2026-03-01');
    expect(order.http).toBe(400);
    expect(order.body.data.fieldErrors.to).toBe('The start date must not be after the end date.');
  });

  it('lets every operator of the company read the queue, the owner any company, and nobody else', async () => {
    expect((await queue(support)).http).toBe(200);
    expect(ids((await queue(owner, '', zebraId)).body)).toEqual([made.zebra]);
    expect((await queue(null)).http).toBe(401);
    const customerToken = await t.app.inject({
      method: 'GET',
      url: `/api/admin/companies/${acmeId}/tickets`,
      headers: { authorization: thandi.token },
    });
    expect(customerToken.statusCode).toBe(401);

    const other = await queue(zebraAdmin);
    expect(other.http).toBe(404);
    expect(other.body).toMatchObject({ message: 'Company not found.', data: null });
    // Another company's ticket under one's own company is not found either.
    const foreign = await adminCall(t, admin, 'GET', `/companies/${acmeId}/tickets/${made.zebra}`);
    expect(foreign.http).toBe(404);
    expect(foreign.body.message).toBe('Ticket not found');
    expect((await adminCall(t, zebraAdmin, 'GET', `/companies/${acmeId}/tickets/${made.aprilOpen}`)).http).toBe(404);
  });

  it('shows one ticket with the customer, the description and their files, which the operator downloads byte for byte', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 7)]);
    const ticketId = await raise('Invoice attached', [
      file('invoice march.pdf', pdf, 'application/pdf'),
      file('notes.txt', 'second charge', 'text/plain'),
    ]);
    const res = await adminCall(t, support, 'GET', `/companies/${acmeId}/tickets/${ticketId}`);
    expect(res.http).toBe(200);
    expect(res.body.data).toMatchObject({
      ticketId,
      issueType: 'Billing',
      status: 'Open',
      description: 'Invoice attached',
      customer: { id: thandiId, name: 'Thandi Mokoena', email: 'thandi@acme-tickets.example' },
      responses: [],
    });
    const [invoice, notes] = res.body.data.attachments;
    expect(invoice).toMatchObject({ name: 'invoice march.pdf', contentType: 'application/pdf', sizeBytes: pdf.length });
    expect(invoice.url).toBe(`/companies/${acmeId}/tickets/${ticketId}/attachments/${invoice.fileId}`);
    expect(notes.name).toBe('notes.txt');

    const download = await adminCall(t, support, 'GET', invoice.url);
    expect(download.http).toBe(200);
    expect(download.raw.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="invoice march.pdf"; filename*=UTF-8''invoice%20march.pdf`);
    expect(download.headers['x-content-type-options']).toBe('nosniff');

    // The file only under its own ticket, its own company, and with a console session.
    expect((await adminCall(t, support, 'GET', `/companies/${acmeId}/tickets/${made.aprilOpen}/attachments/${invoice.fileId}`)).http).toBe(
      404,
    );
    expect((await adminCall(t, zebraAdmin, 'GET', invoice.url)).http).toBe(404);
    expect((await adminCall(t, null, 'GET', invoice.url)).http).toBe(401);
  });

  it('lets support answer with a file and Resolved: the customer sees it in green on the ticket page, is notified and e-mailed; audited', async () => {
    const ticketId = await raise('My VM will not start');
    const res = await answer(support, ticketId, [
      text('response', 'We restarted the host.\nIt runs again.'),
      text('status', 'Resolved'),
      // The browser's claimed type is not what is stored: the bytes are a PNG.
      file('C:\\shots\\host status.png', PNG, 'application/x-msdownload'),
    ]);
    expect(res.http).toBe(200);
    expect(res.body.message).toBe('Response sent. The customer was notified and e-mailed.');
    expect(res.body.data).toMatchObject({ ticketId, status: 'Resolved', attachments: 1 });

    // The customer's ticket page: the first response, its status and its file.
    const seen = await post(t.app, 'ticket/getTicketDetailByID', { ticketID: ticketId }, authHeaders(ACME, thandi));
    expect(seen.body.data.ticketStatus).toBe('Resolved');
    expect(seen.body.data.ticketResponse).toEqual([
      expect.objectContaining({
        ticketStatus: 'Resolved',
        response: 'We restarted the host.\nIt runs again.',
        attachment: [expect.objectContaining({ name: 'host status.png' })],
      }),
    ]);
    const customerDownload = await t.app.inject({
      method: 'GET',
      url: seen.body.data.ticketResponse[0].attachment[0].url,
      headers: authHeaders(ACME, thandi),
    });
    expect(customerDownload.statusCode).toBe(200);
    expect(customerDownload.headers['content-type']).toBe('image/png');
    expect(customerDownload.rawPayload.equals(PNG)).toBe(true);

    const db = t.database.db;
    const [response] = await db.select().from(ticketResponses).where(eq(ticketResponses.ticketId, ticketId));
    expect(response).toMatchObject({ status: 'Resolved', answeredBy: 'Test support' });
    const notes = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.customerId, thandiId), eq(notifications.companyId, acmeId)));
    expect(notes.map((n) => n.text)).toContain(`Your ticket #${ticketId} (Billing) has a new response: Resolved`);

    const mails = (await queuedMailsTo('thandi@acme-tickets.example')).filter((m) => m.subject.includes(`#${ticketId} `));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ companyId: acmeId, subject: `Your ticket #${ticketId} (Billing) has a new response: Resolved` });
    expect(mails[0].text).toContain('Hello Thandi,');
    expect(mails[0].text).toContain('We restarted the host.\nIt runs again.');
    expect(mails[0].text).toContain('host status.png');
    expect(mails[0].text).toContain(`${ACME}/TicketDetails/${ticketId}`);

    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ticket.answer'), eq(auditLog.targetId, String(ticketId))));
    expect(entry).toMatchObject({
      operatorId: support.operatorId,
      actorEmail: support.email,
      companyId: acmeId,
      targetType: 'ticket',
      before: { status: 'Open' },
      after: {
        status: 'Resolved',
        responseId: response!.id,
        response: 'We restarted the host.\nIt runs again.',
        attachments: ['host status.png'],
      },
    });

    // The console shows the whole conversation; a second answer reaches the customer by bell and mail.
    const again = await answer(admin, ticketId, [
      text('response', 'Closing this.'),
      text('status', 'Closed'),
      file('log.txt', 'boot ok\n', 'text/html'),
    ]);
    expect(again.http).toBe(200);
    const detail = await adminCall(t, admin, 'GET', `/companies/${acmeId}/tickets/${ticketId}`);
    expect(detail.body.data.status).toBe('Closed');
    expect(
      detail.body.data.responses.map((r: any) => [r.status, r.answeredBy, r.attachments.map((a: any) => [a.name, a.contentType])]),
    ).toEqual([
      ['Resolved', 'Test support', [['host status.png', 'image/png']]],
      ['Closed', 'Test admin', [['log.txt', 'text/plain; charset=utf-8']]],
    ]);
    const logFile = await adminCall(t, support, 'GET', detail.body.data.responses[1].attachments[0].url);
    expect(logFile.raw.body).toBe('boot ok\n');
    expect((await queuedMailsTo('thandi@acme-tickets.example')).filter((m) => m.subject.includes(`#${ticketId} `))).toHaveLength(2);
    const list = await queue(admin, `?q=${ticketId}`);
    expect(list.body.data.items[0]).toMatchObject({ ticketId, status: 'Closed', responses: 2 });
  });

  it('refuses an answer without a response or with an unknown status with 400 naming each field, and writes nothing', async () => {
    const ticketId = await raise('Nothing yet');
    const before = await written();
    const empty = await answer(admin, ticketId, [text('response', '   '), text('status', 'Done')]);
    expect(empty.http).toBe(400);
    expect(empty.body.data.fieldErrors).toEqual({
      response: 'Write a response to the customer.',
      status: 'Choose a status: Open, In Progress, Resolved, Closed.',
    });
    const missing = await answer(admin, ticketId, [text('response', 'Hello')]);
    expect(missing.http).toBe(400);
    expect(missing.body.data.fieldErrors).toEqual({ status: 'Choose a status: Open, In Progress, Resolved, Closed.' });
    const json = await adminCall(t, admin, 'POST', `/companies/${acmeId}/tickets/${ticketId}/responses`, {
      response: 'x',
      status: 'Resolved',
    });
    expect(json.http).toBe(400);
    expect(json.body.message).toBe('Send the response as a multipart form.');
    expect(await written()).toEqual(before);
  });

  it('refuses a file that is not an image, PDF or text by its bytes, whatever its name, and stores nothing', async () => {
    const ticketId = await raise('Send me the report');
    const before = await written();
    const res = await answer(admin, ticketId, [
      text('response', 'Here it is'),
      text('status', 'Resolved'),
      file('report.png', PNG, 'image/png'),
      file('report.pdf', EXE, 'application/pdf'),
    ]);
    expect(res.http).toBe(400);
    expect(res.body.message).toBe('report.pdf cannot be attached: send an image (PNG, JPEG, GIF, WebP), a PDF or a plain text file.');
    expect(res.body.data.fieldErrors).toEqual({ attachments: res.body.message });
    expect(await written()).toEqual(before);
    const still = await adminCall(t, admin, 'GET', `/companies/${acmeId}/tickets/${ticketId}`);
    expect(still.body.data).toMatchObject({ status: 'Open', responses: [] });
  });

  it('refuses answers out of scope: another company’s admin and another company’s ticket are 404; no session is 401', async () => {
    const ticketId = await raise('Scoped');
    const before = await written();
    const parts = [text('response', 'x'), text('status', 'Resolved')];
    const otherCompany = await answer(zebraAdmin, ticketId, parts);
    expect(otherCompany.http).toBe(404);
    expect(otherCompany.body.message).toBe('Company not found.');
    const foreignTicket = await answer(zebraAdmin, ticketId, parts, zebraId);
    expect(foreignTicket.http).toBe(404);
    expect(foreignTicket.body.message).toBe('Ticket not found');
    expect((await answer(null, ticketId, parts)).http).toBe(401);
    expect(await written()).toEqual(before);
    // The owner answers any company's ticket.
    expect((await answer(owner, made.zebra!, [text('response', 'Owner here'), text('status', 'In Progress')], zebraId)).http).toBe(200);
  });
});
