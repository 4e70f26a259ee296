import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsAdminMessages as texts } from '@mawingu/contracts/admin/payments';
import { adminCall } from '../../../../test/operator-sign-in.ts';
import { auditLog, invoices } from '../../../db/schema.ts';

import { REASON, openOrdersWorld, type OrdersWorld } from './orders.test-helper.ts';

/**
 * Orders and transactions in the console (issue 7, point 4): the list and its filters, one order
 * with its attempts and the gateways' raw messages, and manual reconciliation through the one
 * paying transaction (invoice, fulfilment, notification and mail exactly once), audited.
 */
let w: OrdersWorld['w'];
let admin: OrdersWorld['admin'];
let support: OrdersWorld['support'];
let zebraAdmin: OrdersWorld['zebraAdmin'];
let thandi: OrdersWorld['thandi'];
let lindiwe: OrdersWorld['lindiwe'];
let unpaid: OrdersWorld['unpaid'];
let paidByItn: OrdersWorld['paidByItn'];
let C: OrdersWorld['C'];
let detail: OrdersWorld['detail'];
let reconcile: OrdersWorld['reconcile'];
let provisionJobs: OrdersWorld['provisionJobs'];

beforeAll(async () => {
  ({ w, admin, support, zebraAdmin, thandi, lindiwe, unpaid, paidByItn, C, detail, reconcile, provisionJobs } = await openOrdersWorld());
});
afterAll(() => w.close());

describe('manual reconciliation', () => {
  it('needs a reason of 10 characters, a known action, and for failed/cancelled the attempt; owner and admin only', async () => {
    const short = await reconcile(unpaid, { action: 'paid', reason: 'paid ok' });
    expect(short.http).toBe(400);
    expect(short.body.data.fieldErrors).toEqual({ reason: texts.reasonTooShort });
    expect((await reconcile(unpaid, { action: 'paid', reason: '          x' })).body.data.fieldErrors).toEqual({
      reason: texts.reasonTooShort,
    });
    expect((await reconcile(unpaid, { action: 'refunded', reason: REASON })).body.data.fieldErrors).toEqual({
      action: texts.actionInvalid,
    });
    expect((await reconcile(unpaid, { action: 'failed', reason: REASON })).body.data.fieldErrors).toEqual({
      attemptId: texts.attemptRequired,
    });
    const [otherAttempt] = await w.attemptsOf(paidByItn);
    const foreignAttempt = await reconcile(unpaid, { action: 'failed', attemptId: otherAttempt!.id, reason: REASON });
    expect(foreignAttempt.http).toBe(400);
    expect(foreignAttempt.body.data.fieldErrors).toEqual({ attemptId: texts.attemptNotFound });
    const bySupport = await reconcile(unpaid, { action: 'paid', reason: REASON }, support);
    expect(bySupport.http).toBe(403);
    expect((await reconcile(unpaid, { action: 'paid', reason: REASON }, zebraAdmin)).http).toBe(404);
    expect((await adminCall(w.t, null, 'POST', `${C()}/orders/${unpaid}/reconcile`, { action: 'paid', reason: REASON })).http).toBe(401);
    await w.expectUnpaid(unpaid, 'created');
    expect(await w.db.$count(auditLog, eq(auditLog.action, 'order.reconcile'))).toBe(0);
  });

  it('marks an unpaid order paid through the paying transaction: one invoice, one fulfilment, one notice and mail; audited with the reason', async () => {
    const res = await reconcile(unpaid, { action: 'paid', reason: REASON, gatewayReference: 'ABSA 99812' });
    expect(res.http, res.body.message).toBe(200);
    expect(res.body.message).toBe(texts.reconciledPaid);
    expect(res.body.data.status).toBe('paid');
    expect(res.body.data.invoice).toMatchObject({ proforma: false, paymentMode: 'Manual Payment' });
    const manual = res.body.data.attempts.find((a: { gateway: string }) => a.gateway === 'manual');
    expect(manual).toMatchObject({
      status: 'paid',
      amount: '2522.25',
      currency: 'ZAR',
      gatewayReference: 'ABSA 99812',
      gatewayStatus: 'MANUAL',
      test: false,
    });
    // The customer's chosen gateway stays on the order; the PayFast attempt stays open (a late ITN is a duplicate).
    expect(res.body.data.gateway).toBe('payfast');
    const event = res.body.data.events.find((e: { channel: string }) => e.channel === 'manual');
    expect(event).toMatchObject({
      outcome: 'paid',
      verified: false,
      payload: { operator: admin.email, reason: REASON, gatewayReference: 'ABSA 99812' },
    });

    await w.expectPaidOnce(thandi, unpaid, false);
    const [invoice] = await w.invoicesOf(unpaid);
    expect(invoice!.transactionId).toBe('ABSA 99812');

    const [entry] = await w.db.select().from(auditLog).where(eq(auditLog.action, 'order.reconcile'));
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      companyId: w.ids.acme,
      targetType: 'order',
      targetId: String(unpaid),
      reason: REASON,
    });
    expect(entry!.before).toMatchObject({ order: { status: 'created', paidAt: null }, attempt: null });
    expect(entry!.after).toMatchObject({ order: { status: 'paid' }, attempt: { gateway: 'manual', status: 'paid' }, action: 'paid' });

    // Again: refused, nothing doubles.
    const again = await reconcile(unpaid, { action: 'paid', reason: REASON });
    expect(again.http).toBe(409);
    expect(again.body.message).toBe(texts.orderAlreadyPaid);
    const [payfastAttempt] = (await w.attemptsOf(unpaid)).filter((a) => a.gateway === 'payfast');
    expect((await reconcile(unpaid, { action: 'cancelled', attemptId: payfastAttempt!.id, reason: REASON })).http).toBe(409);
    expect(await w.invoicesOf(unpaid)).toHaveLength(1);
    expect(await provisionJobs(unpaid)).toBe(1);
    expect(await w.db.$count(auditLog, eq(auditLog.action, 'order.reconcile'))).toBe(1);
  });

  it('reconciles through a named attempt: its gateway and reference; a test gateway gives a proforma', async () => {
    const orderId = await w.order(thandi);
    const started = (await w.start(thandi, orderId)).body.data;
    const [attempt] = await w.attemptsOf(orderId);
    const res = await reconcile(orderId, {
      action: 'paid',
      attemptId: attempt!.id,
      gatewayReference: 'PF-1234567',
      reason: 'ITN lost; PayFast dashboard shows it paid',
    });
    expect(res.http, res.body.message).toBe(200);
    expect(res.body.data.attempts).toEqual([
      expect.objectContaining({ id: attempt!.id, gateway: 'payfast', status: 'paid', gatewayReference: 'PF-1234567', test: true }),
    ]);
    expect(res.body.data.invoice).toMatchObject({ proforma: true, paymentMode: 'PayFast Payment' });
    await w.expectPaidOnce(thandi, orderId, true);
    // The genuine ITN arrives after all: a duplicate, nothing more.
    await w.payForm(started.start, 'pay');
    const events = (await detail(orderId)).body.data.events.map((e: { channel: string; outcome: string }) => [e.channel, e.outcome]);
    expect(events).toEqual([
      ['manual', 'paid'],
      ['notification', 'duplicate'],
    ]);
    await w.expectPaidOnce(thandi, orderId, true);
  });

  it('two operators reconciling at once: exactly one pays', async () => {
    const orderId = await w.order(lindiwe);
    const results = await Promise.all([
      reconcile(orderId, { action: 'paid', reason: REASON }),
      reconcile(orderId, { action: 'paid', reason: REASON }),
    ]);
    expect(results.map((r) => r.http).sort()).toEqual([200, 409]);
    await w.expectPaidOnce(lindiwe, orderId, false);
    expect(await w.db.$count(auditLog, and(eq(auditLog.action, 'order.reconcile'), eq(auditLog.targetId, String(orderId))))).toBe(1);
  });

  it('marks a started attempt failed (the order with it) or cancelled; an attempt with a result is refused', async () => {
    const orderId = await w.order(lindiwe, 'ubuntu', 'Ozow Payment');
    expect((await w.start(lindiwe, orderId, 'Ozow Payment')).http).toBe(200);
    const [attempt] = await w.attemptsOf(orderId);
    const failed = await reconcile(orderId, { action: 'failed', attemptId: attempt!.id, reason: 'Customer says the bank declined it' });
    expect(failed.http, failed.body.message).toBe(200);
    expect(failed.body.message).toBe(texts.reconciledFailed);
    expect(failed.body.data.status).toBe('failed');
    expect(failed.body.data.attempts[0]).toMatchObject({ status: 'failed', gatewayStatus: 'MANUAL_FAILED' });
    await w.expectUnpaid(orderId, 'failed');
    const [entry] = await w.db.select().from(auditLog).where(eq(auditLog.action, 'order.reconcile')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ reason: 'Customer says the bank declined it', targetId: String(orderId) });
    expect(entry!.after).toMatchObject({ action: 'failed', attempt: { id: attempt!.id, status: 'failed' }, order: { status: 'failed' } });

    const twice = await reconcile(orderId, { action: 'cancelled', attemptId: attempt!.id, reason: 'Customer says the bank declined it' });
    expect(twice.http).toBe(409);
    expect(twice.body.message).toBe(texts.attemptHasResult);

    // A new try, cancelled by hand; the order can still be paid afterwards.
    expect((await w.start(lindiwe, orderId, 'Ozow Payment')).http).toBe(200);
    const second = (await w.attemptsOf(orderId)).find((a) => a.status === 'started')!;
    const cancelled = await reconcile(orderId, {
      action: 'cancelled',
      attemptId: second.id,
      reason: 'Customer abandoned at the bank page',
    });
    expect(cancelled.body.message).toBe(texts.reconciledCancelled);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect((await reconcile(orderId, { action: 'paid', reason: REASON })).http).toBe(200);
    expect(await w.db.$count(invoices, eq(invoices.orderId, orderId))).toBe(1);
  });
});
