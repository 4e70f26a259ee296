import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorEnvelope } from '@mawingu/contracts/envelope';
import { messages } from '@mawingu/contracts/messages';
import { deletedSavedVMRequest, saveVMForLaterRequest, saveVMForLaterResponse, showSavedVMResponse } from '@mawingu/contracts/saved';
import { customerOf, requireCustomer } from '../../../http/auth-guard.ts';
import { reply } from '../../../http/envelope.ts';
import type { SavedService } from './service.ts';

const refused = { 401: errorEnvelope, 404: errorEnvelope };

export function savedRoutes(saved: SavedService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/virtualMachine/showSavedVM',
      {
        onRequest: requireCustomer,
        schema: {
          tags: ['saved'],
          summary: "The customer's saved VM configurations, newest first",
          response: { 200: showSavedVMResponse, ...refused },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        return reply(res, await saved.listOf(companyId, customerId));
      },
    );

    app.post(
      '/virtualMachine/saveVMForLater',
      {
        onRequest: requireCustomer,
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['saved'],
          summary: 'Saves a VM configuration for later (counts within the product’s slider bounds)',
          body: saveVMForLaterRequest,
          response: { 200: saveVMForLaterResponse, 400: errorEnvelope, 429: errorEnvelope, ...refused },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        const ID = await saved.save(companyId, customerId, req.body);
        return reply(res, { ID }, messages.savedForLater);
      },
    );

    app.post(
      '/virtualMachine/deletedSavedVM',
      {
        onRequest: requireCustomer,
        schema: {
          tags: ['saved'],
          summary: 'Deletes one of the customer’s saved configurations (404 for anyone else’s)',
          body: deletedSavedVMRequest,
          response: { 200: envelope(z.null()), 400: errorEnvelope, ...refused },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        await saved.remove(companyId, customerId, req.body.savedProductID);
        return reply(res, null, messages.savedItemDeleted);
      },
    );
  };
}
