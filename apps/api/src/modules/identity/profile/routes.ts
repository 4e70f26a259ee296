import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorEnvelope } from '@mawingu/contracts/envelope';
import { messages } from '@mawingu/contracts/messages';
import { PROFILE_IMAGE_FIELD, PROFILE_IMAGE_MAX_BYTES, updateUserProfileRequest, userProfileInfo } from '@mawingu/contracts/profile';
import { AppError } from '../../../http/app-error.ts';
import { readUploadPart } from '../../../http/upload-part.ts';
import { customerOf, requireCustomer } from '../../../http/auth-guard.ts';
import { reply } from '../../../http/envelope.ts';
import { siteOriginOf } from '../../../http/tenant.ts';
import type { ProfileService } from './service.ts';

const done = envelope(z.null());
const refused = { 401: errorEnvelope, 404: errorEnvelope };

export function profileRoutes(profile: ProfileService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/profileSetting/userProfileInfo',
      {
        onRequest: requireCustomer,
        schema: {
          tags: ['profile'],
          summary: "The customer's profile (userDetails) and the country list for the form",
          response: { 200: envelope(userProfileInfo), ...refused },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        return reply(res, await profile.info(companyId, customerId, siteOriginOf(req) ?? ''));
      },
    );

    app.post(
      '/profileSetting/updateUserProfile',
      {
        onRequest: requireCustomer,
        schema: {
          tags: ['profile'],
          summary: 'Saves the profile fields (the e-mail is never changed); mobile length per country',
          body: updateUserProfileRequest,
          response: { 200: done, 400: errorEnvelope, ...refused },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        await profile.update(companyId, customerId, req.body);
        return reply(res, null, messages.profileUpdated);
      },
    );

    app.post(
      '/profileSetting/updateProfileImage',
      {
        onRequest: requireCustomer,
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags: ['profile'],
          summary: 'Replaces the profile picture (multipart, one JPEG, PNG, WebP or GIF up to 2 MB, type read from the bytes)',
          consumes: ['multipart/form-data'],
          response: { 200: done, 400: errorEnvelope, 413: errorEnvelope, 429: errorEnvelope, ...refused },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        const { bytes, field } = await readUploadPart(req, {
          field: PROFILE_IMAGE_FIELD,
          maxBytes: PROFILE_IMAGE_MAX_BYTES,
          texts: { required: messages.imageRequired, tooLarge: messages.imageTooLarge },
          fields: 5,
          blameSentField: true,
        });
        await profile.setImage(companyId, customerId, { bytes, field });
        return reply(res, null, messages.imageUploaded);
      },
    );

    app.get(
      '/profileSetting/removeProfileImage',
      {
        onRequest: requireCustomer,
        schema: {
          tags: ['profile'],
          summary: 'Removes the profile picture (its bytes are deleted)',
          response: { 200: done, ...refused },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        await profile.removeImage(companyId, customerId);
        return reply(res, null, messages.imageRemoved);
      },
    );

    app.get(
      '/profileSetting/profileImage/:fileId',
      {
        onRequest: requireCustomer,
        schema: {
          tags: ['profile'],
          summary: "The customer's own picture (404 for anyone else's)",
          params: z.object({ fileId: z.uuid({ error: messages.notFound }) }),
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        const image = await profile.openImage(companyId, customerId, req.params.fileId);
        if (!image) throw AppError.notFound(messages.notFound);
        return res
          .header('content-type', image.row.contentType)
          .header('content-length', image.row.sizeBytes)
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', `inline; filename="${image.row.originalName}"`)
          .header('cache-control', 'private, max-age=300')
          .send(image.stream);
      },
    );
  };
}
