import { z } from 'zod';
import { envelope } from './envelope.ts';
import { messages } from './messages.ts';

/**
 * Paying an order (purchasing spec sections 4 and 7): starting the trip to a gateway, and the
 * transaction update calls the result pages make. The browser's word is never proof: every result
 * is verified on the server with the gateway (signature, hash, status call or capture) before an
 * order becomes paid, once.
 */

const orderId = z.coerce
  .number({ error: messages.orderNotFound })
  .int(messages.orderNotFound)
  .positive(messages.orderNotFound)
  .max(2_147_483_647, messages.orderNotFound);

/**
 * POST /api/virtualMachine/startPayment (ours; the spec's Pay button): the server builds the
 * gateway's form (with its signature) or redirect for one of the customer's unpaid orders.
 * `paymentGateway` is the spec name chosen in the dialog (or the order's own choice when absent).
 */
export const startPaymentRequest = z.object({
  orderID: orderId,
  paymentGateway: z.string().trim().max(40, messages.fieldTooLong).optional(),
});
export type StartPaymentRequest = z.input<typeof startPaymentRequest>;

export const paymentStart = z.discriminatedUnion('kind', [
  /** Post these fields, in this order, to `action` (PayFast, Ozow): the browser leaves for the gateway. */
  z.object({ kind: z.literal('form-post'), action: z.string(), fields: z.array(z.tuple([z.string(), z.string()])) }),
  /** Send the browser to `url` (Pesapal redirect_url, PayPal's approve link). */
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  /** byPassflag 1: no gateway; the SPA goes straight to /transaction-status/{kind} and confirms there. */
  z.object({ kind: z.literal('bypass') }),
]);
export type PaymentStart = z.infer<typeof paymentStart>;

export const startPaymentData = z.object({
  orderID: z.number().int(),
  /** The attempt's reference: what the result page sends back as TransactionReference. */
  transactionReference: z.string(),
  /** Spec name of the gateway ("PayFast Payment", …) or "Bypass"; the SPA keeps it as the stored payment mode. */
  paymentMode: z.string(),
  /** What the payer is charged (the USD conversion for the PayPal-type gateway). */
  amount: z.string(),
  currencyCode: z.string(),
  start: paymentStart,
});
export type StartPaymentData = z.infer<typeof startPaymentData>;
export const startPaymentResponse = envelope(startPaymentData);

/**
 * The spec's submitOrderRequest (Pesapal-type): the same start, answered as `{ redirect_url }`.
 * callback_url, bankReference and method are accepted and ignored: the server makes its own URLs.
 */
export const submitOrderRequest = z.object({
  orderID: orderId,
  callback_url: z.string().max(2000).optional(),
  bankReference: z.string().max(100).optional(),
  method: z.string().max(40).optional(),
});
export const submitOrderResponse = envelope(z.object({ redirect_url: z.string(), orderID: z.number().int() }));

/**
 * POST /api/virtualMachine/transactionApi and its variants (…ForCloneVM, …ForSnapshotVM,
 * …ForRenewVm, …ForMultipleRenew, …ForUpdateVm): what a result page read from its address. Every
 * gateway's return fields are accepted (Ozow's query, Pesapal's OrderTrackingId, PayPal's token);
 * the server verifies them with the gateway. `status: 'cancelled'` reports a cancelled payment
 * (the failure page, for the PayPal-type gateway); `byPass` confirms a bypass order.
 */
const text = (max = 200) => z.string().max(max, messages.fieldTooLong).optional();
export const transactionUpdateRequest = z
  .object({
    orderId: orderId.optional(),
    TransactionReference: text(),
    paymentMode: text(40),
    status: text(40),
    byPass: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()]).optional(),
    Amount: text(40),
    CurrencyCode: text(8),
    Optional1: text(),
    Optional2: text(),
    Optional3: text(),
    Optional4: text(),
    Optional5: text(),
    SiteCode: text(),
    TransactionId: text(),
    Status: text(40),
    StatusMessage: text(500),
    Customer: text(),
    IsTest: text(10),
    Hash: text(200),
    OrderTrackingId: text(),
    OrderMerchantReference: text(),
    OrderNotificationType: text(40),
    /** PayPal's return: its order id and the payer. */
    token: text(),
    PayerID: text(),
  })
  .refine((b) => b.orderId !== undefined || b.TransactionReference || b.OrderMerchantReference || b.token, {
    message: messages.orderNotFound,
    path: ['orderId'],
  });
export type TransactionUpdateRequest = z.input<typeof transactionUpdateRequest>;

/** The spec's result words: Complete → success view, Error → Failed view, Cancelled → cancelled view; Pending: ask again shortly. */
export const transactionStatus = z.enum(['Complete', 'Error', 'Cancelled', 'Pending']);
export type TransactionStatus = z.infer<typeof transactionStatus>;

export const transactionResult = z.object({
  transactionStatus,
  orderID: z.number().int(),
  kind: z.number().int(),
  /** The gateway's transaction id (null until paid). */
  transactionID: z.string().nullable(),
  /** The product bought (the failure page's way back to /productdetails/{productId}). */
  productID: z.number().int().nullable(),
  /** The VM concerned by renew, update, clone or snapshot orders (issue 6); null for a new VM. */
  updateID: z.number().int().nullable(),
  isClone: z.union([z.literal(0), z.literal(1)]),
  /** Kind 2 only: which copy was bought, so the success page can say what happens next. */
  backupKind: z.enum(['clone', 'snapshot']).nullable().optional(),
  /** Opaque /DownloadInvoice/{token}, once the invoice is issued. */
  invoiceToken: z.string().nullable(),
  paymentMode: z.string(),
});
export type TransactionResult = z.infer<typeof transactionResult>;
export const transactionUpdateResponse = envelope(transactionResult);

/** The variants the spec names for each kind of purchase; one handler serves them all (the order knows its kind). */
export const TRANSACTION_UPDATE_CALLS = [
  'transactionApi',
  'transactionApiForCloneVM',
  'transactionApiForSnapshotVM',
  'transactionApiForRenewVm',
  'transactionApiForMultipleRenew',
  'transactionApiForUpdateVm',
] as const;

/**
 * POST virtualMachine/getOrderPaymentStatus: where one of the viewer's own orders stands, read
 * only (nothing is asked of a gateway, nothing changes). The success page shows success only when
 * this says Complete; anyone else's order, or one never paid for, is 404 "Order not found".
 */
export const orderPaymentStatusRequest = z.object({
  orderID: z.coerce
    .number({ error: messages.orderNotFound })
    .int(messages.orderNotFound)
    .positive(messages.orderNotFound)
    .max(2_147_483_647, messages.orderNotFound),
});
export type OrderPaymentStatusRequest = z.input<typeof orderPaymentStatusRequest>;
export const orderPaymentStatusResponse = envelope(transactionResult);
