import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorEnvelope } from '@mawingu/contracts/envelope';
import { messages } from '@mawingu/contracts/messages';
import {
  orderPaymentStatusRequest,
  orderPaymentStatusResponse,
  startPaymentRequest,
  startPaymentResponse,
  submitOrderRequest,
  submitOrderResponse,
  TRANSACTION_UPDATE_CALLS,
  transactionUpdateRequest,
  transactionUpdateResponse,
  type TransactionResult,
} from '@mawingu/contracts/payments';
import { AppError } from '../../../http/app-error.ts';
import { customerOf, requireCustomer } from '../../../http/auth-guard.ts';
import { reply } from '../../../http/envelope.ts';
import { siteOriginOf } from '../../../http/tenant.ts';
import type { PaymentsService } from './service.ts';
import { readLicenceForm } from './read-licence-form.ts';

const refused = {
  400: errorEnvelope,
  401: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
};

const RESULT_MESSAGES: Record<TransactionResult['transactionStatus'], string> = {
  Complete: messages.purchaseSuccessful,
  Pending: messages.paymentPending,
  Error: messages.purchaseFailed,
  Cancelled: messages.ok,
};

/** The customer's side of paying: start, the result pages' updates, the licence upload. */
export function paymentRoutes(payments: PaymentsService): FastifyPluginAsyncZod {
  return async (app) => {
    const payerOf = (req: Parameters<typeof customerOf>[0]) => {
      const { companyId, customerId } = customerOf(req);
      const site = siteOriginOf(req);
      if (!site) throw new AppError('not_found', 404, messages.dataNotFound);
      return { companyId, customerId, site };
    };

    app.post(
      '/virtualMachine/startPayment',
      {
        onRequest: requireCustomer,
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['payments'],
          summary:
            "Pay: a new payment attempt for one of the customer's unpaid orders and the gateway's checkout (form to post, page to go to) or bypass",
          body: startPaymentRequest,
          response: {
            200: startPaymentResponse,
            ...refused,
            429: errorEnvelope,
          },
        },
      },
      async (req, res) => reply(res, await payments.starter.start(payerOf(req), req.body)),
    );

    for (const call of ['submitOrderRequest', 'submitPesaPalUpdateRequest'] as const) {
      app.post(
        `/virtualMachine/${call}`,
        {
          onRequest: requireCustomer,
          config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
          schema: {
            tags: ['payments'],
            summary:
              'The spec’s Pesapal-type start: answered with the redirect_url of the Pesapal page (callback_url, bankReference and method are ignored)',
            body: submitOrderRequest,
            response: {
              200: submitOrderResponse,
              ...refused,
              429: errorEnvelope,
            },
          },
        },
        async (req, res) => {
          const started = await payments.starter.start(payerOf(req), {
            orderID: req.body.orderID,
            paymentGateway: 'pesapal',
          });
          if (started.start.kind !== 'redirect')
            throw AppError.badRequest(messages.gatewayUnavailable, {
              paymentGateway: messages.gatewayUnavailable,
            });
          return reply(res, {
            redirect_url: started.start.url,
            orderID: started.orderID,
          });
        },
      );
    }

    for (const call of TRANSACTION_UPDATE_CALLS) {
      app.post(
        `/virtualMachine/${call}`,
        {
          onRequest: requireCustomer,
          config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
          schema: {
            tags: ['payments'],
            summary:
              'A result page’s transaction update: the return is verified with the gateway (never trusted); answers Complete, Error, Cancelled or Pending',
            body: transactionUpdateRequest,
            response: {
              200: transactionUpdateResponse,
              ...refused,
              429: errorEnvelope,
            },
          },
        },
        async (req, res) => {
          const { companyId, customerId } = customerOf(req);
          const body = {
            ...req.body,
            orderId: req.body.orderId === undefined ? undefined : Number(req.body.orderId),
          };
          const result = await payments.updates.update({ companyId, customerId }, body, req.log);
          return reply(res, result, RESULT_MESSAGES[result.transactionStatus]);
        },
      );
    }

    app.post(
      '/virtualMachine/getOrderPaymentStatus',
      {
        onRequest: requireCustomer,
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: ['payments'],
          summary:
            "Where one of the customer's own orders stands (read only): the success page shows success only on Complete; anyone else's order is 404",
          body: orderPaymentStatusRequest,
          response: { 200: orderPaymentStatusResponse, ...refused, 429: errorEnvelope },
        },
      },
      async (req, res) => {
        const result = await payments.orderStatus(customerOf(req), req.body.orderID);
        return reply(res, result, RESULT_MESSAGES[result.transactionStatus]);
      },
    );

    app.post(
      '/virtualMachine/uploadCustomerLicense',
      {
        onRequest: requireCustomer,
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags: ['payments'],
          summary:
            "The Windows licence PDF of one of the customer's orders (multipart: orderID, vmName, image; PDF by content, at most 3 MB); a second upload replaces the first",
          consumes: ['multipart/form-data'],
          response: { 200: envelope(z.null()), ...refused, 429: errorEnvelope },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        await payments.licences.upload(companyId, customerId, await readLicenceForm(req));
        return reply(res, null, messages.licenceUploaded);
      },
    );
  };
}
