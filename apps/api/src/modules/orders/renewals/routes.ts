import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import { messages } from '@mawingu/contracts/messages';
import { createOrderResponse } from '@mawingu/contracts/purchase';
import {
  getVMDataForMultipleRenewRequest,
  getVMDataForMultipleRenewResponse,
  getVMDetailForRenewRequest,
  getVMDetailForRenewResponse,
  renewSelectedVMRequest,
  renewVMRequest,
} from '@mawingu/contracts/renewals';
import { customerOf, requireCustomer } from '../../../http/auth-guard.ts';
import { reply } from '../../../http/envelope.ts';
import type { RenewalService } from './service.ts';

/** 403 blocked VM; 404 anyone else's; 409 already renewed, not ready, busy or not sold any more. */
const refused = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
const ordering = { ...refused, 422: errorEnvelope, 429: errorEnvelope };
const orderRateLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

export function renewalRoutes(renewals: RenewalService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/virtualMachine/getVMDetailForRenew',
      {
        onRequest: requireCustomer,
        schema: {
          tags: ['renewals'],
          summary:
            "The renew page (/renewvm/{purchaseId}): the VM's configuration at current costs, its region with tax and gateways, time periods, bypass, and the arrears days",
          body: getVMDetailForRenewRequest,
          response: { 200: getVMDetailForRenewResponse, ...refused },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        return reply(res, await renewals.detailForRenew(companyId, customerId, req.body.productID));
      },
    );

    app.post(
      '/virtualMachine/renewVM',
      {
        onRequest: requireCustomer,
        config: orderRateLimit,
        schema: {
          tags: ['renewals'],
          summary:
            'Creates a renewal order (kind 3): price, tax and arrears recomputed (422 naming the field when a sent figure differs); replies like CreateOrder',
          body: renewVMRequest,
          response: { 200: createOrderResponse, ...ordering },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        return reply(res, await renewals.renewVm(companyId, customerId, req.body), messages.orderCreated);
      },
    );

    app.post(
      '/virtualMachine/getVMDataForMultipleRenew',
      {
        onRequest: requireCustomer,
        schema: {
          tags: ['renewals'],
          summary:
            'The multi-renew page (/renewMultipleVM/{value}): one row per VM with its arrears days and 30-day price, one tax and currency, time periods, gateways',
          body: getVMDataForMultipleRenewRequest,
          response: { 200: getVMDataForMultipleRenewResponse, ...refused },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        return reply(res, await renewals.dataForMultipleRenew(companyId, customerId, req.body.renewVMData));
      },
    );

    app.post(
      '/virtualMachine/renewSelectedVM',
      {
        onRequest: requireCustomer,
        config: orderRateLimit,
        schema: {
          tags: ['renewals'],
          summary:
            'Creates a multi-renew order (kind 5): each VM priced as a renewal, arrears summed (422 naming the field when a sent figure differs); replies like CreateOrder',
          body: renewSelectedVMRequest,
          response: { 200: createOrderResponse, ...ordering },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        return reply(res, await renewals.renewSelected(companyId, customerId, req.body), messages.orderCreated);
      },
    );
  };
}
