import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import { messages } from '@mawingu/contracts/messages';
import { createOrderResponse } from '@mawingu/contracts/purchase';
import { backupOrderRequest, updateVmRequest, vmChangeDetailRequest, vmChangeDetailResponse } from '@mawingu/contracts/vm-changes';
import { customerOf, requireCustomer } from '../../../http/auth-guard.ts';
import { reply } from '../../../http/envelope.ts';
import type { DetailPurpose, VmChangeService } from './service.ts';

const refused = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
};
const orderRefused = { ...refused, 422: errorEnvelope, 429: errorEnvelope };
const orderLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

const DETAIL_CALLS: {
  path: string;
  purpose: DetailPurpose;
  summary: string;
}[] = [
  {
    path: 'getVMDetailForUpdateVM',
    purpose: 'update',
    summary:
      'The update page (/updatevm/{id}): the VM’s sizes, the product’s current sliders and costs, its region’s tax and gateways, remaining days, disks added so far',
  },
  {
    path: 'getVMDetailForCloneVm',
    purpose: 'clone',
    summary:
      'The clone page (/buyclonevm/{id}): the VM’s configuration, costs, clone durations and types (409 for a VM restored from a clone)',
  },
  {
    path: 'getVMDetailForSnapshotVm',
    purpose: 'snapshot',
    summary:
      'The snapshot page (/buysnapshotvm/{id}): the VM’s configuration and the drive cost per unit (409 for a VM restored from a clone)',
  },
];

/** Update (kind 4), clone and snapshot (kind 2) of a customer's VM: 404 for anyone else's, 403 blocked, 409 busy. */
export function vmChangeRoutes(changes: VmChangeService): FastifyPluginAsyncZod {
  return async (app) => {
    for (const call of DETAIL_CALLS) {
      app.post(
        `/virtualMachine/${call.path}`,
        {
          onRequest: requireCustomer,
          schema: {
            tags: ['vm-changes'],
            summary: call.summary,
            body: vmChangeDetailRequest,
            response: { 200: vmChangeDetailResponse, ...refused },
          },
        },
        async (req, res) => {
          const { companyId, customerId } = customerOf(req);
          return reply(res, await changes.details(companyId, customerId, req.body.productID, call.purpose));
        },
      );
    }

    app.post(
      '/virtualMachine/updateVM',
      {
        onRequest: requireCustomer,
        config: orderLimit,
        schema: {
          tags: ['vm-changes'],
          summary:
            'Creates an update order (kind 4): RamAndCpu resizes on the sliders, Disk adds one disk (two at most); only changed lines, prorated over the remaining days; 422 naming a sent amount that differs',
          body: updateVmRequest,
          response: { 200: createOrderResponse, ...orderRefused },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        return reply(res, await changes.orderUpdate(companyId, customerId, req.body), messages.orderCreated);
      },
    );

    for (const [path, kind] of [
      ['createOrderForcloneVM', 'clone'],
      ['createOrderForSnapshotVM', 'snapshot'],
    ] as const) {
      app.post(
        `/virtualMachine/${path}`,
        {
          onRequest: requireCustomer,
          config: orderLimit,
          schema: {
            tags: ['vm-changes'],
            summary:
              kind === 'clone'
                ? 'Creates a clone order (kind 2): duration and type required, priced per hour of the backup period × duration; 422 naming a sent amount that differs'
                : 'Creates a snapshot order (kind 2): disk × drive cost per unit plus tax; 422 naming a sent amount that differs',
            body: backupOrderRequest,
            response: { 200: createOrderResponse, ...orderRefused },
          },
        },
        async (req, res) => {
          const { companyId, customerId } = customerOf(req);
          return reply(res, await changes.orderBackup(companyId, customerId, kind, req.body), messages.orderCreated);
        },
      );
    }
  };
}
