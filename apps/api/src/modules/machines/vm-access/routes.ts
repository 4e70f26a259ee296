import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import { messages } from '@mawingu/contracts/messages';
import {
  addSshKeyRequest,
  addSshKeyResponse,
  deleteSshKeyRequest,
  deleteSshKeyResponse,
  registerUserOpenNebulaRequest,
  registerUserOpenNebulaResponse,
  resetVmPasswordRequest,
  resetVmPasswordResponse,
  sshKeysResponse,
} from '@mawingu/contracts/vm-access';
import { customerOf, requireCustomer } from '../../../http/auth-guard.ts';
import { reply } from '../../../http/envelope.ts';
import type { VmAccessService } from './service.ts';
import type { SshKeyService } from './ssh-keys.ts';

const refused = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 503: errorEnvelope };
const limit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/**
 * Access to what the customer bought (ADR 0100): the profile's SSH keys, a VM's password reset,
 * and the spec's registerUserOpenNebula. Every call is the signed-in customer's own; secrets are
 * only ever in the reply to their owner.
 */
export function vmAccessRoutes(keys: SshKeyService, access: VmAccessService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/profileSetting/sshKeys',
      {
        onRequest: requireCustomer,
        schema: {
          tags: ['vm-access'],
          summary: 'The SSH public keys kept in the profile (name, type, fingerprint)',
          response: { 200: sshKeysResponse, 401: errorEnvelope },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        return reply(res, await keys.list(companyId, customerId));
      },
    );
    app.post(
      '/profileSetting/addSshKey',
      {
        onRequest: requireCustomer,
        config: limit,
        schema: {
          tags: ['vm-access'],
          summary: 'Keeps an SSH public key (one authorized_keys line; type and base64 body checked; at most 10, each once)',
          body: addSshKeyRequest,
          response: { 200: addSshKeyResponse, ...refused },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        return reply(res, await keys.add(companyId, customerId, req.body), messages.sshKeyAdded);
      },
    );
    app.post(
      '/profileSetting/deleteSshKey',
      {
        onRequest: requireCustomer,
        config: limit,
        schema: {
          tags: ['vm-access'],
          summary: 'Removes a kept SSH key (machines already made keep it)',
          body: deleteSshKeyRequest,
          response: { 200: deleteSshKeyResponse, ...refused },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        return reply(res, await keys.remove(companyId, customerId, req.body.ID), messages.sshKeyRemoved);
      },
    );
    app.post(
      '/profileSetting/registerUserOpenNebula',
      {
        onRequest: requireCustomer,
        config: limit,
        schema: {
          tags: ['vm-access'],
          summary:
            'Makes the customer a user of the VM’s OpenNebula/NodeWeaver cloud and gives its self-service login (409 on other clouds)',
          body: registerUserOpenNebulaRequest,
          response: { 200: registerUserOpenNebulaResponse, ...refused },
        },
      },
      async (req, res) => reply(res, await access.registerCloudUser(customerOf(req), req.body.ID), messages.cloudLoginRegistered),
    );
    app.post(
      '/vmAction/resetVmPassword',
      {
        onRequest: requireCustomer,
        config: limit,
        schema: {
          tags: ['vm-access'],
          summary: 'Gives the VM a new generated password, returned once (409 where the platform cannot)',
          body: resetVmPasswordRequest,
          response: { 200: resetVmPasswordResponse, ...refused },
        },
      },
      async (req, res) => reply(res, await access.resetPassword(customerOf(req), req.body.ID), messages.vmPasswordReset),
    );
  };
}
