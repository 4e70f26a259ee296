import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { until } from '../../../../test/until.ts';
import { submitForm } from '../../../integrations/payments/merchant-receiver.test-helper.ts';
import { refunds } from '../../../db/schema.ts';
import type { World } from '../payments/payments.test-helper.ts';

/**
 * What the gateway refund tests share (ADR 0127): the operator's credit note calls, a form-post
 * checkout at a fake on its own port, and the reconciliation job run on refunds made a while ago.
 */
export async function refundDesk(w: World) {
  const admin: SignedInOperator = await signInOperator(w.t, 'admin', w.ids.acme);
  const buyer = await w.customer(w.ids.acme);
  const url = (orderId: number) => `/api/admin/companies/${w.ids.acme}/orders/${orderId}/credit-notes`;
  const credit = (orderId: number, body: Record<string, unknown>) =>
    w.t.app.inject({ method: 'POST', url: url(orderId), headers: admin.headers, payload: body });
  const read = async (orderId: number) => (await w.t.app.inject({ method: 'GET', url: url(orderId), headers: admin.headers })).json().data;
  const refundOf = async (orderId: number, index = 0) => (await read(orderId)).creditNotes[index].refund;

  /** Posts the checkout form to the fake, then the fake's own "button" decides; returns where the browser lands. */
  async function payAtFake(start: { action: string; fields: Array<[string, string]> }, complete: (id: string) => Promise<string>) {
    const submitted = await submitForm(start.action, start.fields);
    expect(submitted.status, submitted.text).toBe(303);
    return complete(submitted.location!.split('/').pop()!);
  }

  /** Waits for the invoice a credit note needs (the payment settled by the gateway's notification). */
  const invoiced = (orderId: number) => until(async () => ((await w.invoicesOf(orderId)).length ? true : undefined));

  /** Refunds made two minutes ago, then a reconciliation run (it takes refunds pending for a minute). */
  async function reconcileLater() {
    await w.db
      .update(refunds)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(refunds.status, 'pending'));
    await w.t.modules.billing.payments.reconciler.run();
  }

  const refundEvents = async (orderId: number) =>
    (await w.eventsOf(orderId))
      .filter((e) => e.channel === 'refund' || (e.channel === 'notification' && (e.reason ?? '').startsWith('refund')))
      .sort((a, b) => a.id - b.id)
      .map((e) => `${e.channel}:${e.outcome}`);

  return { admin, buyer, credit, read, refundOf, payAtFake, invoiced, reconcileLater, refundEvents };
}

/** A part of the invoice, VAT included, refunded through the gateway. */
export const throughGateway = (amount: string) => ({
  scope: 'part',
  amount,
  reason: 'Service outage of 5 days in November',
  refund: 'gateway',
  service: 'keep',
});

/** All that is left of the invoice, refunded through the gateway. */
export const wholeThroughGateway = {
  scope: 'whole',
  reason: 'Cancelled within the cooling-off period',
  refund: 'gateway',
  service: 'keep',
};
