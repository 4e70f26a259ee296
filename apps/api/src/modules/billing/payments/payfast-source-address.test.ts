import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYFAST_SANDBOX_MERCHANT, startFakePayFast, type RunningFakePayFast } from '../../../../../../tools/fakes/payfast.ts';
import { submitForm } from '../../../integrations/payments/merchant-receiver.test-helper.ts';
import { openWorld, type World } from './payments.test-helper.ts';

/**
 * PayFast's ITN is accepted only from PayFast's addresses (protocols.md §1.4 step 3). With
 * TRUST_PROXY unset the address checked is the socket's: a forged X-Forwarded-For naming one of
 * PayFast's published addresses does not get an ITN past the check.
 */
const PAYFAST_ADDRESS = '197.97.145.150'; // in the published range 197.97.145.144/28

let fake: RunningFakePayFast;
let w: World;
beforeAll(async () => {
  fake = await startFakePayFast();
  w = await openWorld({
    PAYFAST_MERCHANT_ID: PAYFAST_SANDBOX_MERCHANT.merchantId,
    PAYFAST_MERCHANT_KEY: PAYFAST_SANDBOX_MERCHANT.merchantKey,
    PAYFAST_PASSPHRASE: PAYFAST_SANDBOX_MERCHANT.passphrase!,
    PAYFAST_BASE_URL: fake.url,
    PAYFAST_CHECK_SOURCE_IP: 'true',
  });
});
afterAll(async () => {
  await w?.close();
  await fake?.close();
});

const sendItn = (body: string, socket: string, headers: Record<string, string> = {}) =>
  w.t.app.inject({
    method: 'POST',
    url: '/api/virtualMachine/notifyPayFastStatus',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: body,
    remoteAddress: socket,
  });

describe('the PayFast source check believes the socket, not X-Forwarded-For', () => {
  it('refuses an ITN from elsewhere that claims a PayFast address, and accepts it from PayFast', async () => {
    const buyer = await w.customer(w.ids.acme);
    const orderId = await w.order(buyer);
    const data = (await w.start(buyer, orderId)).body.data;
    expect(data.start.action).toBe(`${fake.url}/eng/process`);
    // The payer pays at the fake, which posts its ITN from 127.0.0.1 (not PayFast): refused.
    const checkout = await submitForm(data.start.action, data.start.fields);
    expect(checkout.status, checkout.text).toBe(303);
    expect((await fetch(new URL(`${checkout.location}/pay`, fake.url), { method: 'POST', redirect: 'manual' })).status).toBe(303);
    const itn = fake.itns.at(-1)!;
    await w.expectUnpaid(orderId, 'created');

    // The same (genuine, signed) ITN from a stranger who names PayFast in the header: refused.
    expect((await sendItn(itn.body, '192.0.2.44', { 'x-forwarded-for': PAYFAST_ADDRESS })).statusCode).toBe(200);
    await w.expectUnpaid(orderId, 'created');
    const reasons = (await w.eventsOf(orderId)).map((e) => [e.outcome, e.reason]);
    expect(reasons).toEqual([
      ['refused', expect.stringContaining('source: ITN from 127.0.0.1, not a PayFast host')],
      ['refused', expect.stringContaining('source: ITN from 192.0.2.44, not a PayFast host')],
    ]);

    // From PayFast's own address it pays the order.
    expect((await sendItn(itn.body, PAYFAST_ADDRESS)).statusCode).toBe(200);
    await w.expectPaidOnce(buyer, orderId, true);
  });
});
