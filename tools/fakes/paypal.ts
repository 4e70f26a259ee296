/**
 * A protocol-faithful fake of PayPal's REST API (OAuth2 client credentials + Orders v2 + Payments v2 refunds in paypal-refunds.ts, see
 * shared/reference/protocols.md §4): the same paths, auth checks, JSON shapes, error names
 * (ORDER_NOT_APPROVED, ORDER_ALREADY_CAPTURED…), PayPal-Request-Id idempotency, and a hosted approval
 * page (the "approve" link) with Pay / Cancel / Fail buttons that returns the browser to the merchant's
 * return_url (?token=<order id>&PayerID=…) or cancel_url (?token=<order id>).
 * A Fastify plugin (mounted by the product as `/dev/sandbox/paypal`, not in production) and a standalone server:
 *
 *   node --import tsx tools/fakes/paypal.ts [port]
 *
 * The fake sends no webhooks. Facts the reference could not confirm are marked "(fake's choice)".
 */
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import { escapeHtml, gatewayPagePolicy, page } from './gateway-fake-kit.ts';
import { apiError, notFound, unprocessable } from './paypal-errors.ts';
import { registerRefunds, type FakePayPalRefund } from './paypal-refunds.ts';

const BRAND = '#003087';
const fakePage = (title: string, body: string) => page(title, BRAND, body);

export const PAYPAL_SANDBOX_CLIENT_ID = 'sandbox-paypal-client-id';
export const PAYPAL_SANDBOX_CLIENT_SECRET = 'sandbox-paypal-client-secret';

/** PayPal's currency list (protocols.md §4); ZAR and KES are not in it. */
const SUPPORTED_CURRENCIES = new Set(
  'AUD BRL CAD CNY CZK DKK EUR HKD HUF ILS JPY MYR MXN TWD NZD NOK PHP PLN GBP SGD SEK CHF THB USD'.split(' '),
);
const MONEY_VALUE = /^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/;

export type FakePayPalOptions = { clientId?: string; clientSecret?: string; tokenTtlSeconds?: number };

type Money = { currency_code: string; value: string };
type OrderStatus = 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';

export type FakePayPalOrder = {
  id: string;
  status: OrderStatus;
  intent: 'CAPTURE' | 'AUTHORIZE';
  purchaseUnits: Array<Record<string, unknown> & { amount: Money }>;
  returnUrl?: string;
  cancelUrl?: string;
  createTime: string;
  /** Chosen on the hosted page: "fail" approves with an instrument that the capture then declines. */
  declineOnCapture: boolean;
  payerId?: string;
  captureId?: string;
  captureTime?: string;
  /** Refunds of the capture (Payments v2), oldest first. */
  refunds: FakePayPalRefund[];
};

export type FakePayPalControl = {
  orders: Map<string, FakePayPalOrder>;
  tokensIssued(): number;
  /** Number of orders actually created (a repeated PayPal-Request-Id creates none). */
  ordersCreated(): number;
  approve(orderId: string, options?: { decline?: boolean }): void;
  /** Every refund made, by its id. */
  refunds: Map<string, FakePayPalRefund>;
  /** While down, refund calls answer 503 as PayPal does in an outage (fake's choice of status). */
  setRefundsDown(down: boolean): void;
  /** Changes an order's recorded amount (a test of the merchant's amount check). */
  tamperAmount(orderId: string, value: string): void;
};

const cents = (value: string) => Math.round(Number(value) * 100);

/** A capture's state after its refunds: COMPLETED, PARTIALLY_REFUNDED, or REFUNDED once nothing is left. */
function captureStatus(order: FakePayPalOrder): string {
  const refunded = order.refunds.reduce((sum, r) => sum + cents(r.amount.value), 0);
  if (refunded === 0) return 'COMPLETED';
  return refunded >= cents(order.purchaseUnits[0]!.amount.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
}

export function createFakePayPal(options: FakePayPalOptions = {}): { plugin: FastifyPluginAsync; control: FakePayPalControl } {
  const clientId = options.clientId ?? PAYPAL_SANDBOX_CLIENT_ID;
  const clientSecret = options.clientSecret ?? PAYPAL_SANDBOX_CLIENT_SECRET;
  const tokenTtlSeconds = options.tokenTtlSeconds ?? 32_400;
  const tokens = new Map<string, number>();
  let issued = 0;
  let created = 0;
  const orders = new Map<string, FakePayPalOrder>();
  /** PayPal-Request-Id → the reply first given (kept for the fake's lifetime; PayPal keeps it 6 h). */
  const idempotent = new Map<string, { status: number; body: unknown }>();

  const refunds = new Map<string, FakePayPalRefund>();
  let refundsDown = false;
  const control: FakePayPalControl = {
    orders,
    refunds,
    setRefundsDown: (down) => {
      refundsDown = down;
    },
    tokensIssued: () => issued,
    ordersCreated: () => created,
    approve(orderId, opts = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`unknown order ${orderId}`);
      if (order.status !== 'CREATED') return;
      order.status = 'APPROVED';
      order.payerId = randomBytes(7).toString('hex').toUpperCase().slice(0, 13);
      order.declineOnCapture = opts.decline === true;
    },
    tamperAmount(orderId, value) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`unknown order ${orderId}`);
      order.purchaseUnits[0]!.amount.value = value;
    },
  };

  function bearer(req: FastifyRequest, reply: FastifyReply): boolean {
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const expiry = tokens.get(token);
    if (expiry === undefined || expiry < Date.now()) {
      void reply.code(401).send({
        name: 'AUTHENTICATION_FAILURE',
        message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
        links: [{ href: 'https://developer.paypal.com/docs/api/overview/#error', rel: 'information_link' }],
      });
      return false;
    }
    return true;
  }

  function representation(order: FakePayPalOrder, base: string) {
    const links = [{ href: `${base}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' }];
    if (order.status === 'CREATED') {
      links.push({ href: `${base}/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' });
      links.push({ href: `${base}/v2/checkout/orders/${order.id}`, rel: 'update', method: 'PATCH' });
    }
    if (order.status === 'CREATED' || order.status === 'APPROVED') {
      links.push({ href: `${base}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' });
    }
    const captured = order.status === 'COMPLETED';
    return {
      id: order.id,
      intent: order.intent,
      status: order.status,
      create_time: order.createTime,
      ...(order.payerId
        ? {
            payer: {
              payer_id: order.payerId,
              email_address: 'sb-buyer@personal.example.com',
              name: { given_name: 'Sandbox', surname: 'Buyer' },
            },
          }
        : {}),
      purchase_units: order.purchaseUnits.map((unit, i) =>
        captured && i === 0
          ? {
              ...unit,
              payments: {
                captures: [
                  {
                    id: order.captureId,
                    status: captureStatus(order),
                    amount: unit.amount,
                    final_capture: true,
                    seller_protection: { status: 'ELIGIBLE' },
                    create_time: order.captureTime,
                    update_time: order.captureTime,
                    links: [{ href: `${base}/v2/payments/captures/${order.captureId}`, rel: 'self', method: 'GET' }],
                  },
                ],
              },
            }
          : unit,
      ),
      links,
    };
  }

  /** Checks a create-order body the way Orders v2 does; returns an issue to report, or the order. */
  function validateCreate(
    body: Record<string, unknown>,
  ): { issue: string; description: string; status?: number } | Omit<FakePayPalOrder, 'id' | 'createTime' | 'declineOnCapture' | 'refunds'> {
    if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE')
      return { issue: 'INVALID_PARAMETER_VALUE', description: 'intent must be CAPTURE or AUTHORIZE', status: 400 };
    const units = body.purchase_units;
    if (!Array.isArray(units) || units.length < 1 || units.length > 10)
      return { issue: 'MISSING_REQUIRED_PARAMETER', description: 'purchase_units (1 to 10)', status: 400 };
    for (const raw of units as Array<Record<string, unknown>>) {
      const amount = raw.amount as (Money & { breakdown?: { item_total?: Money } }) | undefined;
      if (!amount || typeof amount.value !== 'string' || !MONEY_VALUE.test(amount.value) || typeof amount.currency_code !== 'string') {
        return {
          issue: 'INVALID_PARAMETER_SYNTAX',
          description: 'purchase_units[].amount needs currency_code and a string value',
          status: 400,
        };
      }
      if (!SUPPORTED_CURRENCIES.has(amount.currency_code))
        return { issue: 'CURRENCY_NOT_SUPPORTED', description: `Currency code ${amount.currency_code} is not supported` };
      if (Number(amount.value) <= 0) return { issue: 'CANNOT_BE_ZERO_OR_NEGATIVE', description: 'amount must be greater than zero' };
      const items = raw.items as Array<{ quantity?: string; unit_amount?: Money }> | undefined;
      if (items) {
        const itemTotal = amount.breakdown?.item_total;
        if (!itemTotal) return { issue: 'ITEM_TOTAL_REQUIRED', description: 'items need amount.breakdown.item_total' };
        const sum = items.reduce((s, item) => s + cents(item.unit_amount?.value ?? 'NaN') * Number(item.quantity ?? 'NaN'), 0);
        if (!Number.isFinite(sum) || sum !== cents(itemTotal.value))
          return { issue: 'ITEM_TOTAL_MISMATCH', description: 'item_total must equal the sum of unit_amount × quantity' };
        if (cents(itemTotal.value) !== cents(amount.value))
          return { issue: 'AMOUNT_MISMATCH', description: 'amount.value must equal the breakdown' };
      }
    }
    const context = (((body.payment_source as Record<string, unknown> | undefined)?.paypal as Record<string, unknown> | undefined)
      ?.experience_context ??
      body.application_context ??
      {}) as Record<string, unknown>;
    return {
      status: 'CREATED',
      intent: body.intent as 'CAPTURE' | 'AUTHORIZE',
      purchaseUnits: structuredClone(units) as FakePayPalOrder['purchaseUnits'],
      returnUrl: typeof context.return_url === 'string' ? context.return_url : undefined,
      cancelUrl: typeof context.cancel_url === 'string' ? context.cancel_url : undefined,
    };
  }

  const plugin: FastifyPluginAsync = async (app) => {
    // Our own form parser in this plugin's context only, whatever the host app parses forms into.
    if (app.hasContentTypeParser('application/x-www-form-urlencoded')) app.removeContentTypeParser('application/x-www-form-urlencoded');
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const baseOf = (req: FastifyRequest) => `${req.protocol}://${req.host}${app.prefix}`;

    app.post('/v1/oauth2/token', async (req, reply) => {
      const header = req.headers.authorization ?? '';
      const [id, secret] = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8').split(':') : [];
      if (id !== clientId || secret !== clientSecret) {
        return reply.code(401).send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      if ((req.body as Record<string, unknown> | undefined)?.grant_type !== 'client_credentials') {
        return reply.code(400).send({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
      }
      const token = `A21AA${randomBytes(40).toString('base64url')}`;
      tokens.set(token, Date.now() + tokenTtlSeconds * 1000);
      issued++;
      return {
        scope:
          'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/checkout/one-click-with-merchant-issued-token',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: tokenTtlSeconds,
        nonce: `${new Date().toISOString()}${randomBytes(8).toString('hex')}`,
      };
    });

    app.post('/v2/checkout/orders', async (req, reply) => {
      if (!bearer(req, reply)) return reply;
      const requestId = req.headers['paypal-request-id'];
      const key = typeof requestId === 'string' && requestId.length > 0 ? `create:${requestId}` : undefined;
      if (typeof requestId === 'string' && requestId.length > 108)
        return apiError(reply, 400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
          { issue: 'INVALID_STRING_MAX_LENGTH', description: 'PayPal-Request-Id is at most 108 characters', field: 'PayPal-Request-Id' },
        ]);
      // The same PayPal-Request-Id gets the original order back, whatever the body now says.
      const earlier = key ? idempotent.get(key) : undefined;
      if (earlier) {
        const earlierId = (earlier.body as { id?: string }).id;
        const order = earlierId ? orders.get(earlierId) : undefined;
        return reply.code(order ? 200 : earlier.status).send(order ? representation(order, baseOf(req)) : earlier.body);
      }
      const checked = validateCreate((req.body ?? {}) as Record<string, unknown>);
      if ('issue' in checked) {
        return checked.status === 400
          ? apiError(reply, 400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
              { issue: checked.issue, description: checked.description },
            ])
          : unprocessable(reply, checked.issue, checked.description);
      }
      const order: FakePayPalOrder = {
        ...checked,
        id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
        createTime: new Date().toISOString(),
        declineOnCapture: false,
        refunds: [],
      };
      orders.set(order.id, order);
      created++;
      const full = representation(order, baseOf(req));
      const minimal = { id: full.id, status: full.status, links: full.links };
      const body = String(req.headers.prefer ?? '').includes('return=representation') ? full : minimal;
      if (key) idempotent.set(key, { status: 201, body: minimal });
      return reply.code(201).send(body);
    });

    app.get<{ Params: { id: string } }>('/v2/checkout/orders/:id', async (req, reply) => {
      if (!bearer(req, reply)) return reply;
      const order = orders.get(req.params.id);
      if (!order) return notFound(reply);
      return representation(order, baseOf(req));
    });

    app.post<{ Params: { id: string } }>('/v2/checkout/orders/:id/capture', async (req, reply) => {
      if (!bearer(req, reply)) return reply;
      const requestId = req.headers['paypal-request-id'];
      const key = typeof requestId === 'string' && requestId.length > 0 ? `capture:${req.params.id}:${requestId}` : undefined;
      const earlier = key ? idempotent.get(key) : undefined;
      if (earlier) return reply.code(earlier.status).send(earlier.body);
      const order = orders.get(req.params.id);
      if (!order) return notFound(reply);
      if (order.status === 'COMPLETED')
        return unprocessable(
          reply,
          'ORDER_ALREADY_CAPTURED',
          'Order already captured. If intent is CAPTURE only one capture per order is allowed.',
        );
      if (order.status !== 'APPROVED')
        return unprocessable(
          reply,
          'ORDER_NOT_APPROVED',
          "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
        );
      if (order.declineOnCapture) {
        // The payer must choose another funding source: the order goes back to CREATED (fake's choice).
        order.status = 'CREATED';
        order.declineOnCapture = false;
        return unprocessable(
          reply,
          'INSTRUMENT_DECLINED',
          "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
        );
      }
      order.status = 'COMPLETED';
      order.captureId = randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
      order.captureTime = new Date().toISOString();
      const body = representation(order, baseOf(req));
      if (key) idempotent.set(key, { status: 201, body });
      return reply.code(201).send(body);
    });

    registerRefunds(app, { orders, refunds, idempotent, bearer, baseOf, down: () => refundsDown });

    // The payer's approval page (the real one is www.paypal.com/checkoutnow?token=…).
    app.get('/checkoutnow', async (req, reply) => {
      const token = (req.query as Record<string, string | undefined>).token ?? '';
      const order = orders.get(token);
      if (!order) return reply.code(404).type('text/html').send(fakePage('PayPal sandbox', '<p>This checkout link is not valid.</p>'));
      const unit = order.purchaseUnits[0]!;
      const item = ((unit.items as Array<{ name?: string }> | undefined) ?? [])[0];
      reply.header('content-security-policy', gatewayPagePolicy([order.returnUrl, order.cancelUrl]));
      return reply.type('text/html').send(
        fakePage(
          'PayPal (sandbox)',
          `<p class="note">Paying with PayPal</p>
<div class="amount">${escapeHtml(unit.amount.currency_code)} ${escapeHtml(unit.amount.value)}</div>
<dl><dt>Item</dt><dd>${escapeHtml(item?.name ?? String(unit.description ?? ''))}</dd><dt>Order</dt><dd>${escapeHtml(order.id)}</dd><dt>Reference</dt><dd>${escapeHtml(String(unit.reference_id ?? ''))}</dd></dl>
${
  order.status !== 'CREATED'
    ? `<p>This order is already ${escapeHtml(order.status.toLowerCase())}.</p>`
    : `<form method="post" action="${app.prefix}/checkoutnow/decide"><input type="hidden" name="token" value="${escapeHtml(order.id)}">
<div class="buttons"><button name="decision" value="pay" class="primary">Pay now</button><button name="decision" value="fail">Pay with a declined card</button><button name="decision" value="cancel">Cancel</button></div></form>
<p class="note">Sandbox: no money moves. Pay approves the order and returns to the shop, which captures it; the declined card fails at capture; Cancel returns to the shop's cancel page.</p>`
}`,
        ),
      );
    });

    app.post('/checkoutnow/decide', async (req, reply) => {
      const body = (req.body ?? {}) as Record<string, string | undefined>;
      const order = orders.get(body.token ?? '');
      const decision = body.decision;
      if (!order || (decision !== 'pay' && decision !== 'fail' && decision !== 'cancel')) {
        return reply.code(400).type('text/html').send(fakePage('PayPal sandbox', '<p>Unknown order or choice.</p>'));
      }
      if (decision === 'cancel') {
        if (!order.cancelUrl) return reply.type('text/html').send(fakePage('PayPal sandbox', '<p>Payment cancelled.</p>'));
        return reply.redirect(
          `${order.cancelUrl}${order.cancelUrl.includes('?') ? '&' : '?'}${new URLSearchParams({ token: order.id })}`,
          303,
        );
      }
      control.approve(order.id, { decline: decision === 'fail' });
      if (!order.returnUrl) return reply.type('text/html').send(fakePage('PayPal sandbox', '<p>Payment approved.</p>'));
      const query = new URLSearchParams({ token: order.id, PayerID: order.payerId ?? '' });
      return reply.redirect(`${order.returnUrl}${order.returnUrl.includes('?') ? '&' : '?'}${query}`, 303);
    });
  };

  return { plugin, control };
}

export type FakePayPal = { url: string; control: FakePayPalControl; app: FastifyInstance; close(): Promise<void> };

export async function startFakePayPal(options: FakePayPalOptions = {}, port = 0): Promise<FakePayPal> {
  const { plugin, control } = createFakePayPal(options);
  const app = Fastify({ logger: false });
  await app.register(plugin);
  const address = await app.listen({ port, host: '127.0.0.1' });
  return { url: address, control, app, close: () => app.close() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakePayPal({}, Number(process.argv[2] ?? 0));
  console.log(`fake PayPal REST at ${fake.url} (client id ${PAYPAL_SANDBOX_CLIENT_ID}, secret ${PAYPAL_SANDBOX_CLIENT_SECRET})`);
}
