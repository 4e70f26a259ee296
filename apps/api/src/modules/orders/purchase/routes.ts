import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import { messages } from '@mawingu/contracts/messages';
import {
  checkVmNameRequest,
  checkVmNameResponse,
  createOrderRequest,
  createOrderResponse,
  getOrderDetailRequest,
  getOrderDetailResponse,
  getVMProductDetailRequest,
  getVMProductDetailResponse,
} from '@mawingu/contracts/purchase';
import { customerOf, requireCustomer } from '../../../http/auth-guard.ts';
import { reply } from '../../../http/envelope.ts';
import type { PurchaseService } from './service.ts';

const refused = { 400: errorEnvelope, 401: errorEnvelope, 404: errorEnvelope };

export function purchaseRoutes(purchase: PurchaseService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/virtualMachine/getVMProductDetail',
      {
        onRequest: requireCustomer,
        schema: {
          tags: ['purchase'],
          summary:
            'The configuration screen of a product (/productdetails/{productID}): sliders with costs, RAM → CPU ranges, regions with tax and gateways, time periods, discounts, bypass',
          body: getVMProductDetailRequest,
          response: { 200: getVMProductDetailResponse, ...refused },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        return reply(res, await purchase.productDetails(companyId, customerId, req.body.productID));
      },
    );

    app.post(
      '/virtualMachine/checkVmName',
      {
        onRequest: requireCustomer,
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: ['purchase'],
          summary: "Whether a new VM may take this name: free among the customer's VMs (400 naming vmName when invalid or taken)",
          body: checkVmNameRequest,
          response: { 200: checkVmNameResponse, ...refused, 429: errorEnvelope },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        return reply(res, await purchase.checkVmName(companyId, customerId, req.body.vmName), messages.vmNameFree);
      },
    );

    app.post(
      '/virtualMachine/CreateOrder',
      {
        onRequest: requireCustomer,
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: ['purchase'],
          summary:
            'Creates a new-VM order: every amount recomputed from the catalogue (422 naming the field when a sent amount differs), lines frozen; replies with the bill and the payment that comes next',
          body: createOrderRequest,
          response: {
            200: createOrderResponse,
            ...refused,
            409: errorEnvelope,
            422: errorEnvelope,
            429: errorEnvelope,
          },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        return reply(res, await purchase.createOrder(companyId, customerId, req.body), messages.orderCreated);
      },
    );

    app.post(
      '/virtualMachine/getOrderDetail',
      {
        onRequest: requireCustomer,
        schema: {
          tags: ['purchase'],
          summary: "One of the customer's own orders with its frozen bill (anyone else's is a 404)",
          body: getOrderDetailRequest,
          response: { 200: getOrderDetailResponse, ...refused },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        return reply(res, await purchase.orderDetail(companyId, customerId, req.body.orderID));
      },
    );
  };
}
