import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessUnit,
  businessUnitInput,
  businessUnitList,
  catalogueMessages as m,
  partnerCloud,
  partnerCloudInput,
  partnerCloudList,
} from '@mawingu/contracts/admin/catalogue';
import { envelope } from '@mawingu/contracts/envelope';
import { reply } from '../../../http/envelope.ts';
import { companyIdParams } from '@mawingu/contracts/admin/companies';
import { idParams, failures, done, tags } from './route-parts.ts';
import type { CatalogueRouteContext } from './route-parts.ts';

/** The console's catalogue: business units and partner clouds. */
export function unitRoutes({ catalogue, guard, base, who }: CatalogueRouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    // ---- business units ----
    app.get(
      `${base}/business-units`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Products and services with their cloud service cards',
          params: companyIdParams,
          response: { 200: envelope(businessUnitList), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.listBusinessUnits((await who(req)).companyId)),
    );
    app.post(
      `${base}/business-units`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Adds a business unit',
          params: companyIdParams,
          body: businessUnitInput,
          response: { 200: envelope(businessUnit), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.createBusinessUnit(await who(req), req.body), m.saved),
    );
    app.put(
      `${base}/business-units/:id`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Replaces a business unit and its cards',
          params: idParams,
          body: businessUnitInput,
          response: { 200: envelope(businessUnit), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.updateBusinessUnit(await who(req), req.params.id, req.body), m.saved),
    );
    app.delete(
      `${base}/business-units/:id`,
      {
        ...guard,
        schema: { tags, summary: 'Deletes a business unit and its cards', params: idParams, response: { 200: done, ...failures } },
      },
      async (req, res) => {
        await catalogue.deleteBusinessUnit(await who(req), req.params.id);
        return reply(res, null, m.deleted);
      },
    );

    // ---- partner clouds ----
    app.get(
      `${base}/partner-clouds`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Partner cloud providers',
          params: companyIdParams,
          response: { 200: envelope(partnerCloudList), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.listPartnerClouds((await who(req)).companyId)),
    );
    app.post(
      `${base}/partner-clouds`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Adds a partner cloud',
          params: companyIdParams,
          body: partnerCloudInput,
          response: { 200: envelope(partnerCloud), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.createPartnerCloud(await who(req), req.body), m.saved),
    );
    app.put(
      `${base}/partner-clouds/:id`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Changes a partner cloud',
          params: idParams,
          body: partnerCloudInput,
          response: { 200: envelope(partnerCloud), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.updatePartnerCloud(await who(req), req.params.id, req.body), m.saved),
    );
    app.delete(
      `${base}/partner-clouds/:id`,
      { ...guard, schema: { tags, summary: 'Removes a partner cloud', params: idParams, response: { 200: done, ...failures } } },
      async (req, res) => {
        await catalogue.deletePartnerCloud(await who(req), req.params.id);
        return reply(res, null, m.deleted);
      },
    );
  };
}
