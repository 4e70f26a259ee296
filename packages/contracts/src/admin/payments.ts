import { z } from 'zod';
import { chargedPayment } from '../invoices.ts';
import { GATEWAYS, type GatewayKey } from '../purchase.ts';
import { MAX_ID } from '../ids.ts';
import { ORDER_STATUSES } from '../order-status.ts';

/**
 * The console's payments area (issue 7, point 4): a company's payment settings (bypass, the
 * gateways each region offers, the company's own gateway credentials and their mode), its orders
 * with their payment attempts and raw gateway messages, and manual reconciliation. Texts are the
 * API's own (English), shown as they come.
 */
export const paymentsAdminMessages = {
  settingsSaved: 'Payment settings saved.',
  exportTooLarge: 'More than 50,000 orders match: choose a shorter period or another filter to export them.',
  regionNotFound: 'This region is not one of the company’s.',
  regionTwice: 'This region is listed twice.',
  gatewayTwice: 'A gateway is listed twice in this region.',
  gatewayCurrency:
    '{gateway} does not take {currency}, this region’s currency. PayFast and Ozow take ZAR; Pesapal KES, TZS, UGX, RWF or BIF; PayPal USD, or ZAR charged in USD.',
  gatewayInvalid: 'Choose PayFast, Ozow, Pesapal or PayPal.',
  modeInvalid: 'Choose test or live.',
  credentialRequired: 'Enter this value.',
  credentialUnreadable: 'The stored value can no longer be read (the server’s secret key changed): enter it again.',
  credentialInvalid: 'At most 256 characters, without line breaks or control characters.',
  orderNotFound: 'Order not found.',
  orderAlreadyPaid: 'This order is already paid.',
  attemptNotFound: 'This payment attempt is not one of the order’s.',
  attemptRequired: 'Choose the payment attempt to mark.',
  attemptHasResult: 'This payment attempt already has a result; only a started attempt can be marked failed or cancelled.',
  reasonTooShort: 'Give a reason of at least 10 characters.',
  reasonTooLong: 'The reason has at most 1000 characters.',
  actionInvalid: 'Choose paid, failed or cancelled.',
  referenceInvalid: 'At most 100 characters.',
  referenceTaken: 'This transaction id already paid another payment attempt: one gateway transaction pays one order.',
  dateInvalid: 'Use a date like 2026-11-24.',
  dateOrder: 'The end date is before the start date.',
  reconciledPaid: 'Order marked paid: the invoice is issued and fulfilment has started.',
  reconciledFailed: 'Payment attempt marked failed.',
  reconciledCancelled: 'Payment attempt marked cancelled.',
  invoiceNotFound: 'This order has no invoice yet.',
} as const;

// ---- gateway credentials ----

export type CredentialField = {
  name: string;
  /** Needed for the gateway to work; optional ones may stay empty. */
  required: boolean;
  /** A secret (key, passphrase): never shown, redacted wherever we could have put it. Ids are not secret but are masked too. */
  secret: boolean;
};

/** The fields of each gateway's own credentials, in the form's order. */
export const GATEWAY_CREDENTIAL_FIELDS = {
  payfast: [
    { name: 'merchantId', required: true, secret: false },
    { name: 'merchantKey', required: true, secret: true },
    { name: 'passphrase', required: false, secret: true },
  ],
  ozow: [
    { name: 'siteCode', required: true, secret: false },
    { name: 'privateKey', required: true, secret: true },
    { name: 'apiKey', required: false, secret: true },
  ],
  pesapal: [
    { name: 'consumerKey', required: true, secret: false },
    { name: 'consumerSecret', required: true, secret: true },
  ],
  paypal: [
    { name: 'clientId', required: true, secret: false },
    { name: 'clientSecret', required: true, secret: true },
  ],
} as const satisfies Record<GatewayKey, readonly CredentialField[]>;

export type GatewayCredentials = Record<string, string>;

const MASK = '••••';

/**
 * How a stored credential is shown back: never in full. Values of 12 or more characters keep their
 * last 4 ("••••1234"); shorter ones show only the dots (never more than a third of a value).
 */
export function maskCredential(value: string): string {
  return value.length >= 12 ? `${MASK}${value.slice(-4)}` : MASK;
}

export const gatewayKey = z.enum(GATEWAYS, { error: paymentsAdminMessages.gatewayInvalid });
export const gatewayMode = z.enum(['test', 'live'], { error: paymentsAdminMessages.modeInvalid });
export type GatewayMode = z.infer<typeof gatewayMode>;

/** Where a company's payments through a gateway go when it has no credentials of its own. */
export const FALLBACKS = ['server-live', 'server-test', 'sandbox', 'none'] as const;

export const gatewaySettingsRow = z.object({
  gateway: gatewayKey,
  /** The company has credentials of its own for this gateway. */
  configured: z.boolean(),
  /** The company's mode (its own credentials); 'test' when none are stored. */
  mode: gatewayMode,
  /** Stored but sealed under another secret key: they cannot be used until entered again. */
  unreadable: z.boolean(),
  /** Each field of the gateway, masked ("••••1234"); empty when not set. */
  fields: z.array(z.object({ name: z.string(), required: z.boolean(), secret: z.boolean(), set: z.boolean(), masked: z.string() })),
  /** What pays without the company's own credentials: the server's configuration (live or test), the local sandbox, or nothing. */
  fallback: z.enum(FALLBACKS),
  updatedAt: z.string().nullable(),
});
export type GatewaySettingsRow = z.infer<typeof gatewaySettingsRow>;

export const regionGatewaysRow = z.object({
  id: z.number().int(),
  name: z.string(),
  currency: z.string(),
  /** Offered in this order in the purchase dialog. */
  gateways: z.array(gatewayKey),
});
export type RegionGatewaysRow = z.infer<typeof regionGatewaysRow>;

export const paymentSettingsReply = z.object({
  bypass: z.boolean(),
  regions: z.array(regionGatewaysRow),
  gateways: z.array(gatewaySettingsRow),
});
export type PaymentSettingsReply = z.infer<typeof paymentSettingsReply>;

const credentialValue = z
  .string()
  .trim()
  .max(256, paymentsAdminMessages.credentialInvalid)
  .regex(/^[^\p{Cc}]*$/u, paymentsAdminMessages.credentialInvalid);

export const gatewayUpdate = z.object({
  /** Forget the company's own credentials (the server's configuration serves again). */
  remove: z.boolean().optional(),
  mode: gatewayMode.optional(),
  /** A field left empty or out keeps the stored value. */
  credentials: z.record(z.string(), credentialValue).optional(),
});
export type GatewayUpdate = z.input<typeof gatewayUpdate>;

export const paymentSettingsUpdate = z.object({
  bypass: z.boolean().optional(),
  /** Listed regions get exactly these gateways in this order; regions not listed keep theirs. */
  regions: z
    .array(
      z.object({
        id: z.number().int().positive(paymentsAdminMessages.regionNotFound).max(MAX_ID, paymentsAdminMessages.regionNotFound),
        gateways: z.array(gatewayKey).max(4),
      }),
    )
    .max(500)
    .optional(),
  /** Gateways not named are left as they are. */
  gateways: z.partialRecord(gatewayKey, gatewayUpdate).optional(),
});
export type PaymentSettingsUpdate = z.input<typeof paymentSettingsUpdate>;

// ---- orders ----

export const ORDER_KINDS = [1, 2, 3, 4, 5] as const;
/** A gateway filter value: a gateway, the bypass, or a manual reconciliation. */
export const ORDER_GATEWAY_FILTERS = [...GATEWAYS, 'bypass', 'manual'] as const;
export const ORDERS_PAGE_SIZE = 20;

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, paymentsAdminMessages.dateInvalid)
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    paymentsAdminMessages.dateInvalid,
  );

const ordersFilters = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  kind: z.coerce.number().int().min(1).max(5).optional(),
  gateway: z.enum(ORDER_GATEWAY_FILTERS).optional(),
  /** Customer e-mail or name (part of), an order id, or the start of an order reference. */
  q: z.string().trim().max(200).optional(),
  /** Inclusive days in South African time (UTC+2, as invoices are dated), YYYY-MM-DD. */
  from: day.optional(),
  to: day.optional(),
});
const fromNotAfterTo: [(v: { from?: string; to?: string }) => boolean, { message: string; path: string[] }] = [
  (v) => !v.from || !v.to || v.from <= v.to,
  { message: paymentsAdminMessages.dateOrder, path: ['to'] },
];

export const ordersQuery = ordersFilters
  .extend({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(ORDERS_PAGE_SIZE),
  })
  .refine(...fromNotAfterTo);
export type OrdersQuery = z.input<typeof ordersQuery>;
export type OrdersFilter = z.output<typeof ordersQuery>;

/** The CSV export takes the list's filters (not its page): every order the operator filtered. */
export const ordersExportQuery = ordersFilters.refine(...fromNotAfterTo);
export type OrdersExportQuery = z.input<typeof ordersExportQuery>;
export type OrdersExportFilter = z.output<typeof ordersExportQuery>;

const money = z.string();

export const orderCustomer = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const orderListItem = z.object({
  id: z.number().int(),
  reference: z.string(),
  kind: z.number().int(),
  status: z.string(),
  productName: z.string(),
  customer: orderCustomer,
  total: money,
  currency: z.string(),
  /** The chosen gateway key, 'bypass', or null when none was chosen. */
  gateway: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type OrderListItem = z.infer<typeof orderListItem>;

export const orderList = z.object({
  items: z.array(orderListItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OrderList = z.infer<typeof orderList>;

export const orderAttempt = z.object({
  id: z.number().int(),
  /** payfast, ozow, pesapal, paypal, bypass or manual. */
  gateway: z.string(),
  reference: z.string(),
  gatewayReference: z.string().nullable(),
  amount: money,
  currency: z.string(),
  /** 1 unit of the order's currency in `currency` when converted (PayPal's USD), else null. */
  exchangeRate: z.string().nullable(),
  status: z.string(),
  gatewayStatus: z.string().nullable(),
  test: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderAttempt = z.infer<typeof orderAttempt>;

export const gatewayEventRow = z.object({
  id: z.number().int(),
  attemptId: z.number().int().nullable(),
  gateway: z.string(),
  /** notification, return, cancel, reconcile, bypass or manual. */
  channel: z.string(),
  outcome: z.string(),
  /** The message was checked with the gateway (signature, status call…) and acted on. */
  verified: z.boolean(),
  reason: z.string().nullable(),
  /** As received (only secrets of ours, had any got in, are redacted). */
  payload: z.unknown(),
  receivedAt: z.string(),
});
export type GatewayEventRow = z.infer<typeof gatewayEventRow>;

export const orderDetail = z.object({
  id: z.number().int(),
  reference: z.string(),
  kind: z.number().int(),
  status: z.string(),
  productName: z.string(),
  regionName: z.string(),
  days: z.number().int(),
  currency: z.string(),
  taxPercent: z.string(),
  price: money,
  discount: money,
  tax: money,
  arrears: money,
  total: money,
  gateway: z.string().nullable(),
  bypass: z.boolean(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  customer: orderCustomer.extend({ companyName: z.string() }),
  lines: z.array(
    z.object({
      name: z.string(),
      unit: z.string(),
      count: z.number().int(),
      costPerUnit: z.string(),
      discountPercent: z.string(),
      amount: money,
    }),
  ),
  /** The new VM's name, or the names of the VMs the order acts on. */
  vmName: z.string(),
  /** What the paying gateway charged in another currency, with the rate (null when charged in `currency`). */
  charged: chargedPayment.nullable(),
  attempts: z.array(orderAttempt),
  events: z.array(gatewayEventRow),
  invoice: z
    .object({
      number: z.number().int(),
      /** As printed: its legal entity's series prefix and the number ("KE-7"). */
      serialNumber: z.string(),
      proforma: z.boolean(),
      paymentMode: z.string(),
      issuedAt: z.string(),
    })
    .nullable(),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const orderParams = z.object({
  companyId: z.coerce
    .number()
    .int()
    .min(-MAX_ID - 1)
    .max(MAX_ID),
  orderId: z.coerce
    .number({ error: paymentsAdminMessages.orderNotFound })
    .int(paymentsAdminMessages.orderNotFound)
    .positive(paymentsAdminMessages.orderNotFound)
    .max(2_147_483_647, paymentsAdminMessages.orderNotFound),
});

export const reconcileRequest = z
  .object({
    /** paid: the order is paid (through the attempt named, else a new manual attempt); failed / cancelled: the attempt named. */
    action: z.enum(['paid', 'failed', 'cancelled'], { error: paymentsAdminMessages.actionInvalid }),
    attemptId: z
      .number()
      .int()
      .positive(paymentsAdminMessages.attemptNotFound)
      .max(MAX_ID, paymentsAdminMessages.attemptNotFound)
      .optional(),
    /** The gateway's or bank's transaction id, when the operator has one (printed on the invoice). */
    gatewayReference: z.string().trim().max(100, paymentsAdminMessages.referenceInvalid).optional(),
    reason: z
      .string({ error: paymentsAdminMessages.reasonTooShort })
      .trim()
      .min(10, paymentsAdminMessages.reasonTooShort)
      .max(1000, paymentsAdminMessages.reasonTooLong),
  })
  .refine((v) => v.action === 'paid' || v.attemptId !== undefined, { message: paymentsAdminMessages.attemptRequired, path: ['attemptId'] });
export type ReconcileRequest = z.input<typeof reconcileRequest>;
