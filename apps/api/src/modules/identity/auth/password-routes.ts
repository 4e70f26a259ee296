import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forgotPasswordRequest, forgotUserNameRequest, updatePasswordRequest } from '@mawingu/contracts/auth';
import { envelope, errorEnvelope } from '@mawingu/contracts/envelope';
import { messages } from '@mawingu/contracts/messages';
import { requestLanguage } from '../../../http/request-language.ts';
import { reply } from '../../../http/envelope.ts';
import { requireTenant } from '../../../http/tenant.ts';
import type { CompanyService } from '../../tenant/index.ts';
import { perAddress } from './limits.ts';
import type { PasswordService } from './password-service.ts';
import { limitPerAddress } from './rate-limit.ts';

const done = envelope(z.null());
const errors = { 400: errorEnvelope, 404: errorEnvelope, 429: errorEnvelope };

/** Forgotten password and user name, and the new password from the mailed link. */
export function passwordRoutes(company: CompanyService, passwords: PasswordService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/forgotPassword',
      {
        config: limitPerAddress(perAddress.forgotPassword),
        schema: {
          tags: ['accounts'],
          summary: 'Mails a single-use link to set a new password (valid 1 hour); the reply is the same for any address',
          body: forgotPasswordRequest,
          response: { 200: done, ...errors },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req, req.body.websiteUrl);
        await passwords.forgotPassword(tenant, req.body.emailID, requestLanguage(req));
        return reply(res, null, messages.forgotPasswordSent);
      },
    );

    app.post(
      '/forgotUserName',
      {
        config: limitPerAddress(perAddress.forgotUserName),
        schema: {
          tags: ['accounts'],
          summary: 'Mails the user name (the login e-mail); the reply is the same for any address',
          body: forgotUserNameRequest,
          response: { 200: done, ...errors },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req, req.body.websiteUrl);
        await passwords.forgotUserName(tenant, req.body.emailID, requestLanguage(req));
        return reply(res, null, messages.forgotUserNameSent);
      },
    );

    app.post(
      '/updatePassword',
      {
        config: limitPerAddress(perAddress.updatePassword),
        schema: {
          tags: ['accounts'],
          summary: 'Sets a new password with the token of the mailed link (queryStringValue); ends every session',
          body: updatePasswordRequest,
          response: { 200: done, ...errors },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req, req.body.websiteUrl);
        await passwords.updatePassword(tenant, req.body.queryStringValue, req.body.password);
        return reply(res, null, messages.passwordChanged);
      },
    );
  };
}
