import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import type { SignedIn } from '../../../../test/sign-in.ts';
import type { TestContext } from '../../../../test/test-app.ts';
import { openTicketsWorld, type TicketsWorld } from './tickets.test-helper.ts';

describe('console tickets: the queue', () => {
  let t: TestContext;
  let acmeId: number;
  let zebraId: number;
  let thandi: SignedIn;
  let siphoId: number;
  let admin: SignedInOperator;
  let support: SignedInOperator;
  let owner: SignedInOperator;
  let zebraAdmin: SignedInOperator;
  let made: TicketsWorld['made'];
  let queue: TicketsWorld['queue'];
  let ids: TicketsWorld['ids'];

  beforeAll(async () => {
    ({ t, acmeId, zebraId, thandi, siphoId, admin, support, owner, zebraAdmin, made, queue, ids } = await openTicketsWorld());
  });
  afterAll(() => t.close());

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
});
