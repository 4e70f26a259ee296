import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayKey } from '@mawingu/contracts/purchase';
import type { GatewayAcknowledgement, GatewayInput } from '../../../integrations/payments/payment-gateway.ts';
import type { RefundNotifications } from '../credit-notes/refund-notify.ts';
import type { PaymentsService } from './service.ts';

const FORM = 'application/x-www-form-urlencoded';

function inputOf(req: FastifyRequest): GatewayInput {
  const query = Object.fromEntries(
    Object.entries((req.query ?? {}) as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  return { body: req.body, query, headers: req.headers, sourceIp: req.ip };
}

const send = (res: FastifyReply, ack: GatewayAcknowledgement) =>
  res
    .code(ack.status)
    .type(ack.contentType ?? 'text/plain')
    .send(ack.body);

/**
 * Gateways' server-to-server messages: public (no customer, no site; the attempt names the
 * tenant), answered the way each protocol wants. Form bodies stay RAW strings in this plugin only:
 * PayFast signs the fields in the order it sent them.
 */
export function paymentNotifyRoutes(payments: PaymentsService, refunds?: RefundNotifications) {
  return async (app: FastifyInstance) => {
    if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM);
    app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));

    const route = (key: GatewayKey) => async (req: FastifyRequest, res: FastifyReply) =>
      send(res, await payments.notifications.receive(key, inputOf(req), req.log));
    // NUL bytes are kept (escaped) in the recorded message and the gateway gets its protocol's answer.
    const hidden = { schema: { hide: true }, config: { keepsNul: true } };

    app.post('/virtualMachine/notifyPayFastStatus', hidden, route('payfast'));
    app.post('/payments/ozow/notify', hidden, route('ozow'));
    // Pesapal calls the IPN the way it was registered: GET (our default) with the query, or POST with JSON.
    app.get('/payments/pesapal/ipn', hidden, route('pesapal'));
    app.post('/payments/pesapal/ipn', hidden, route('pesapal'));
    // Only a hint: the adapter reads (and captures) the order from PayPal itself.
    app.post('/payments/paypal/webhook', hidden, route('paypal'));
    // A refund's result (Ozow posts it to the refund's NotifyUrl; ADR 0127).
    if (refunds)
      app.post('/payments/ozow/refund-notify', hidden, async (req, res) => send(res, await refunds.receive('ozow', inputOf(req), req.log)));
  };
}
