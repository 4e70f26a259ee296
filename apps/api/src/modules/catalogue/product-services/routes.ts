import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReplyCache } from '../../../cache/reply-cache.ts';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import { messages } from '@mawingu/contracts/messages';
import {
  cloudProductsRequest,
  cloudProductsResponse,
  productDetailsRequest,
  productDetailsResponse,
  productServicesRequest,
  productServicesResponse,
  sendQueryMailRequest,
  sendQueryMailResponse,
} from '@mawingu/contracts/product-services';
import { reply } from '../../../http/envelope.ts';
import { requireTenant } from '../../../http/tenant.ts';
import type { CompanyService } from '../../tenant/index.ts';
import type { ProductServicesService } from './service.ts';

const failures = { 400: errorEnvelope, 404: errorEnvelope };

export function productServicesRoutes(company: CompanyService, units: ProductServicesService, replies: ReplyCache): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/home/getProductServices',
      {
        schema: {
          tags: ['product services'],
          summary: 'Cards of "Our Products & Services"; an empty list comes with the message the home page shows',
          body: productServicesRequest,
          response: { 200: productServicesResponse, ...failures },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req, req.body.websiteUrl);
        return replies.send(res, tenant.id, 'product-services', productServicesResponse, async () => {
          const cards = await units.cards(tenant.id);
          return { data: cards, message: cards.length ? messages.ok : messages.noProductServices };
        });
      },
    );

    app.post(
      '/productServicesData/getProductDetails',
      {
        schema: {
          tags: ['product services'],
          summary: 'A business unit page (productName = the business name without slashes) and the side menu',
          body: productDetailsRequest,
          response: { 200: productDetailsResponse, ...failures },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req, req.body.websiteUrl);
        const { productName } = req.body;
        return replies.send(res, tenant.id, `unit:${productName}`, productDetailsResponse, async () => ({
          data: await units.details(tenant.id, productName),
        }));
      },
    );

    app.post(
      '/productServicesData/getCloudProducts',
      {
        schema: {
          tags: ['product services'],
          summary: 'Cloud service cards of a business unit (serviceName = its business name)',
          body: cloudProductsRequest,
          response: { 200: cloudProductsResponse, ...failures },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req, req.body.websiteUrl);
        const { serviceName } = req.body;
        return replies.send(res, tenant.id, `unit-clouds:${serviceName}`, cloudProductsResponse, async () => ({
          data: await units.cloudProducts(tenant.id, serviceName),
        }));
      },
    );

    app.post(
      '/productServicesData/sendQueryMail',
      {
        // Each enquiry e-mails the company: bound what one address can make the server send.
        config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
        schema: {
          tags: ['product services'],
          summary: 'Enquiry form of a business unit: kept and e-mailed to the company',
          body: sendQueryMailRequest,
          response: { 200: sendQueryMailResponse, ...failures, 429: errorEnvelope },
        },
      },
      async (req, res) => {
        const { websiteUrl, ...fields } = req.body;
        const tenant = await requireTenant(company, req, websiteUrl);
        await units.sendEnquiry(tenant, fields);
        return reply(res, null, messages.enquirySubmitted);
      },
    );
  };
}
