/**
 * A protocol-faithful fake of Pesapal API 3.0 (see shared/reference/protocols.md §3): the same paths,
 * JSON shapes, bearer-token checks and IPN behaviour, plus a hosted payment page a person can click
 * (Pay / Fail / Cancel). It is a Fastify plugin, so the product can mount it as its local sandbox
 * (`/dev/sandbox/pesapal`, not in production), and a standalone server for tests and manual runs:
 *
 *   node --import tsx tools/fakes/pesapal.ts [port]
 *
 * Facts the reference could not confirm are chosen conservatively and marked "(fake's choice)".
 */
import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import { escapeHtml, gatewayPagePolicy, page } from './gateway-fake-kit.ts';
import { fakePesapalRefunds, type PesapalRefundControl } from './pesapal-refunds.ts';

const BRAND = '#1b4f9c';
const fakePage = (title: string, body: string) => page(title, BRAND, body);

export const PESAPAL_SANDBOX_CONSUMER_KEY = 'sandbox-pesapal-consumer-key';
export const PESAPAL_SANDBOX_CONSUMER_SECRET = 'sandbox-pesapal-consumer-secret';

export type FakePesapalOptions = {
  consumerKey?: string;
  consumerSecret?: string;
  /** Token lifetime; Pesapal's is 5 minutes. */
  tokenTtlSeconds?: number;
  /** How many times an IPN is retried when the merchant does not answer with status 200. */
  ipnAttempts?: number;
  ipnRetryDelayMs?: number;
};

type Ipn = { ipnId: string; url: string; type: 'GET' | 'POST'; createdDate: string };

type Decision = 'pay' | 'fail' | 'cancel';

export type FakePesapalOrder = {
  trackingId: string;
  merchantReference: string;
  currency: string;
  /** What was asked for (decimal string as received). */
  amount: string;
  /** What was paid; differs from `amount` only when a test says so. */
  paidAmount: string;
  description: string;
  callbackUrl: string;
  cancellationUrl?: string;
  notificationId: string;
  billingEmail?: string;
  createdDate: string;
  /** 0 INVALID (not paid yet), 1 COMPLETED, 2 FAILED, 3 REVERSED. */
  statusCode: 0 | 1 | 2 | 3;
  paymentMethod: string;
  confirmationCode: string;
};

export type IpnDelivery = { trackingId: string; url: string; method: 'GET' | 'POST'; status: number | 'error'; body: string };

export type FakePesapalControl = {
  orders: Map<string, FakePesapalOrder>;
  ipns: Map<string, Ipn>;
  ipnDeliveries: IpnDelivery[];
  tokensIssued(): number;
  /** What the hosted page's buttons do; `amount` lets a test pay a different sum than asked, `method` by mobile money. */
  decide(trackingId: string, decision: Decision, options?: { amount?: string; method?: string }): Promise<void>;
  /** A completed payment reversed later (status 3), with a new IPN. */
  reverse(trackingId: string): Promise<void>;
  /** Sends the IPN for an order to its registered URL once more and waits for the answer. */
  sendIpn(trackingId: string): Promise<IpnDelivery>;
  /** RefundRequest (pesapal-refunds.ts). */
  refunds: PesapalRefundControl;
};

const STATUS_TEXT = { 0: 'INVALID', 1: 'COMPLETED', 2: 'FAILED', 3: 'REVERSED' } as const;

/** Pesapal's error envelope for any call. */
const errorBody = (status: number, code: string, message: string) => ({
  error: { error_type: status === 401 ? 'authentication_error' : 'api_error', code, message },
  status: String(status),
});

export function createFakePesapal(options: FakePesapalOptions = {}): { plugin: FastifyPluginAsync; control: FakePesapalControl } {
  const consumerKey = options.consumerKey ?? PESAPAL_SANDBOX_CONSUMER_KEY;
  const consumerSecret = options.consumerSecret ?? PESAPAL_SANDBOX_CONSUMER_SECRET;
  const tokenTtlMs = (options.tokenTtlSeconds ?? 300) * 1000;
  const ipnAttempts = options.ipnAttempts ?? 3;
  const ipnRetryDelayMs = options.ipnRetryDelayMs ?? 500;

  const tokens = new Map<string, number>(); // token → expiry (ms)
  let issued = 0;
  const ipns = new Map<string, Ipn>();
  const orders = new Map<string, FakePesapalOrder>();
  const byReference = new Map<string, string>();
  const ipnDeliveries: IpnDelivery[] = [];

  async function deliverIpn(order: FakePesapalOrder): Promise<IpnDelivery> {
    const ipn = ipns.get(order.notificationId);
    if (!ipn) throw new Error(`no IPN registered as ${order.notificationId}`);
    const params = {
      OrderTrackingId: order.trackingId,
      OrderMerchantReference: order.merchantReference,
      OrderNotificationType: 'IPNCHANGE',
    };
    let delivery: IpnDelivery;
    try {
      const res =
        ipn.type === 'GET'
          ? await fetch(`${ipn.url}${ipn.url.includes('?') ? '&' : '?'}${new URLSearchParams(params)}`, {
              signal: AbortSignal.timeout(10_000),
            })
          : await fetch(ipn.url, {
              method: 'POST',
              headers: { 'content-type': 'application/json', accept: 'application/json' },
              body: JSON.stringify(params),
              signal: AbortSignal.timeout(10_000),
            });
      delivery = { trackingId: order.trackingId, url: ipn.url, method: ipn.type, status: res.status, body: await res.text() };
    } catch (err) {
      delivery = { trackingId: order.trackingId, url: ipn.url, method: ipn.type, status: 'error', body: String(err) };
    }
    ipnDeliveries.push(delivery);
    return delivery;
  }

  /** The merchant must answer `{ ..., status: 200 }`; anything else is retried (fake's choice: a few times). */
  const acknowledged = (d: IpnDelivery) => {
    if (d.status !== 200) return false;
    try {
      return (JSON.parse(d.body) as { status?: unknown }).status === 200;
    } catch {
      return false;
    }
  };

  function notifyInBackground(order: FakePesapalOrder) {
    void (async () => {
      for (let attempt = 1; attempt <= ipnAttempts; attempt++) {
        const d = await deliverIpn(order).catch(() => undefined);
        if (d && acknowledged(d)) return;
        await new Promise((r) => setTimeout(r, ipnRetryDelayMs * attempt));
      }
    })();
  }

  // bearer() is hoisted; control is read only when a refund is approved.
  const refunds = fakePesapalRefunds({ orders, bearer, reverse: (id) => control.reverse(id) });
  const control: FakePesapalControl = {
    orders,
    ipns,
    ipnDeliveries,
    tokensIssued: () => issued,
    async decide(trackingId, decision, opts = {}) {
      const order = orders.get(trackingId);
      if (!order) throw new Error(`unknown order ${trackingId}`);
      if (order.statusCode !== 0) return; // decided once, like a real checkout
      if (decision === 'cancel') return; // nothing is charged; the order stays INVALID
      order.statusCode = decision === 'pay' ? 1 : 2;
      order.paymentMethod = opts.method ?? (decision === 'pay' ? 'Visa' : 'MpesaKE');
      order.paidAmount = opts.amount ?? order.amount;
      order.confirmationCode = decision === 'pay' ? randomBytes(5).toString('hex').toUpperCase() : '';
      notifyInBackground(order);
    },
    async reverse(trackingId) {
      const order = orders.get(trackingId);
      if (!order || order.statusCode !== 1) throw new Error(`order ${trackingId} is not completed`);
      order.statusCode = 3;
      notifyInBackground(order);
    },
    async sendIpn(trackingId) {
      const order = orders.get(trackingId);
      if (!order) throw new Error(`unknown order ${trackingId}`);
      return deliverIpn(order);
    },
    refunds: refunds.control,
  };

  function bearer(req: FastifyRequest, reply: FastifyReply): boolean {
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const expiry = tokens.get(token);
    if (expiry === undefined || expiry < Date.now()) {
      void reply
        .code(401)
        .send(errorBody(401, 'invalid_access_token', expiry === undefined ? 'Invalid Access Token' : 'Access Token Expired'));
      return false;
    }
    return true;
  }

  const plugin: FastifyPluginAsync = async (app) => {
    // Our own form parser in this plugin's context only, whatever the host app parses forms into.
    if (app.hasContentTypeParser('application/x-www-form-urlencoded')) app.removeContentTypeParser('application/x-www-form-urlencoded');
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    app.post('/api/Auth/RequestToken', async (req, reply) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (body.consumer_key !== consumerKey || body.consumer_secret !== consumerSecret) {
        return reply.code(401).send({
          token: null,
          expiryDate: null,
          ...errorBody(401, 'invalid_consumer_key_or_secret_provided', 'Invalid consumer_key or consumer_secret provided'),
          message: 'Request processed successfully',
        });
      }
      const token = randomBytes(32).toString('base64url');
      const expiry = Date.now() + tokenTtlMs;
      tokens.set(token, expiry);
      issued++;
      return { token, expiryDate: new Date(expiry).toISOString(), error: null, status: '200', message: 'Request processed successfully' };
    });

    app.post('/api/URLSetup/RegisterIPN', async (req, reply) => {
      if (!bearer(req, reply)) return reply;
      const body = (req.body ?? {}) as Record<string, unknown>;
      const url = typeof body.url === 'string' ? body.url : '';
      const type = body.ipn_notification_type;
      if (!/^https?:\/\//.test(url) || (type !== 'GET' && type !== 'POST')) {
        return reply.code(400).send(errorBody(400, 'invalid_ipn_details', 'url and ipn_notification_type (GET or POST) are required'));
      }
      // Registering the same URL and type again gives back the same IPN (fake's choice).
      let ipn = [...ipns.values()].find((i) => i.url === url && i.type === type);
      if (!ipn) {
        ipn = { ipnId: randomUUID(), url, type, createdDate: new Date().toISOString() };
        ipns.set(ipn.ipnId, ipn);
      }
      return {
        url: ipn.url,
        created_date: ipn.createdDate,
        ipn_id: ipn.ipnId,
        notification_type: ipn.type === 'GET' ? 0 : 1,
        ipn_notification_type_description: ipn.type,
        ipn_status: 1,
        ipn_status_decription: 'Active',
        error: null,
        status: '200',
      };
    });

    app.get('/api/URLSetup/GetIpnList', async (req, reply) => {
      if (!bearer(req, reply)) return reply;
      return [...ipns.values()].map((i) => ({ url: i.url, created_date: i.createdDate, ipn_id: i.ipnId, error: null, status: '200' }));
    });

    app.post('/api/Transactions/SubmitOrderRequest', async (req, reply) => {
      if (!bearer(req, reply)) return reply;
      const b = (req.body ?? {}) as Record<string, unknown>;
      const billing = (b.billing_address ?? {}) as Record<string, unknown>;
      const amount = typeof b.amount === 'number' ? b.amount : typeof b.amount === 'string' ? Number(b.amount) : NaN;
      const problems: string[] = [];
      if (typeof b.id !== 'string' || b.id.length === 0 || b.id.length > 50) problems.push('id (1 to 50 characters)');
      if (typeof b.currency !== 'string' || !/^[A-Z]{3}$/.test(b.currency)) problems.push('currency');
      if (!Number.isFinite(amount) || amount <= 0) problems.push('amount');
      if (typeof b.description !== 'string' || b.description.length === 0 || b.description.length > 100)
        problems.push('description (1 to 100 characters)');
      if (typeof b.callback_url !== 'string' || !/^https?:\/\//.test(b.callback_url)) problems.push('callback_url');
      if (typeof b.notification_id !== 'string' || !ipns.has(b.notification_id)) problems.push('notification_id (a registered IPN)');
      if (!billing.email_address && !billing.phone_number) problems.push('billing_address.email_address or phone_number');
      if (problems.length > 0) return reply.code(400).send(errorBody(400, 'invalid_order_details', `Invalid: ${problems.join(', ')}`));
      const id = b.id as string;
      // A merchant reference names one order (fake's choice: a second submission is refused).
      if (byReference.has(id))
        return reply.code(400).send(errorBody(400, 'duplicate_merchant_reference', `Merchant reference ${id} already used`));

      const order: FakePesapalOrder = {
        trackingId: randomUUID(),
        merchantReference: id,
        currency: b.currency as string,
        amount: String(amount),
        paidAmount: String(amount),
        description: b.description as string,
        callbackUrl: b.callback_url as string,
        cancellationUrl: typeof b.cancellation_url === 'string' && b.cancellation_url ? b.cancellation_url : undefined,
        notificationId: b.notification_id as string,
        billingEmail: typeof billing.email_address === 'string' ? billing.email_address : undefined,
        createdDate: new Date().toISOString(),
        statusCode: 0,
        paymentMethod: '',
        confirmationCode: '',
      };
      orders.set(order.trackingId, order);
      byReference.set(id, order.trackingId);
      return {
        order_tracking_id: order.trackingId,
        merchant_reference: id,
        redirect_url: `${originOf(req)}${app.prefix}/iframe/PesapalIframe3/Index?OrderTrackingId=${order.trackingId}`,
        error: null,
        status: '200',
      };
    });

    app.get('/api/Transactions/GetTransactionStatus', async (req, reply) => {
      if (!bearer(req, reply)) return reply;
      const id = (req.query as Record<string, string | undefined>).orderTrackingId ?? '';
      const order = orders.get(id);
      if (!order) return reply.code(400).send(errorBody(400, 'invalid_order_tracking_id', `No transaction with tracking id ${id}`));
      const text = STATUS_TEXT[order.statusCode];
      return {
        payment_method: order.paymentMethod,
        amount: Number(order.paidAmount),
        created_date: order.createdDate,
        confirmation_code: order.confirmationCode,
        payment_status_description: text,
        description: order.statusCode === 2 ? 'Unable to authorize the payment' : null,
        message: 'Request processed successfully',
        payment_account: order.statusCode === 0 ? '' : '476173******0010',
        call_back_url: `${order.callbackUrl}${order.callbackUrl.includes('?') ? '&' : '?'}OrderTrackingId=${order.trackingId}&OrderMerchantReference=${encodeURIComponent(order.merchantReference)}`,
        status_code: order.statusCode,
        merchant_reference: order.merchantReference,
        payment_status_code: '',
        currency: order.currency,
        // Not paid yet: Pesapal wraps status_code 0 in an error envelope (fake's choice, as integrations report it).
        ...(order.statusCode === 0
          ? {
              error: {
                error_type: 'api_error',
                code: 'payment_details_not_found',
                message: 'Pending Payment',
                call_back_url: order.callbackUrl,
              },
              status: '500',
            }
          : { error: { error_type: null, code: null, message: null, call_back_url: null }, status: '200' }),
      };
    });

    refunds.register(app);

    // The hosted payment page (the real one is an iframe page on pesapal.com).
    app.get('/iframe/PesapalIframe3/Index', async (req, reply) => {
      const id = (req.query as Record<string, string | undefined>).OrderTrackingId ?? '';
      const order = orders.get(id);
      if (!order) return reply.code(404).type('text/html').send(fakePage('Pesapal sandbox', '<p>This payment link is not valid.</p>'));
      const done = order.statusCode !== 0;
      reply.header('content-security-policy', gatewayPagePolicy([order.callbackUrl, order.cancellationUrl]));
      return reply.type('text/html').send(
        fakePage(
          'Pesapal (sandbox)',
          `<p class="note">Paying with Pesapal</p>
<div class="amount">${escapeHtml(order.currency)} ${escapeHtml(Number(order.amount).toFixed(2))}</div>
<dl><dt>Item</dt><dd>${escapeHtml(order.description)}</dd><dt>Reference</dt><dd>${escapeHtml(order.merchantReference)}</dd><dt>Buyer</dt><dd>${escapeHtml(order.billingEmail ?? '')}</dd></dl>
${
  done
    ? `<p>This payment is finished (${STATUS_TEXT[order.statusCode].toLowerCase()}).</p>`
    : `<form method="post" action="${app.prefix}/iframe/PesapalIframe3/Decide"><input type="hidden" name="OrderTrackingId" value="${escapeHtml(order.trackingId)}">
<div class="buttons"><button name="decision" value="pay" class="primary">Pay now</button><button name="decision" value="fail">Fail payment</button><button name="decision" value="cancel">Cancel</button></div></form>
<p class="note">Sandbox: no money moves. Pay and Fail send an IPN to the registered URL; Cancel sends none.</p>`
}`,
        ),
      );
    });

    app.post('/iframe/PesapalIframe3/Decide', async (req, reply) => {
      const body = (req.body ?? {}) as Record<string, string | undefined>;
      const order = orders.get(body.OrderTrackingId ?? '');
      const decision = body.decision;
      if (!order || (decision !== 'pay' && decision !== 'fail' && decision !== 'cancel')) {
        return reply.code(400).type('text/html').send(fakePage('Pesapal sandbox', '<p>Unknown order or choice.</p>'));
      }
      await control.decide(order.trackingId, decision);
      const target = decision === 'cancel' && order.cancellationUrl ? order.cancellationUrl : order.callbackUrl;
      const query = new URLSearchParams({
        OrderTrackingId: order.trackingId,
        OrderMerchantReference: order.merchantReference,
        OrderNotificationType: 'CALLBACKURL',
      });
      return reply.redirect(`${target}${target.includes('?') ? '&' : '?'}${query}`, 303);
    });
  };

  return { plugin, control };
}

/** The origin the browser used to reach us (the redirect_url must point back to this server). */
function originOf(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

export type FakePesapal = { url: string; control: FakePesapalControl; app: FastifyInstance; close(): Promise<void> };

export async function startFakePesapal(options: FakePesapalOptions = {}, port = 0): Promise<FakePesapal> {
  const { plugin, control } = createFakePesapal(options);
  const app = Fastify({ logger: false });
  await app.register(plugin);
  const address = await app.listen({ port, host: '127.0.0.1' });
  return { url: address, control, app, close: () => app.close() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakePesapal({}, Number(process.argv[2] ?? 0));
  console.log(
    `fake Pesapal API 3.0 at ${fake.url} (consumer key ${PESAPAL_SANDBOX_CONSUMER_KEY}, secret ${PESAPAL_SANDBOX_CONSUMER_SECRET})`,
  );
}
