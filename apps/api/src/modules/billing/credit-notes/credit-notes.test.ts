import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYPAL_SANDBOX_CLIENT_ID,
  PAYPAL_SANDBOX_CLIENT_SECRET,
  startFakePayPal,
  type FakePayPal,
} from '../../../../../../tools/fakes/paypal.ts';
import { queuedMails } from '../../../../test/queued-mails.ts';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { gatewayEvents, refunds, vms } from '../../../db/schema.ts';
import { FREEPASS, openWorld, type World } from '../payments/payments.test-helper.ts';

/**
 * Issue 18 point 3: credit notes against an invoice, whole or in part, in their own gap-free
 * series, never above what is left uncredited; refunds through PayPal (the fake on its own origin)
 * or recorded by hand; the PDF the customer sees beside the invoice, and the mail.
 */
let w: World;
let paypal: FakePayPal;
let admin: SignedInOperator;
let buyer: Awaited<ReturnType<World['customer']>>;
beforeAll(async () => {
  paypal = await startFakePayPal();
  w = await openWorld({
    PAYPAL_CLIENT_ID: PAYPAL_SANDBOX_CLIENT_ID,
    PAYPAL_CLIENT_SECRET: PAYPAL_SANDBOX_CLIENT_SECRET,
    PAYPAL_BASE_URL: paypal.url,
  });
  admin = await signInOperator(w.t, 'admin', w.ids.acme);
  buyer = await w.customer(w.ids.acme);
});
afterAll(async () => {
  await w.close();
  await paypal.close();
});

const queryOf = (location: string) => Object.fromEntries(new URL(location).searchParams);

function pdfToText(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'credit-note-'));
  const file = path.join(dir, 'credit-note.pdf');
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A rand order of R2,522.25 (VAT R337.50) paid through the PayFast sandbox. */
async function paidByPayFast(who = buyer): Promise<number> {
  const orderId = await w.order(who);
  const data = (await w.start(who, orderId)).body.data;
  const back = await w.payForm(data.start, 'pay');
  await w.update(who, { TransactionReference: queryOf(back).ref, paymentMode: 'PayFast Payment' });
  await w.expectPaidOnce(who, orderId);
  return orderId;
}

/** The same order paid through PayPal at the fake on its own origin: USD 158.90 at 0.063. */
async function paidByPayPal(): Promise<number> {
  const orderId = await w.order(buyer, 'ubuntu', 'Paypal Payment');
  const data = (await w.start(buyer, orderId)).body.data;
  const token = new URL(data.start.url as string).searchParams.get('token')!;
  expect(new URL(data.start.url as string).origin).toBe(new URL(paypal.url).origin);
  paypal.control.approve(token);
  const res = await w.update(buyer, { token, PayerID: paypal.control.orders.get(token)!.payerId, paymentMode: 'Paypal Payment' });
  expect(res.body.data.transactionStatus).toBe('Complete');
  return orderId;
}

const creditUrl = (orderId: number, companyId = w.ids.acme) => `/api/admin/companies/${companyId}/orders/${orderId}/credit-notes`;
const credit = (orderId: number, body: Record<string, unknown>, who = admin) =>
  w.t.app.inject({ method: 'POST', url: creditUrl(orderId), headers: who.headers, payload: body });
const partial = (amount: string, extra: Record<string, unknown> = {}) => ({
  scope: 'part',
  amount,
  reason: 'Service outage of 5 days in November',
  refund: 'manual',
  refundReference: 'EFT 2026-11-28 ABSA 4411',
  service: 'keep',
  ...extra,
});
const history = async (who = buyer) =>
  (await w.t.app.inject({ method: 'GET', url: '/api/virtualMachine/getPurchaseHistory', headers: w.as(who) })).json().data as Array<{
    ID: number;
    creditNotes: Array<{ serialNumber: string; token: string; total: string; refunded: string | null }>;
  }>;

describe('a partial credit note with a manual refund', () => {
  let orderId: number;
  let first: Record<string, any>;
  beforeAll(async () => {
    orderId = await paidByPayFast();
    const res = await credit(orderId, partial('575'));
    expect(res.statusCode, res.body).toBe(200);
    first = res.json();
  });

  it('credits the amount with the invoice’s VAT share, to the cent, and leaves the rest', () => {
    expect(first.message).toBe('Credit note CN-1 issued.');
    // 575.00 × 337.50 / 2522.25 = 76.944… → 76.94 VAT, 498.06 before VAT.
    expect(first.data).toMatchObject({
      invoiceTotal: '2522.25',
      uncredited: '1947.25',
      currency: 'ZAR',
      // The local PayFast sandbox has the Refunds API (PayFast's own sandbox has none: ADR 0127).
      refundThrough: 'payfast',
      hasVm: true,
    });
    expect(first.data.creditNotes[0]).toMatchObject({
      serialNumber: 'CN-1',
      total: '575.00',
      vat: '76.94',
      amountExclVat: '498.06',
      serviceAction: 'keep',
      reason: 'Service outage of 5 days in November',
      refund: { method: 'manual', status: 'completed', amount: '575.00', currency: 'ZAR', gatewayReference: 'EFT 2026-11-28 ABSA 4411' },
    });
  });

  it('refuses more than is left uncredited, naming the amount, and writes nothing', async () => {
    const res = await credit(orderId, partial('1947.26'));
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fieldErrors.amount).toBe('At most ZAR 1947.25 of this invoice is not credited yet.');
    const after = await w.t.app.inject({ method: 'GET', url: creditUrl(orderId), headers: admin.headers });
    expect(after.json().data.creditNotes).toHaveLength(1);
  });

  it('requires a reason and a positive amount', async () => {
    const noReason = await credit(orderId, partial('10', { reason: '  ' }));
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().data.fieldErrors.reason).toBe('Give the reason for this credit note (at least 5 characters).');
    const zero = await credit(orderId, partial('0.00'));
    expect(zero.statusCode).toBe(400);
    expect(zero.json().data.fieldErrors.amount).toBe('Enter an amount greater than 0, like 120.00.');
    const missing = await credit(orderId, partial('1', { amount: undefined }));
    expect(missing.json().data.fieldErrors.amount).toBe('Enter an amount greater than 0, like 120.00.');
  });

  it('refuses a gateway refund of a payment that went through no gateway (a bypass order)', async () => {
    const fp = await w.customer(w.ids.freepass);
    const bypassed = await w.order(fp, 'freepass');
    await w.start(fp, bypassed, undefined, FREEPASS);
    await w.update(fp, { orderId: bypassed, byPass: 1, paymentMode: 'Bypass' }, FREEPASS);
    const owner = await signInOperator(w.t, 'admin', w.ids.freepass);
    const url = creditUrl(bypassed, w.ids.freepass);
    expect((await w.t.app.inject({ method: 'GET', url, headers: owner.headers })).json().data.refundThrough).toBe('manual');
    const res = await w.t.app.inject({ method: 'POST', url, headers: owner.headers, payload: partial('10', { refund: 'gateway' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fieldErrors.refund).toBe(
      'This payment cannot be refunded through its gateway: record a manual refund (EFT) instead.',
    );
  });

  it('lets two credit notes issued at once take turns: together never more than the invoice', async () => {
    const [a, b] = await Promise.all([credit(orderId, partial('1000')), credit(orderId, partial('1000'))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const after = (await w.t.app.inject({ method: 'GET', url: creditUrl(orderId), headers: admin.headers })).json().data;
    expect(after.uncredited).toBe('947.25');
  });

  it('numbers in its own gap-free series, and the last credit takes exactly the VAT left', async () => {
    const res = await credit(orderId, { ...partial('1'), scope: 'whole', amount: undefined, refund: 'none' });
    expect(res.statusCode, res.body).toBe(200);
    const notes = res.json().data.creditNotes as Array<{ serialNumber: string; total: string; vat: string; refund: unknown }>;
    expect(notes.map((n) => n.serialNumber)).toEqual(['CN-1', 'CN-2', 'CN-3']);
    expect(notes[2]).toMatchObject({ total: '947.25', refund: null });
    const cents = (f: 'total' | 'vat') => notes.reduce((s, n) => s + Math.round(Number(n[f]) * 100), 0);
    expect(cents('total')).toBe(252225);
    expect(cents('vat')).toBe(33750);
    expect(res.json().data.uncredited).toBe('0.00');
    const again = await credit(orderId, partial('1'));
    expect(again.json().data.fieldErrors.amount).toBe('This invoice is credited in full already.');
  });

  it('shows the customer each credit note beside the invoice, and only to them', async () => {
    const row = (await history()).find((r) => r.ID === orderId)!;
    expect(row.creditNotes.map((c) => [c.serialNumber, c.total, c.refunded])).toEqual([
      ['CN-1', '575.00', '575.00'],
      ['CN-2', '1000.00', '1000.00'],
      ['CN-3', '947.25', null],
    ]);
    const own = await w.t.app.inject({ method: 'GET', url: `/api/credit-note/pdf/${row.creditNotes[0]!.token}`, headers: w.as(buyer) });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toBe('inline; filename="credit-note-CN-1.pdf"');
    const other = await w.customer(w.ids.acme);
    const theirs = await w.t.app.inject({ method: 'GET', url: `/api/credit-note/pdf/${row.creditNotes[0]!.token}`, headers: w.as(other) });
    expect(theirs.statusCode).toBe(404);
    expect((await history(other)).flatMap((r) => r.creditNotes)).toEqual([]);
    const zebra = await signInOperator(w.t, 'admin', w.ids.zebra);
    const console404 = await w.t.app.inject({ method: 'GET', url: creditUrl(orderId, w.ids.zebra), headers: zebra.headers });
    expect(console404.statusCode).toBe(404);
  });

  it('prints what SARS s21 asks on the PDF', async () => {
    const row = (await history()).find((r) => r.ID === orderId)!;
    const [invoice] = await w.invoicesOf(orderId);
    const res = await w.t.app.inject({ method: 'GET', url: `/api/credit-note/pdf/${row.creditNotes[0]!.token}`, headers: w.as(buyer) });
    const text = pdfToText(res.rawPayload);
    expect(text).toContain('Credit Note');
    expect(text).toMatch(/Credit Note No\.\s+CN-1/);
    expect(text).toMatch(new RegExp(`Original invoice\\s+${invoice!.number}\\b`));
    expect(text).toMatch(/Invoice date\s+\d{2} \w{3}, \d{4}/);
    expect(text).toContain('Acme Cloud');
    expect(text).toContain('Service outage of 5 days in November');
    expect(text).toMatch(/Amount excl\. VAT\s+R498\.06/);
    expect(text).toMatch(/VAT \(15%\)\s+R76\.94/);
    expect(text).toMatch(/Total credited\s+R575\.00/);
    expect(text).toContain('ZAR 575.00 by bank transfer (EFT)');
    // The mailed PDF is the original: a download is a copy (VAT Act s21(4)).
    expect(text).toContain('COPY');
    expect(text).toContain('Credit Note CN-1 (Copy)');
  });

  it('mails the customer the credit note with its PDF', async () => {
    const mails = (await queuedMails(w.t, buyer.email)).filter((m) => m.subject.startsWith('Credit note CN-1 '));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('We have issued credit note CN-1 for ZAR 575.00');
    expect(mails[0]!.attachments?.[0]).toMatchObject({ filename: 'credit-note-CN-1.pdf', contentType: 'application/pdf' });
    const original = Buffer.from(mails[0]!.attachments![0]!.contentBase64, 'base64');
    expect(original.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfToText(original);
    expect(text).toMatch(/Credit Note No\.\s+CN-1/);
    expect(text).not.toContain('COPY');
    expect(text).not.toContain('(Copy)');
  });

  it('lets support read but not issue', async () => {
    const support = await signInOperator(w.t, 'support', w.ids.acme);
    expect((await w.t.app.inject({ method: 'GET', url: creditUrl(orderId), headers: support.headers })).statusCode).toBe(200);
    expect((await credit(orderId, partial('1'), support)).statusCode).toBe(403);
  });
});

describe('a refund through PayPal', () => {
  let orderId: number;
  beforeAll(async () => {
    orderId = await paidByPayPal();
  });

  it('refunds part of the capture in the USD it was charged, at the payment’s rate', async () => {
    const res = await credit(orderId, partial('1000.00', { refund: 'gateway', refundReference: undefined }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.refundThrough).toBe('paypal');
    // 1000.00 × 0.063 = 63.00 USD of the 158.90 captured.
    expect(res.json().data.creditNotes[0].refund).toMatchObject({
      method: 'paypal',
      status: 'completed',
      amount: '1000.00',
      currency: 'ZAR',
      chargedAmount: '63.00',
      chargedCurrency: 'USD',
    });
    const refunded = [...paypal.control.refunds.values()];
    expect(refunded.map((r) => r.amount)).toEqual([{ currency_code: 'USD', value: '63.00' }]);
    expect(res.json().data.creditNotes[0].refund.gatewayReference).toBe(refunded[0]!.id);
  });

  it('records the answer beside the payment’s messages, through the one refund writer', async () => {
    const events = (await w.eventsOf(orderId)).filter((e) => e.channel === 'refund');
    expect(events.map((e) => e.outcome)).toEqual(['refunded']);
  });

  it('refunds the rest with the whole credit, to the cent of the capture, and then nothing more', async () => {
    const res = await credit(orderId, {
      ...partial('1', { refund: 'gateway', refundReference: undefined }),
      scope: 'whole',
      amount: undefined,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.creditNotes[1].refund).toMatchObject({ status: 'completed', chargedAmount: '95.90', chargedCurrency: 'USD' });
    expect([...paypal.control.refunds.values()].map((r) => r.amount.value)).toEqual(['63.00', '95.90']);
    const more = await credit(orderId, partial('1', { refund: 'gateway' }));
    expect(more.statusCode).toBe(400);
    expect([...paypal.control.refunds.values()]).toHaveLength(2);
  });

  it('keeps a refund PayPal could not take pending, and reconciliation sends it once with the same request id', async () => {
    const again = await paidByPayPal();
    paypal.control.setRefundsDown(true);
    const res = await credit(again, partial('500.00', { refund: 'gateway', refundReference: undefined }));
    paypal.control.setRefundsDown(false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/^Credit note \S*CN-\d+ issued; the refund is waiting for the gateway\.$/);
    expect(res.json().data.creditNotes[0].refund).toMatchObject({ status: 'pending', chargedAmount: '31.50', gatewayReference: null });
    const before = paypal.control.refunds.size;
    // Reconciliation takes refunds pending for a minute: this one is made older.
    await w.db
      .update(refunds)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(refunds.status, 'pending'));
    await w.t.modules.billing.payments.reconciler.run();
    await w.t.modules.billing.payments.reconciler.run();
    expect(paypal.control.refunds.size).toBe(before + 1);
    const after = await w.t.app.inject({ method: 'GET', url: creditUrl(again), headers: admin.headers });
    expect(after.json().data.creditNotes[0].refund).toMatchObject({ status: 'completed', chargedAmount: '31.50' });
    const outcomes = (await w.eventsOf(again)).filter((e) => e.channel === 'refund').map((e) => e.outcome);
    expect(outcomes).toEqual(['retry', 'refunded']);
  });

  it('refunds only the credit’s share of the capture when an earlier credit refunded nothing', async () => {
    const third = await paidByPayPal();
    expect((await credit(third, partial('1000.00', { refund: 'none' }))).statusCode).toBe(200);
    const res = await credit(third, {
      ...partial('1', { refund: 'gateway', refundReference: undefined }),
      scope: 'whole',
      amount: undefined,
    });
    expect(res.statusCode, res.body).toBe(200);
    // 1522.25 × 0.063 = 95.90: not the whole USD 158.90 captured.
    expect(res.json().data.creditNotes[1].refund).toMatchObject({ amount: '1522.25', chargedAmount: '95.90', status: 'completed' });
  });

  it('settles a refund once: a repeated answer changes nothing', async () => {
    const [refund] = await w.db.select().from(refunds).where(eq(refunds.chargedAmount, '63.00'));
    const { settleRefund } = await import('./refunds.ts');
    const state = await settleRefund(w.db, refund!.id, { status: 'failed', refundId: 'X', gatewayStatus: 'FAILED', raw: {} }, 'refund');
    expect(state).toBe('completed');
    const [after] = await w.db.select().from(refunds).where(eq(refunds.id, refund!.id));
    expect(after!.status).toBe('completed');
    const duplicates = await w.db
      .select()
      .from(gatewayEvents)
      .where(and(eq(gatewayEvents.channel, 'refund'), eq(gatewayEvents.outcome, 'duplicate')));
    expect(duplicates.length).toBeGreaterThan(0);
  });
});

describe('ending the service', () => {
  it('blocks the VM and ends its period now, through the machines domain', async () => {
    const orderId = await paidByPayFast();
    const res = await credit(orderId, { ...partial('100'), service: 'end', refund: 'none' });
    expect(res.statusCode, res.body).toBe(200);
    const [vm] = await w.db.select().from(vms).where(eq(vms.orderId, orderId));
    expect(vm!.blocked).toBe(true);
    expect(vm!.blockedReason).toMatch(/^Service ended by credit note CN-\d+: Service outage/);
    expect(vm!.endAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('the series of a legal entity', () => {
  it('numbers credit notes of an entity’s invoices in that entity’s own series, after its prefix', async () => {
    const entity = await adminCall(w.t, admin, 'POST', `/companies/${w.ids.acme}/legal-entities`, {
      name: 'Acme Cloud South Africa (Pty) Ltd',
      address: '1 Long Street, Cape Town',
      taxCountry: 'ZA',
      taxNumber: '4123456789',
      seriesPrefix: 'ZA-',
      timeZone: 'Africa/Johannesburg',
      currency: 'ZAR',
    });
    expect(entity.http).toBe(200);
    const entityId = entity.body.data.entities[0].id as number;
    const sellers = await adminCall(w.t, admin, 'PUT', `/companies/${w.ids.acme}/region-sellers`, {
      regions: [{ regionId: w.ids.za, legalEntityId: entityId }],
    });
    expect(sellers.http).toBe(200);
    const serials: string[] = [];
    for (const amount of ['10.00', '20.00']) {
      const orderId = await paidByPayFast();
      const res = await credit(orderId, partial(amount, { refund: 'none' }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.invoiceSerialNumber).toMatch(/^ZA-\d+$/);
      serials.push(res.json().data.creditNotes[0].serialNumber as string);
    }
    // The company's own series has its own CN-1, CN-2…; the entity's starts at 1.
    expect(serials).toEqual(['ZA-CN-1', 'ZA-CN-2']);
  });
});
