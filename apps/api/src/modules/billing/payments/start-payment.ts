import { messages } from '@mawingu/contracts/messages';
import { isOrderStatusIn, PAYABLE_ORDER_STATUSES } from '@mawingu/contracts/order-status';
import type { StartPaymentData, StartPaymentRequest } from '@mawingu/contracts/payments';
import { paysInUsd, totalsInUsd } from '@mawingu/contracts/pricing/currency';
import { GATEWAY_NAMES, gatewayKeyOf, type GatewayKey } from '@mawingu/contracts/purchase';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { GatewayRequestError, type Currency, type PaymentGateway } from '../../../integrations/payments/payment-gateway.ts';
import { createCustomerAccounts } from '../../identity/index.ts';
import { findOrderOf, type OrderRow } from '../../orders/index.ts';
import { usdRateOf, type PurchaseTermsSource } from '../../orders/index.ts';
import { assertVmNameFree } from '../../orders/index.ts';
import { attemptReferenceOf, createAttempt, markStartFailed, setGatewayReference } from './attempt-store.ts';
import type { GatewaySource } from './gateway-credentials.ts';
import { checkoutUrls } from './return-urls.ts';

export type StartDeps = {
  db: Db;
  gateways: GatewaySource;
  terms: PurchaseTermsSource;
  publicUrl: string;
  zarToUsdRate: string;
};
export type Payer = { companyId: number; customerId: number; site: string };

const refuseGateway = (message: string = messages.gatewayUnavailable) => AppError.badRequest(message, { paymentGateway: message });

/**
 * The Pay button: a new attempt (its own reference) for one of the customer's unpaid orders and
 * the gateway's checkout — a form to post or a page to go to — or, for a bypass order, nothing to
 * pay at a gateway. The attempt stores exactly what the gateway must later confirm.
 */
export function createPaymentStarter({ db, gateways, terms, publicUrl, zarToUsdRate }: StartDeps) {
  const accounts = createCustomerAccounts(db);

  async function payableOrder(payer: Payer, orderId: number): Promise<OrderRow> {
    const stored = await findOrderOf(db, payer.companyId, payer.customerId, orderId);
    if (!stored)
      throw new AppError('not_found', 404, messages.orderNotFound, {
        orderID: messages.orderNotFound,
      });
    const { order } = stored;
    if (order.paidAt) throw AppError.conflict(messages.orderAlreadyPaid);
    if (!isOrderStatusIn(order.status, PAYABLE_ORDER_STATUSES)) throw AppError.conflict(messages.orderNotPayable);
    return order;
  }

  /** The gateway named in the request (spec name or key), else the one the order was made with; offered in the order's region. */
  async function gatewayFor(order: OrderRow, requested: string | undefined): Promise<{ key: GatewayKey; gateway: PaymentGateway }> {
    const named = requested?.trim() ? gatewayKeyOf(requested) : ((order.gateway as GatewayKey | null) ?? undefined);
    if (!named) throw refuseGateway(requested?.trim() ? messages.gatewayUnavailable : messages.noPaymentGateway);
    const offered = order.regionId === null ? [] : (await terms.of(order.companyId)).gatewaysIn(order.regionId);
    // The company's own account when it has one, else the server's (gateway-credentials.ts).
    const gateway = offered.includes(named) ? await gateways.adapterFor(order.companyId, named).catch(() => undefined) : undefined;
    if (!gateway) throw refuseGateway();
    return { key: named, gateway };
  }

  async function start(payer: Payer, input: StartPaymentRequest): Promise<StartPaymentData> {
    const order = await payableOrder(payer, Number(input.orderID));
    // A new VM's name must still be free: another of the customer's orders may have been paid with it since.
    if (order.vmName !== null) await assertVmNameFree(db, order.companyId, order.customerId, order.vmName, order.id);
    if (order.bypass) {
      const attempt = await createAttempt(db, {
        companyId: order.companyId,
        orderId: order.id,
        gateway: 'bypass',
        reference: attemptReferenceOf(order.reference),
        amount: order.total,
        currency: order.currency,
        test: false,
      });
      return {
        orderID: order.id,
        transactionReference: attempt.reference,
        paymentMode: 'Bypass',
        amount: attempt.amount,
        currencyCode: attempt.currency,
        start: { kind: 'bypass' },
      };
    }

    const { key, gateway } = await gatewayFor(order, input.paymentGateway);
    // The PayPal-type gateway cannot take rand: it is charged the engine's USD figure.
    const usd = paysInUsd(order.currency, GATEWAY_NAMES[key]);
    // The company's own rate when the console set one, else the server's; kept on the attempt, so
    // the invoice, history, mails and console show what was charged at which rate (ADR 0096).
    const rate = usd ? usdRateOf(await terms.of(order.companyId), zarToUsdRate) : null;
    const amount =
      rate === null
        ? order.total
        : totalsInUsd({ price: order.price, tax: order.tax, discount: order.discount, arrears: order.arrears }, rate).total;
    const currency = usd ? 'USD' : order.currency;
    const attempt = await createAttempt(db, {
      companyId: order.companyId,
      orderId: order.id,
      gateway: key,
      reference: attemptReferenceOf(order.reference),
      amount,
      currency,
      exchangeRate: rate,
      test: false,
    });
    const account = await accounts.byId(order.companyId, order.customerId);
    try {
      const checkout = await gateway.startCheckout({
        orderId: String(order.id),
        reference: attempt.reference,
        amount,
        currency: currency as Currency,
        description: `${order.productName} (order ${order.id})`,
        customer: {
          email: account?.email ?? '',
          firstName: account?.firstName ?? '',
          lastName: account?.lastName ?? '',
        },
        ...checkoutUrls(key, {
          site: payer.site,
          publicUrl,
          reference: attempt.reference,
          kind: order.kind,
        }),
      });
      if (checkout.kind === 'redirect' && checkout.gatewayReference) await setGatewayReference(db, attempt.id, checkout.gatewayReference);
      const startData = checkout.kind === 'form-post' ? checkout : { kind: 'redirect' as const, url: checkout.url };
      return {
        orderID: order.id,
        transactionReference: attempt.reference,
        paymentMode: GATEWAY_NAMES[key],
        amount,
        currencyCode: currency,
        start: startData,
      };
    } catch (err) {
      await markStartFailed(db, attempt.id);
      // The gateway said no or could not be reached: the spec's one text for the payer ("try later").
      if (err instanceof GatewayRequestError) throw refuseGateway(messages.paymentTryLater);
      throw err;
    }
  }

  return { start };
}

export type PaymentStarter = ReturnType<typeof createPaymentStarter>;
