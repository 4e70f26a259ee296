import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { authHeaders, type SignedIn } from '../../../../test/sign-in.ts';
import { post, type TestContext } from '../../../../test/test-app.ts';
import { auditLog, notifications, ticketResponses } from '../../../db/schema.ts';
import { ACME, EXE, file, openTicketsWorld, PNG, text, type TicketsWorld } from './tickets.test-helper.ts';

describe('console tickets: one ticket and its answers', () => {
  let t: TestContext;
  let acmeId: number;
  let zebraId: number;
  let thandi: SignedIn;
  let thandiId: number;
  let admin: SignedInOperator;
  let support: SignedInOperator;
  let owner: SignedInOperator;
  let zebraAdmin: SignedInOperator;
  let made: TicketsWorld['made'];
  let queue: TicketsWorld['queue'];
  let raise: TicketsWorld['raise'];
  let answer: TicketsWorld['answer'];
  let written: TicketsWorld['written'];
  let queuedMailsTo: TicketsWorld['queuedMailsTo'];

  beforeAll(async () => {
    ({ t, acmeId, zebraId, thandi, thandiId, admin, support, owner, zebraAdmin, made, queue, raise, answer, written, queuedMailsTo } =
      await openTicketsWorld());
  });
  afterAll(() => t.close());

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
