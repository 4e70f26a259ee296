import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  companyAddressRequest,
  companyAddressResponse,
  companyConfigurationRequest,
  companyConfigurationResponse,
  dropdownListRequest,
  dropdownListResponse,
} from '@mawingu/contracts/company';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import { reply } from '../../../http/envelope.ts';
import { requireTenant } from '../../../http/tenant.ts';
import type { CompanyService } from './service.ts';

export function companyRoutes(company: CompanyService): FastifyPluginAsyncZod {
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
        if (tenant.maintenanceMode) {
          return reply(res, tenant.configuration, tenant.configuration.maintenanceModeMsg, 300);
        }
        return reply(res, tenant.configuration);
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
        return reply(res, await company.benefitsMenu(tenant.id));
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
        return reply(res, await company.addresses(tenant.id));
      },
    );
  };
}
