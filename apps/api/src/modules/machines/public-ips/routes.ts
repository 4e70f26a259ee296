import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import { messages } from '@mawingu/contracts/messages';
import { assignPublicIpRequest, assignPublicIpResponse, getMaintenanceFlagResponse } from '@mawingu/contracts/vm-actions';
import { customerOf, requireCustomer } from '../../../http/auth-guard.ts';
import { reply } from '../../../http/envelope.ts';
import type { PublicIpService } from './service.ts';

const refused = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

/** A VM's public IP (the spec's allowIP calls). */
export function publicIpRoutes(publicIps: PublicIpService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/allowIP/getMaintenanceFlag',
      {
        onRequest: requireCustomer,
        schema: {
          tags: ['public-ips'],
          summary: "The company's Meraki maintenance flag (runMerakiScript 1: no public IP can be assigned now)",
          response: { 200: getMaintenanceFlagResponse, 401: errorEnvelope },
        },
      },
      async (req, res) => reply(res, await publicIps.maintenanceFlag(customerOf(req).companyId)),
    );

    app.post(
      '/allowIP/assignPublicIP',
      {
        onRequest: requireCustomer,
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['public-ips'],
          summary:
            "Forwards the VM's ports to a public IP (a job: pending → active | failed, shown by getUserVMs); 400 naming the field with the spec's texts, 409 in maintenance or when the VM already has one",
          body: assignPublicIpRequest,
          response: { 200: assignPublicIpResponse, ...refused, 429: errorEnvelope },
        },
      },
      async (req, res) => reply(res, await publicIps.assign(customerOf(req), req.body), messages.publicIpAssigned),
    );
  };
}
