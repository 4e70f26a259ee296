import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  companyAddressRequest,
  companyAddressResponse,
  companyConfigurationRequest,
  companyConfigurationResponse,
  dropdownListRequest,
  dropdownListResponse,
} from '@mawingu/contracts/company';
import type { ReplyCache } from '../../../cache/reply-cache.ts';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import { requireTenant } from '../../../http/tenant.ts';
import type { CompanyService } from './service.ts';

export function companyRoutes(company: CompanyService, replies: ReplyCache): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/getCompanyConfiguration',
      {
        schema: {
          tags: ['company'],
          summary: 'White-label configuration of the site the call comes from (300 = maintenance mode)',
          body: companyConfigurationRequest,
          response: { 200: companyConfigurationResponse, 300: companyConfigurationResponse, 404: errorEnvelope },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req, req.body.customerUrl);
        return replies.send(res, tenant.id, `configuration ${tenant.configuration.websiteUrl}`, companyConfigurationResponse, async () =>
          tenant.maintenanceMode
            ? { data: tenant.configuration, message: tenant.configuration.maintenanceModeMsg, status: 300 }
            : { data: tenant.configuration },
        );
      },
    );

    app.post(
      '/getDropdownList',
      {
        schema: {
          tags: ['company'],
          summary: 'Benefits menu items of the site the call comes from',
          body: dropdownListRequest,
          response: { 200: dropdownListResponse, 404: errorEnvelope },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req, req.body.customerUrl);
        return replies.send(res, tenant.id, 'dropdown', dropdownListResponse, async () => ({
          data: await company.benefitsMenu(tenant.id),
        }));
      },
    );

    app.post(
      '/home/getCompanyAddress',
      {
        schema: {
          tags: ['company'],
          summary: 'Office addresses of the site the call comes from (home shows the first three)',
          body: companyAddressRequest,
          response: { 200: companyAddressResponse, 400: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req, req.body.websiteUrl);
        return replies.send(res, tenant.id, 'addresses', companyAddressResponse, async () => ({
          data: await company.addresses(tenant.id),
        }));
      },
    );
  };
}
