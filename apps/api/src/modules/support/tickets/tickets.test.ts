import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { expiredToken } from '../../../../test/expired-token.ts';
import { multipartBody, type FormPart } from '../../../../test/multipart.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { files, notifications, ticketAttachments, ticketResponses, tickets } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { seedTicketIssueTypes } from '../../../db/seed/ticket-issue-types.ts';
import { createNotificationService } from '../../identity/notifications/service.ts';
import { createOperatorAlerts } from './operator-alerts.ts';
import { createTicketService, type TicketService } from './service.ts';

const ACME = 'https://acme-tickets.example';
const ZEBRA = 'https://zebra-tickets.example';
const MB = 1024 * 1024;

const text = (name: string, data: string): FormPart => ({ name, data });
const file = (filename: string, data: Buffer | string, contentType = 'text/plain'): FormPart => ({
  name: 'attachments',
  filename,
  data,
  contentType,
});

describe('tickets', () => {
  let t: TestContext;
  let service: TicketService;
  let acmeId: number;
  let thandi: SignedIn;
  let sipho: SignedIn;
  let zebraCustomer: SignedIn;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    acmeId = (await upsertCompany(db, completeCompany('acme-tickets', 'Acme Cloud'), [ACME])).id;
    const zebraId = (await upsertCompany(db, completeCompany('zebra-tickets', 'Zebra Hosting'), [ZEBRA])).id;
    await seedTicketIssueTypes(db, acmeId);
    await seedTicketIssueTypes(db, zebraId, ['Hosting', 'Other']);
    thandi = await signIn(t, acmeId, (await createCustomer(db, acmeId, { email: 'thandi@example.co.za' })).id);
    sipho = await signIn(t, acmeId, (await createCustomer(db, acmeId, { email: 'sipho@example.co.za', firstName: 'Sipho' })).id);
    zebraCustomer = await signIn(t, zebraId, (await createCustomer(db, zebraId, { email: 'thandi@example.co.za' })).id);
    service = createTicketService(db, {
      files: t.modules.tenant.files,
      notifications: createNotificationService(db),
      mail: t.modules.platform.mail,
      alertOperators: createOperatorAlerts(t.modules.platform.mail),
    });
  });
  afterAll(() => t.close());

  /** A customer of acme with a fresh session: raising tickets is limited per customer. */
  let made = 0;
  const someone = async () => {
    const customer = await createCustomer(t.database.db, acmeId, { email: `customer${++made}@example.co.za` });
    return signIn(t, acmeId, customer.id);
  };

  const raise = async (parts: FormPart[], session: SignedIn = thandi, site = ACME) => {
    const body = multipartBody(parts);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ticket/generateTicket',
      payload: body.payload,
      headers: { ...authHeaders(site, session), ...body.headers },
    });
    return { http: res.statusCode, body: res.json() as { status: number; message: string; data: any } };
  };
  const get = async (url: string, session?: SignedIn, site = ACME) => {
    const res = await t.app.inject({ method: 'GET', url, headers: session ? authHeaders(site, session) : { origin: site } });
    return res;
  };
  const list = async (session: SignedIn = thandi, site = ACME) => (await get('/api/ticket/getallUserTicket', session, site)).json();
  const detail = (ticketID: number | string, session: SignedIn = thandi, site = ACME) =>
    post(t.app, 'ticket/getTicketDetailByID', { ticketID }, authHeaders(site, session));
  const counts = async () => {
    const db = t.database.db;
    return {
      tickets: (await db.select().from(tickets)).length,
      attachments: (await db.select().from(ticketAttachments)).length,
      files: (await db.select().from(files).where(eq(files.kind, 'ticket-attachment'))).length,
    };
  };
  const storedBlobs = async () => {
    const dir = path.join(t.config.dataDir, 'files', String(acmeId), 'ticket-attachment');
    return (await fs.readdir(dir).catch(() => [])).length;
  };

  it('lists the issue types of the customer’s own company, in order', async () => {
    const acme = (await get('/api/ticket/getTicketIssueType', thandi)).json();
    expect(acme.status).toBe(200);
    expect(acme.data).toEqual(['Billing', 'Virtual Machine', 'Network', 'Account', 'Other'].map((issueName) => ({ issueName })));
    const zebra = (await get('/api/ticket/getTicketIssueType', zebraCustomer, ZEBRA)).json();
    expect(zebra.data).toEqual([{ issueName: 'Hosting' }, { issueName: 'Other' }]);
  });

  it('raises a ticket with two files the owner can download again, byte for byte', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3000, 7)]);
    const res = await raise([
      text('issueType', 'Billing'),
      text('description', 'I was charged twice for March.'),
      file('invoice march.pdf', pdf, 'application/pdf'),
      file('C:\\Users\\thandi\\notes.txt', 'second charge on the 3rd'),
    ]);
    expect(res.http).toBe(200);
    expect(res.body.message).toBe('Ticket submitted successfully');
    const ticketID = res.body.data.ticketID as number;

    const mine = await list();
    const ticket = mine.data.find((x: { ticketID: number }) => x.ticketID === ticketID);
    expect(ticket).toMatchObject({ issueType: 'Billing', ticketStatus: 'Open', description: 'I was charged twice for March.' });
    expect(new Date(ticket.ticketDate).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Folders the browser sent with the name are dropped.
    expect(ticket.attachment.map((a: { name: string }) => a.name)).toEqual(['invoice march.pdf', 'notes.txt']);

    const download = await get(ticket.attachment[0].url, thandi);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="invoice march.pdf"; filename*=UTF-8''invoice%20march.pdf`);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  it('accepts a ticket without files, and refuses a missing issue type or description with the spec’s messages', async () => {
    const plain = await raise([text('issueType', 'Network'), text('description', 'Packet loss from Nairobi')]);
    expect(plain.http).toBe(200);
    const before = await counts();

    const noType = await raise([text('description', 'Something broke'), file('a.txt', 'a')]);
    expect(noType.http).toBe(400);
    expect(noType.body.message).toBe('Please select Issue Type');
    expect(noType.body.data.fieldErrors).toEqual({ issueType: 'Please select Issue Type' });

    const blankDescription = await raise([text('issueType', 'Billing'), text('description', '   '), file('a.txt', 'a')]);
    expect(blankDescription.http).toBe(400);
    expect(blankDescription.body.data.fieldErrors).toEqual({ description: 'Please Enter Description' });

    const neither = await raise([]);
    expect(neither.body.message).toBe('Please select Issue Type');
    expect(neither.body.data.fieldErrors).toEqual({ issueType: 'Please select Issue Type', description: 'Please Enter Description' });

    const tooLong = await raise([text('issueType', 'Billing'), text('description', 'x'.repeat(5001))]);
    expect(tooLong.http).toBe(400);
    expect(tooLong.body.data.fieldErrors.description).toBe('Description is too long (at most 5000 characters)');

    // Another company's issue type is not one of this company's.
    const foreignType = await raise([text('issueType', 'Hosting'), text('description', 'Hi'), file('a.txt', 'a')]);
    expect(foreignType.http).toBe(400);
    expect(foreignType.body.data.fieldErrors).toEqual({ issueType: 'Please select Issue Type' });

    expect(await counts()).toEqual(before);
  });

  it('refuses a 21 MB file with "{file name} is more than 20 MB" and stores nothing', async () => {
    const me = await someone();
    const before = await counts();
    const blobs = await storedBlobs();
    const res = await raise(
      [
        text('issueType', 'Virtual Machine'),
        text('description', 'Disk image attached'),
        file('small.txt', 'fine'),
        file('disk-dump.img', Buffer.alloc(21 * MB, 1), 'application/octet-stream'),
      ],
      me,
    );
    expect(res.http).toBe(413);
    expect(res.body.message).toBe('disk-dump.img is more than 20 MB');
    expect(res.body.data.fieldErrors).toEqual({ attachments: 'disk-dump.img is more than 20 MB' });
    expect(await counts()).toEqual(before);
    expect(await storedBlobs()).toBe(blobs);
  });

  it('accepts a file of exactly 20 MB', async () => {
    const me = await someone();
    const res = await raise(
      [text('issueType', 'Other'), text('description', 'Log bundle'), file('logs.bin', Buffer.alloc(20 * MB, 2))],
      me,
    );
    expect(res.http).toBe(200);
  });

  it('refuses a fifth file with a clear message and stores nothing', async () => {
    const me = await someone();
    const before = await counts();
    const res = await raise(
      [
        text('issueType', 'Other'),
        text('description', 'Five screenshots'),
        ...[1, 2, 3, 4, 5].map((n) => file(`shot-${n}.png`, `png ${n}`, 'image/png')),
      ],
      me,
    );
    expect(res.http).toBe(400);
    expect(res.body.message).toBe('You can attach at most 4 files');
    expect(res.body.data.fieldErrors).toEqual({ attachments: 'You can attach at most 4 files' });
    expect(await counts()).toEqual(before);
  });

  it('refuses a JSON body: a ticket is a multipart form', async () => {
    const me = await someone();
    const res = await post(t.app, 'ticket/generateTicket', { issueType: 'Billing', description: 'x' }, authHeaders(ACME, me));
    expect(res.http).toBe(400);
    expect(res.body.message).toBe('Send the ticket as a multipart form');
  });

  it('keeps script tags in a description as text and sends them back as JSON, never as markup', async () => {
    const me = await someone();
    const description = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const res = await raise([text('issueType', 'Account'), text('description', description)], me);
    const one = await detail(res.body.data.ticketID, me);
    expect(one.body.data.description).toBe(description);
    expect(one.headers['content-type']).toContain('application/json');
  });

  it('stores nothing when the ticket cannot be written after its files were stored', async () => {
    const before = await counts();
    const blobs = await storedBlobs();
    // A customer id that does not exist: the ticket insert fails inside the transaction.
    await expect(
      service.raise(acmeId, 987654, { issueType: 'Billing', description: 'x' }, [
        { fileName: 'a.txt', contentType: 'text/plain', bytes: Buffer.from('a') },
        { fileName: 'b.txt', contentType: 'text/plain', bytes: Buffer.from('b') },
      ]),
    ).rejects.toThrow();
    expect(await counts()).toEqual(before);
    expect(await storedBlobs()).toBe(blobs);
  });

  it('lists only the customer’s own tickets, newest first', async () => {
    const first = await raise([text('issueType', 'Billing'), text('description', 'older')], sipho);
    const second = await raise([text('issueType', 'Network'), text('description', 'newer')], sipho);
    const mine = await list(sipho);
    expect(mine.data.map((x: { ticketID: number }) => x.ticketID)).toEqual([second.body.data.ticketID, first.body.data.ticketID]);
    expect((await list(zebraCustomer, ZEBRA)).data).toEqual([]);
  });

  it('shows a ticket without an answer with an empty response list', async () => {
    const me = await someone();
    const res = await raise([text('issueType', 'Billing'), text('description', 'No answer yet')], me);
    const one = await detail(res.body.data.ticketID, me);
    expect(one.http).toBe(200);
    expect(one.body.data).toMatchObject({
      ticketID: res.body.data.ticketID,
      issueType: 'Billing',
      ticketStatus: 'Open',
      ticketResponse: [],
    });
  });

  it('answers a ticket: response recorded, status set, customer notified, only the first response shown', async () => {
    const me = await someone();
    const res = await raise([text('issueType', 'Billing'), text('description', 'Refund please')], me);
    const ticketID = res.body.data.ticketID as number;

    const answered = await service.answer({ ticketID, status: 'In Progress', response: 'Looking into it.', answeredBy: 'Naledi' });
    expect(answered.notice).toBe(`Your ticket #${ticketID} (Billing) has a new response: In Progress`);
    await service.answer({ ticketID, status: 'Resolved', response: 'Refunded.' });

    const one = await detail(ticketID, me);
    expect(one.body.data.ticketStatus).toBe('Resolved');
    expect(one.body.data.ticketResponse).toHaveLength(1);
    expect(one.body.data.ticketResponse[0]).toMatchObject({ ticketStatus: 'In Progress', response: 'Looking into it.', attachment: [] });

    const db = t.database.db;
    const responses = await db.select().from(ticketResponses).where(eq(ticketResponses.ticketId, ticketID));
    expect(responses.map((r) => [r.status, r.answeredBy])).toEqual([
      ['In Progress', 'Naledi'],
      ['Resolved', 'operator'],
    ]);
    const notes = await db.select().from(notifications).where(eq(notifications.customerId, me.customerId));
    expect(notes.map((n) => n.text)).toEqual(
      expect.arrayContaining([
        `Your ticket #${ticketID} (Billing) has a new response: In Progress`,
        `Your ticket #${ticketID} (Billing) has a new response: Resolved`,
      ]),
    );
    expect(notes.every((n) => n.companyId === acmeId)).toBe(true);
    // Each notice leads to the ticket it is about.
    expect(notes.map((n) => [n.linkTo, n.linkId])).toEqual([
      ['ticket', ticketID],
      ['ticket', ticketID],
    ]);
  });

  it('refuses to answer an unknown ticket, another company’s ticket, or with an unknown status, and writes nothing', async () => {
    const me = await someone();
    const res = await raise([text('issueType', 'Other'), text('description', 'Scoped')], me);
    const ticketID = res.body.data.ticketID as number;
    const before = (await t.database.db.select().from(ticketResponses)).length;
    await expect(service.answer({ ticketID: 999999, status: 'Resolved', response: 'x' })).rejects.toMatchObject({ status: 404 });
    await expect(
      service.answer({ ticketID, status: 'Resolved', response: 'x' }, { companyId: zebraCustomer.companyId }),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(service.answer({ ticketID, status: 'Done' as 'Resolved', response: 'x' })).rejects.toMatchObject({ status: 400 });
    await expect(service.answer({ ticketID, status: 'Resolved', response: '  ' })).rejects.toMatchObject({ status: 400 });
    expect((await t.database.db.select().from(ticketResponses)).length).toBe(before);
    expect((await detail(ticketID, me)).body.data.ticketStatus).toBe('Open');
  });

  it('answers 404 for another customer’s or another company’s ticket and attachment, revealing nothing', async () => {
    const me = await someone();
    const res = await raise([text('issueType', 'Billing'), text('description', 'Private'), file('secret.txt', 'top secret')], me);
    const ticketID = res.body.data.ticketID as number;
    const url = (await detail(ticketID, me)).body.data.attachment[0].url as string;

    for (const [session, site] of [
      [sipho, ACME],
      [zebraCustomer, ZEBRA],
    ] as const) {
      const other = await detail(ticketID, session, site);
      expect(other.http).toBe(404);
      expect(other.body).toEqual({ status: 404, message: 'Ticket not found', data: null });
      const download = await get(url, session, site);
      expect(download.statusCode).toBe(404);
      expect(download.body).not.toContain('top secret');
    }
    // The zebra customer's token on acme's site is not a session of that site at all.
    expect((await detail(ticketID, zebraCustomer, ACME)).http).toBe(401);
  });

  it('refuses every ticket call without a live session (none, expired, revoked) with 401 and no data', async () => {
    const me = await someone();
    const res = await raise([text('issueType', 'Billing'), text('description', 'x'), file('a.txt', 'a')], me);
    const url = (await detail(res.body.data.ticketID, me)).body.data.attachment[0].url as string;
    const form = multipartBody([text('issueType', 'Billing'), text('description', 'x')]);
    const revoked = await someone();
    await t.modules.identity.sessions.revoke(revoked.sessionId);
    const credentials: [string, Record<string, string>][] = [
      ['no token', { origin: ACME }],
      ['expired token', { ...authHeaders(ACME, me), authorization: await expiredToken(t, me) }],
      ['revoked session', authHeaders(ACME, revoked)],
    ];
    for (const [why, headers] of credentials) {
      const replies = [
        await t.app.inject({ method: 'GET', url: '/api/ticket/getTicketIssueType', headers }),
        await t.app.inject({ method: 'GET', url: '/api/ticket/getallUserTicket', headers }),
        await t.app.inject({ method: 'GET', url, headers }),
        await t.app.inject({
          method: 'POST',
          url: '/api/ticket/getTicketDetailByID',
          payload: { ticketID: res.body.data.ticketID },
          headers,
        }),
        await t.app.inject({
          method: 'POST',
          url: '/api/ticket/generateTicket',
          payload: form.payload,
          headers: { ...headers, ...form.headers },
        }),
      ];
      for (const reply of replies) {
        expect(reply.statusCode, why).toBe(401);
        expect(reply.json(), why).toMatchObject({ status: 401, data: null });
      }
    }
  });

  it('limits each customer to ten tickets a minute', async () => {
    const me = await someone();
    for (let i = 0; i < 10; i += 1) expect((await raise([text('issueType', 'Billing')], me)).http).toBe(400);
    const limited = await raise([text('issueType', 'Billing'), text('description', 'eleventh')], me);
    expect(limited.http).toBe(429);
    // Another customer is not held back by it.
    expect((await raise([text('issueType', 'Billing'), text('description', 'fine')], await someone())).http).toBe(200);
  });

  it('refuses a ticket id that is not a number', async () => {
    const res = await detail('abc');
    expect(res.http).toBe(400);
    expect(res.body.message).toBe('Ticket not found');
  });
});
