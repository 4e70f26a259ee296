import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companyMailMessages as m,
  companyMailSettings,
  companyMailSettingsUpdate,
  companyMailTexts,
  mailDraftInput,
  mailPreview,
  mailTestReply,
  mailTextInput,
  mailTextParams,
} from '@mawingu/contracts/admin/company-mail';
import { envelope } from '@mawingu/contracts/envelope';
import { MAX_ID } from '@mawingu/contracts/ids';
import { fill } from '@mawingu/contracts/messages';
import { reply } from '../../../../http/envelope.ts';
import { companyInScope, MANAGERS, operatorOf, requireOperator } from '../../../../console/operator-guard.ts';
import { CONSOLE_REFUSALS as refused } from '../../../../console/refusals.ts';
import type { Db } from '../../../../db/client.ts';
import type { MailSettingsAdmin } from './mail-settings-service.ts';
import type { MailTextsAdmin } from './mail-texts-service.ts';

const tags = ['console mail'];
const companyParams = z.object({
  companyId: z.coerce
    .number()
    .int()
    .min(-MAX_ID - 1)
    .max(MAX_ID),
});
const textParams = mailTextParams.extend({ companyId: companyParams.shape.companyId });

/** Console: a company's mail — sender, own SMTP server, texts, preview and test (issue 17, point 1). Owners and admins. */
export function companyMailRoutes(deps: { db: Db; settings: MailSettingsAdmin; texts: MailTextsAdmin }): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = requireOperator(...MANAGERS);
    const scope = (req: Parameters<typeof companyInScope>[1]) => companyInScope(deps.db, req);

    app.get(
      '/companies/:companyId/mail',
      {
        onRequest: guard,
        schema: {
          tags,
          summary: "The company's sender and SMTP server (never the password)",
          params: companyParams,
          response: { 200: envelope(companyMailSettings), ...refused },
        },
      },
      async (req, res) => reply(res, await deps.settings.view(await scope(req))),
    );

    app.put(
      '/companies/:companyId/mail',
      {
        onRequest: guard,
        schema: {
          tags,
          summary: 'Sets the sender (empty: the default) and the SMTP server (null: the server’s); an empty password keeps the stored one',
          params: companyParams,
          body: companyMailSettingsUpdate,
          response: { 200: envelope(companyMailSettings), ...refused },
        },
      },
      async (req, res) => reply(res, await deps.settings.update(operatorOf(req), await scope(req), req.body), m.saved),
    );

    app.get(
      '/companies/:companyId/mail/texts',
      {
        onRequest: guard,
        schema: {
          tags,
          summary: 'Every editable mail per language: the text in use and the default',
          params: companyParams,
          response: { 200: envelope(companyMailTexts), ...refused },
        },
      },
      async (req, res) => reply(res, await deps.texts.list(await scope(req))),
    );

    app.put(
      '/companies/:companyId/mail/texts/:key/:language',
      {
        onRequest: guard,
        schema: {
          tags,
          summary: 'Saves the company’s own text of one mail in one language',
          params: textParams,
          body: mailTextInput,
          response: { 200: envelope(companyMailTexts), ...refused },
        },
      },
      async (req, res) => {
        const companyId = await scope(req);
        return reply(res, await deps.texts.save(operatorOf(req), companyId, req.params.key, req.params.language, req.body), m.textSaved);
      },
    );

    app.delete(
      '/companies/:companyId/mail/texts/:key/:language',
      {
        onRequest: guard,
        schema: {
          tags,
          summary: 'Sets one mail’s text back to the default',
          params: textParams,
          response: { 200: envelope(companyMailTexts), ...refused },
        },
      },
      async (req, res) => {
        const companyId = await scope(req);
        return reply(res, await deps.texts.reset(operatorOf(req), companyId, req.params.key, req.params.language), m.textReset);
      },
    );

    app.post(
      '/companies/:companyId/mail/preview',
      {
        onRequest: guard,
        schema: {
          tags,
          summary: 'A text as the company would send it (sample values filled in)',
          params: companyParams,
          body: mailDraftInput,
          response: { 200: envelope(mailPreview), ...refused },
        },
      },
      async (req, res) => reply(res, await deps.texts.preview(operatorOf(req), await scope(req), req.body)),
    );

    app.post(
      '/companies/:companyId/mail/test',
      {
        onRequest: guard,
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Sends a text to the operator’s own address, through the company’s transport',
          params: companyParams,
          body: mailDraftInput,
          response: { 200: envelope(mailTestReply), ...refused },
        },
      },
      async (req, res) => {
        const sent = await deps.texts.test(operatorOf(req), await scope(req), req.body);
        return reply(res, sent, fill(m.testSent, { to: sent.to }));
      },
    );
  };
}
