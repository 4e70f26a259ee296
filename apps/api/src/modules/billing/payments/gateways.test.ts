import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { until } from '../../../../test/until.ts';
import { FREEPASS, openWorld, ZEBRA, type World } from './payments.test-helper.ts';

/** Each gateway end to end over HTTP against the sandboxes mounted in the product, as the SPA drives it. */
let w: World;
let buyer: Awaited<ReturnType<World['customer']>>;
beforeAll(async () => {
  w = await openWorld();
  buyer = await w.customer(w.ids.acme);
});
afterAll(() => w.close());

const queryOf = (location: string) => Object.fromEntries(new URL(location).searchParams);

describe('PayFast', () => {
  it('pays: the ITN pays the order, the result page reads Complete with the invoice, one VM runs', async () => {
    const orderId = await w.order(buyer);
    const started = await w.start(buyer, orderId);
    expect(started.http, started.body.message).toBe(200);
    const data = started.body.data;
    expect(data).toMatchObject({
      orderID: orderId,
      paymentMode: 'PayFast Payment',
      amount: '2522.25',
      currencyCode: 'ZAR',
      start: { kind: 'form-post' },
    });
    const fields = Object.fromEntries(data.start.fields as Array<[string, string]>);
    expect(fields.return_url).toBe(`https://acme-pay.example/transaction-status-payfast/1?ref=${data.transactionReference}`);
    expect(fields.cancel_url).toBe(`${fields.return_url}&cancelled=1`);
    expect(fields.notify_url).toBe(`${w.origin}/api/virtualMachine/notifyPayFastStatus`);
    expect(data.transactionReference.length).toBeLessThanOrEqual(50);

    const back = await w.payForm(data.start, 'pay');
    expect(back).toBe(fields.return_url);
    const result = await w.update(buyer, {
      TransactionReference: queryOf(back).ref,
      paymentMode: 'PayFast Payment',
    });
    expect(result.http).toBe(200);
    expect(result.body.data).toMatchObject({
      transactionStatus: 'Complete',
      orderID: orderId,
      kind: 1,
      paymentMode: 'PayFast Payment',
      invoiceToken: expect.any(String),
      transactionID: expect.any(String),
    });
    await w.expectPaidOnce(buyer, orderId);
    const [attempt] = await w.attemptsOf(orderId);
    expect(attempt).toMatchObject({
      status: 'paid',
      amount: '2522.25',
      currency: 'ZAR',
      test: true,
      gatewayStatus: 'COMPLETE',
    });
    expect((await w.orderRow(orderId)).gateway).toBe('payfast');
    // Pay again: already paid.
    const again = await w.start(buyer, orderId);
    expect(again.http).toBe(409);
    expect(again.body.message).toBe(messages.orderAlreadyPaid);
  });

  it('cancelled at PayFast: the result page closes the attempt as cancelled, no VM; a later genuine ITN still pays', async () => {
    const orderId = await w.order(buyer);
    const first = (await w.start(buyer, orderId)).body.data;
    const back = await w.payForm(first.start, 'cancel');
    expect(back).toContain('&cancelled=1');
    const result = await w.update(buyer, {
      TransactionReference: queryOf(back).ref,
      status: 'cancelled',
    });
    expect(result.body.data.transactionStatus).toBe('Cancelled');
    expect(result.body.data.productID).toEqual(expect.any(Number));
    await w.expectUnpaid(orderId, 'cancelled');

    // The payer tries again with a new attempt; the page said cancelled first, the ITN still pays.
    const second = (await w.start(buyer, orderId)).body.data;
    expect(second.transactionReference).not.toBe(first.transactionReference);
    const submittedCancel = await w.update(buyer, {
      TransactionReference: second.transactionReference,
      status: 'cancelled',
    });
    expect(submittedCancel.body.data.transactionStatus).toBe('Cancelled');
    await w.payForm(second.start, 'pay');
    const result2 = await w.update(buyer, {
      TransactionReference: second.transactionReference,
    });
    expect(result2.body.data.transactionStatus).toBe('Complete');
    await w.expectPaidOnce(buyer, orderId);
  });

  it('failed at PayFast: the FAILED ITN fails the attempt and the order, the result page shows Error, no VM', async () => {
    const orderId = await w.order(buyer);
    const data = (await w.start(buyer, orderId)).body.data;
    await w.payForm(data.start, 'fail');
    const result = await w.update(buyer, {
      TransactionReference: data.transactionReference,
    });
    expect(result.body.data.transactionStatus).toBe('Error');
    await w.expectUnpaid(orderId, 'failed');
  });

  it('pending until the ITN arrives', async () => {
    const orderId = await w.order(buyer);
    const data = (await w.start(buyer, orderId)).body.data;
    const result = await w.update(buyer, {
      TransactionReference: data.transactionReference,
    });
    expect(result.body).toMatchObject({
      status: 200,
      message: messages.paymentPending,
      data: { transactionStatus: 'Pending', invoiceToken: null },
    });
  });
});

describe('Ozow', () => {
  it('pays: notify and the hashed return both verify, paid once, one VM', async () => {
    const orderId = await w.order(buyer, 'ubuntu', 'Ozow Payment');
    const data = (await w.start(buyer, orderId)).body.data;
    expect(data.paymentMode).toBe('Ozow Payment');
    const fields = Object.fromEntries(data.start.fields as Array<[string, string]>);
    expect(fields).toMatchObject({
      SuccessUrl: 'https://acme-pay.example/transaction-status/1',
      CancelUrl: 'https://acme-pay.example/transaction-status/1',
      ErrorUrl: 'https://acme-pay.example/transaction-status/1',
      NotifyUrl: `${w.origin}/api/payments/ozow/notify`,
      Amount: '2522.25',
    });
    const back = await w.payForm(data.start, 'pay');
    const query = queryOf(back);
    expect(query.Status).toBe('Complete');
    const result = await w.update(buyer, {
      ...query,
      paymentMode: 'Ozow Payment',
    });
    expect(result.body.data).toMatchObject({
      transactionStatus: 'Complete',
      transactionID: query.TransactionId,
    });
    // The page reloaded: the same return again changes nothing.
    expect((await w.update(buyer, query)).body.data.transactionStatus).toBe('Complete');
    await w.expectPaidOnce(buyer, orderId);
    const outcomes = (await w.eventsOf(orderId)).map((e) => `${e.channel}:${e.outcome}`).sort();
    expect(outcomes).toEqual(['notification:paid', 'return:duplicate', 'return:duplicate']);
  });

  it('cancelled at Ozow: Cancelled, no VM', async () => {
    const orderId = await w.order(buyer, 'ubuntu', 'Ozow Payment');
    const data = (await w.start(buyer, orderId)).body.data;
    const query = queryOf(await w.payForm(data.start, 'cancel'));
    expect((await w.update(buyer, query)).body.data.transactionStatus).toBe('Cancelled');
    await w.expectUnpaid(orderId, 'cancelled');
  });

  it('failed at Ozow: Error, no VM; a forged return shows Error and changes nothing', async () => {
    const orderId = await w.order(buyer, 'ubuntu', 'Ozow Payment');
    const data = (await w.start(buyer, orderId)).body.data;
    const query = queryOf(await w.payForm(data.start, 'fail'));
    expect((await w.update(buyer, query)).body.data.transactionStatus).toBe('Error');
    await w.expectUnpaid(orderId, 'failed');
    const forged = await w.update(buyer, { ...query, Status: 'Complete' });
    expect(forged.body.data.transactionStatus).toBe('Error');
    await w.expectUnpaid(orderId, 'failed');
    expect((await w.eventsOf(orderId)).some((e) => e.outcome === 'refused' && e.reason?.startsWith('signature'))).toBe(true);
  });
});

describe('Pesapal', () => {
  it('pays through submitOrderRequest: the IPN asks Pesapal and pays, the callback reads Complete', async () => {
    const orderId = await w.order(buyer, 'nairobi');
    const started = await w.update(
      buyer,
      {
        orderID: orderId,
        callback_url: 'ignored',
        bankReference: 'VM Purchase',
        method: 'newOrRenewVM',
      },
      undefined,
      'submitOrderRequest',
    );
    expect(started.http, started.body.message).toBe(200);
    expect(started.body.data).toMatchObject({
      orderID: orderId,
      redirect_url: expect.stringContaining('/dev/sandbox/pesapal/'),
    });
    const [attempt] = await w.attemptsOf(orderId);
    expect(attempt).toMatchObject({
      gateway: 'pesapal',
      amount: '1934.75',
      currency: 'KES',
      gatewayReference: expect.any(String),
    });

    const back = await w.payRedirect(started.body.data.redirect_url, 'pay');
    expect(back.startsWith(`https://acme-pay.example/transaction-status-pesapal/${attempt!.reference}/1?`)).toBe(true);
    await until(async () => ((await w.orderRow(orderId)).paidAt ? true : undefined));
    const result = await w.update(buyer, {
      ...queryOf(back),
      paymentMode: 'Pesapal Payment',
    });
    expect(result.body.data).toMatchObject({
      transactionStatus: 'Complete',
      invoiceToken: expect.any(String),
    });
    await w.expectPaidOnce(buyer, orderId);
  });

  it('cancelled at Pesapal: the cancellation page reports it, Pesapal confirms nothing was paid, Cancelled', async () => {
    const orderId = await w.order(buyer, 'nairobi');
    const data = (await w.start(buyer, orderId)).body.data;
    expect(data.start.kind).toBe('redirect');
    const back = await w.payRedirect(data.start.url, 'cancel');
    expect(back).toContain('?cancelled=1&');
    const result = await w.update(buyer, {
      ...queryOf(back),
      status: 'cancelled',
    });
    expect(result.body.data.transactionStatus).toBe('Cancelled');
    await w.expectUnpaid(orderId, 'cancelled');
  });

  it('failed at Pesapal: Error, no VM', async () => {
    const orderId = await w.order(buyer, 'nairobi');
    const data = (await w.start(buyer, orderId)).body.data;
    const back = await w.payRedirect(data.start.url, 'fail');
    await until(async () => ((await w.orderRow(orderId)).status === 'failed' ? true : undefined));
    expect((await w.update(buyer, queryOf(back))).body.data.transactionStatus).toBe('Error');
    await w.expectUnpaid(orderId, 'failed');
  });
});

describe('PayPal', () => {
  it('charges a rand order in USD at the configured rate, to the cent; the return captures and pays once', async () => {
    const orderId = await w.order(buyer, 'ubuntu', 'Paypal Payment');
    const data = (await w.start(buyer, orderId)).body.data;
    // 2250 × 0.063 = 141.75; 337.50 × 0.063 = 21.2625 → 21.26; 65.25 × 0.063 = 4.11075 → 4.11.
    expect(data).toMatchObject({
      paymentMode: 'Paypal Payment',
      amount: '158.90',
      currencyCode: 'USD',
      start: { kind: 'redirect' },
    });
    const back = await w.payRedirect(data.start.url, 'pay');
    expect(back.startsWith(`https://acme-pay.example/transaction-status-paypal/${data.transactionReference}/1?token=`)).toBe(true);
    const query = queryOf(back);
    const result = await w.update(buyer, {
      token: query.token,
      PayerID: query.PayerID,
      paymentMode: 'Paypal Payment',
    });
    expect(result.body.data.transactionStatus).toBe('Complete');
    // Reloaded page: PayPal is asked again, nothing more happens.
    expect((await w.update(buyer, { token: query.token })).body.data.transactionStatus).toBe('Complete');
    await w.expectPaidOnce(buyer, orderId);
    const [attempt] = await w.attemptsOf(orderId);
    expect(attempt).toMatchObject({
      amount: '158.90',
      currency: 'USD',
      gatewayStatus: 'COMPLETED',
    });
  });

  it('cancelled at PayPal: the failure page reports status cancelled, Cancelled, no VM', async () => {
    const orderId = await w.order(buyer, 'ubuntu', 'Paypal Payment');
    const data = (await w.start(buyer, orderId)).body.data;
    const back = await w.payRedirect(data.start.url, 'cancel');
    expect(back).toContain('?cancelled=1&token=');
    const result = await w.update(buyer, {
      token: queryOf(back).token,
      status: 'cancelled',
    });
    expect(result.body.data.transactionStatus).toBe('Cancelled');
    await w.expectUnpaid(orderId, 'cancelled');
  });

  it('a declined card: the capture fails, Error, no VM', async () => {
    const orderId = await w.order(buyer, 'ubuntu', 'Paypal Payment');
    const data = (await w.start(buyer, orderId)).body.data;
    const back = await w.payRedirect(data.start.url, 'fail');
    expect((await w.update(buyer, { token: queryOf(back).token })).body.data.transactionStatus).toBe('Error');
    await w.expectUnpaid(orderId, 'failed');
  });
});

describe('bypass and start refusals', () => {
  it('a bypass order pays without a gateway: start answers bypass, the transaction update pays it', async () => {
    const fp = await w.customer(w.ids.freepass);
    const orderId = await w.order(fp, 'freepass');
    const started = await w.start(fp, orderId, undefined, FREEPASS);
    expect(started.body.data).toMatchObject({
      paymentMode: 'Bypass',
      amount: '569.25',
      start: { kind: 'bypass' },
    });
    const result = await w.update(fp, { orderId, byPass: 1, paymentMode: 'Bypass' }, FREEPASS);
    expect(result.body.data).toMatchObject({
      transactionStatus: 'Complete',
      paymentMode: 'Bypass',
    });
    await w.expectPaidOnce(fp, orderId, false);
  });

  it('byPass on an order that is not a bypass order is refused, naming byPass', async () => {
    const orderId = await w.order(buyer);
    const res = await w.update(buyer, { orderId, byPass: 1 });
    expect(res.http).toBe(400);
    expect(res.body.data.fieldErrors).toHaveProperty('byPass');
    await w.expectUnpaid(orderId, 'created');
  });

  it('refuses a gateway the region does not offer (400 naming paymentGateway) and another customer’s order (404)', async () => {
    const orderId = await w.order(buyer);
    const res = await w.start(buyer, orderId, 'Pesapal Payment');
    expect(res.http).toBe(400);
    expect(res.body.data.fieldErrors).toEqual({
      paymentGateway: messages.gatewayUnavailable,
    });
    const unknown = await w.start(buyer, orderId, 'Bitcoin');
    expect(unknown.http).toBe(400);
    const other = await w.customer(w.ids.acme);
    const stranger = await w.start(other, orderId);
    expect(stranger.http).toBe(404);
    expect(stranger.body.message).toBe(messages.orderNotFound);
    expect(await w.attemptsOf(orderId)).toHaveLength(0);
    const bad = await w.start(buyer, 'abc' as unknown as number);
    expect(bad.http).toBe(400);
  });
});

describe('the success page asks the API, never its address', () => {
  const status = (who: typeof buyer, orderID: unknown, site?: string) => w.update(who, { orderID }, site, 'getOrderPaymentStatus');

  it('answers the viewer’s own order: Pending before payment, Complete with the invoice after; nothing is paid by asking', async () => {
    const orderId = await w.order(buyer, 'ubuntu', 'Ozow Payment');
    const data = (await w.start(buyer, orderId)).body.data;
    const pending = await status(buyer, orderId);
    expect(pending.http).toBe(200);
    expect(pending.body.data).toMatchObject({ transactionStatus: 'Pending', orderID: orderId, invoiceToken: null });
    await w.expectUnpaid(orderId, 'created');

    await w.payForm(data.start, 'pay');
    await w.expectPaidOnce(buyer, orderId);
    const paid = await status(buyer, orderId);
    expect(paid.body.message).toBe(messages.purchaseSuccessful);
    expect(paid.body.data).toMatchObject({ transactionStatus: 'Complete', orderID: orderId });
    expect(paid.body.data.invoiceToken).toEqual(expect.any(String));
  });

  it('another customer’s paid order, one never paid for, an unknown one and another company’s: 404 Order not found', async () => {
    const orderId = await w.order(buyer, 'ubuntu', 'Ozow Payment');
    await w.payForm((await w.start(buyer, orderId)).body.data.start, 'pay');
    await w.expectPaidOnce(buyer, orderId);
    const other = await w.customer(w.ids.acme);
    const unpaid = await w.order(buyer);
    const zebraBuyer = await w.customer(w.ids.zebra);
    for (const [who, id, site] of [
      [other, orderId, undefined],
      [buyer, unpaid, undefined],
      [buyer, 99_999_999, undefined],
      [zebraBuyer, orderId, ZEBRA],
    ] as const) {
      const res = await status(who, id, site);
      expect(res.http, `order ${id}`).toBe(404);
      expect(res.body).toMatchObject({ message: messages.orderNotFound, data: null });
    }
    for (const bad of ['abc', 0, 99_999_999_999]) {
      const res = await status(buyer, bad);
      expect(res.http).toBe(400);
      expect(res.body.data.fieldErrors).toEqual({ orderID: messages.orderNotFound });
    }
  });
});
