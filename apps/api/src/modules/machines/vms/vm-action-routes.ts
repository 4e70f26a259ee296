import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import { messages } from '@mawingu/contracts/messages';
import {
  addAliasNameRequest,
  addAliasNameResponse,
  deleteCloneVirtualMachineRequest,
  deleteSnapshotRequest,
  getArchivedVMsResponse,
  getRenewalsResponse,
  getUserBackupsResponse,
  queuedActionResponse,
  restoreArchiveVmRequest,
  restoreCloneVmRequest,
  viewCloneVmRequest,
  viewVmRequest,
  viewVmResponse,
  vmPowerRequest,
} from '@mawingu/contracts/vm-actions';
import { customerOf, requireCustomer } from '../../../http/auth-guard.ts';
import { reply } from '../../../http/envelope.ts';
import { backupDeletingMessage } from './vm-action-requests.ts';
import type { VmActionService } from './vm-action-service.ts';

const refused = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
const actionLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
const listed = { 401: errorEnvelope };

/**
 * The account page's VM area: the Backup, Archived and Renewals lists, and the actions on a VM, a
 * clone or a snapshot. Every call is the signed-in customer's, in the site's company; anyone else's
 * VM or copy is a 404, a blocked VM's a 403. Actions reply once the job is queued.
 */
export function vmActionRoutes(actions: VmActionService): FastifyPluginAsyncZod {
  return async (app) => {
    const lists = [
      [
        'getUserBackups',
        getUserBackupsResponse,
        'Backup tab: the customer’s clones and snapshots (spec’s Clone/snapshot entry), newest first',
        actions.backupsOf,
      ],
      [
        'getArchivedVMs',
        getArchivedVMsResponse,
        'Archived tab: the customer’s archived VMs (spec’s Archived VM), most recently archived first',
        actions.archivedOf,
      ],
      ['getRenewals', getRenewalsResponse, 'Renewals tab: paid renewals (kinds 3 and 5), one row per VM, newest first', actions.renewalsOf],
    ] as const;
    for (const [path, response, summary, list] of lists) {
      app.get(
        `/virtualMachine/${path}`,
        { onRequest: requireCustomer, schema: { tags: ['vm-actions'], summary, response: { 200: response, ...listed } } },
        async (req, res) => {
          const { companyId, customerId } = customerOf(req);
          return reply(res, await list(companyId, customerId));
        },
      );
    }

    const power = [
      [
        'startVirtualMachine',
        'Starts a shut-off VM (job; pendingAction starting); 409 when running or expired',
        actions.start,
        messages.vmStarting,
      ],
      [
        'shutdownVirtualMachine',
        'Shuts a running VM down (job; pendingAction stopping); 409 when already off',
        actions.shutdown,
        messages.vmStopping,
      ],
      [
        'deleteVirtualMachine',
        'Deletes a shut-off, expired or failed VM (job; pendingAction deleting; gone from Products once the hypervisor confirms); 400 while running',
        actions.deleteVm,
        messages.vmDeleting,
      ],
    ] as const;
    for (const [path, summary, act, message] of power) {
      app.post(
        `/vmAction/${path}`,
        {
          onRequest: requireCustomer,
          config: actionLimit,
          schema: { tags: ['vm-actions'], summary, body: vmPowerRequest, response: { 200: queuedActionResponse, ...refused } },
        },
        async (req, res) => reply(res, await act(customerOf(req), req.body.virDomainUUID), message),
      );
    }

    app.post(
      '/vmAction/deleteCloneVirtualMachine',
      {
        onRequest: requireCustomer,
        config: actionLimit,
        schema: {
          tags: ['vm-actions'],
          summary: 'Deletes a clone (job; pendingAction deleting)',
          body: deleteCloneVirtualMachineRequest,
          response: { 200: queuedActionResponse, ...refused },
        },
      },
      async (req, res) =>
        reply(res, await actions.deleteBackup(customerOf(req), req.body.cloneVMUUID, 'clone'), backupDeletingMessage('clone')),
    );
    app.post(
      '/vmAction/deleteSnapshot',
      {
        onRequest: requireCustomer,
        config: actionLimit,
        schema: {
          tags: ['vm-actions'],
          summary: 'Deletes a snapshot (job; pendingAction deleting)',
          body: deleteSnapshotRequest,
          response: { 200: queuedActionResponse, ...refused },
        },
      },
      async (req, res) =>
        reply(res, await actions.deleteBackup(customerOf(req), req.body.SnapshotVMUUID, 'snapshot'), backupDeletingMessage('snapshot')),
    );

    const viewed = { 200: viewVmResponse, ...refused, 503: errorEnvelope };
    app.post(
      '/vmAction/viewVM',
      {
        onRequest: requireCustomer,
        config: actionLimit,
        schema: {
          tags: ['vm-actions'],
          summary: 'The VM’s console address (the spec’s VM view, secrets always null; the simulator’s is signed and short-lived)',
          body: viewVmRequest,
          response: viewed,
        },
      },
      async (req, res) => reply(res, await actions.viewVm(customerOf(req), req.body.ID, req.body.virDomainUUID)),
    );
    app.post(
      '/vmAction/viewCloneVM',
      {
        onRequest: requireCustomer,
        config: actionLimit,
        schema: {
          tags: ['vm-actions'],
          summary: 'The console address of a VM restored from a clone (by its own id or the clone’s)',
          body: viewCloneVmRequest,
          response: viewed,
        },
      },
      async (req, res) => reply(res, await actions.viewCloneVm(customerOf(req), req.body.virDomainUUID)),
    );

    app.post(
      '/virtualMachine/restoreCloneVM',
      {
        onRequest: requireCustomer,
        config: actionLimit,
        schema: {
          tags: ['vm-actions'],
          summary: 'Makes a new VM from a ready clone (job; the clone becomes restored); 400 with the spec’s text when it cannot',
          body: restoreCloneVmRequest,
          response: { 200: queuedActionResponse, ...refused },
        },
      },
      async (req, res) => reply(res, await actions.restoreClone(customerOf(req), req.body.cloneVmUUID), messages.cloneRestored),
    );
    app.post(
      '/virtualMachine/restoreArchiveVM',
      {
        onRequest: requireCustomer,
        config: actionLimit,
        schema: {
          tags: ['vm-actions'],
          summary:
            'Brings an archived VM back (job): running if its period is left, else expired until renewed; 400 with the spec’s text when it cannot',
          body: restoreArchiveVmRequest,
          response: { 200: queuedActionResponse, ...refused },
        },
      },
      async (req, res) => reply(res, await actions.restoreArchive(customerOf(req), req.body.virtualMachineUUID), messages.archiveRestored),
    );

    app.post(
      '/virtualMachine/addAliasName',
      {
        onRequest: requireCustomer,
        config: actionLimit,
        schema: {
          tags: ['vm-actions'],
          summary: 'Sets the VM’s alias (trimmed, at most 50 characters; empty clears it)',
          body: addAliasNameRequest,
          response: { 200: addAliasNameResponse, ...refused },
        },
      },
      async (req, res) =>
        reply(res, await actions.setAlias(customerOf(req), req.body.productID, req.body.aliasName), messages.aliasNameUpdated),
    );
  };
}
