import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@mawingu/contracts/envelope';
import { companyIdParams } from '@mawingu/contracts/admin/companies';
import {
  cannedReply,
  cannedReplyList,
  cannedReplyParams,
  cannedReplyRequest,
  ticketsAdminMessages as texts,
} from '@mawingu/contracts/admin/tickets';
import type { Db } from '../../../db/client.ts';
import { reply } from '../../../http/envelope.ts';
import { ANY_OPERATOR, MANAGERS, companyInScope, operatorOf, requireOperator } from '../../../console/operator-guard.ts';
import { CONSOLE_REFUSALS as refused } from '../../../console/refusals.ts';
import { createCannedReplies } from './canned-replies.ts';

const tags = ['admin: tickets'];

/** Console: a company's saved replies, under /api/admin/companies/:companyId/ticket-replies. */
export function cannedReplyRoutes(db: Db): FastifyPluginAsyncZod {
  const canned = createCannedReplies(db);
  return async (app) => {
    app.get(
      '/companies/:companyId/ticket-replies',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        schema: {
          tags,
          summary: "The company's saved replies, by name",
          params: companyIdParams,
          response: { 200: envelope(cannedReplyList), ...refused },
        },
      },
      async (req, res) => reply(res, await canned.list(await companyInScope(db, req))),
    );

    app.post(
      '/companies/:companyId/ticket-replies',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: 'Saves a new reply (name unique in the company); owners and admins; audited',
          params: companyIdParams,
          body: cannedReplyRequest,
          response: { 200: envelope(cannedReply), ...refused },
        },
      },
      async (req, res) => reply(res, await canned.save(operatorOf(req), await companyInScope(db, req), req.body), texts.cannedSaved),
    );

    app.put(
      '/companies/:companyId/ticket-replies/:replyId',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: 'Changes a saved reply; owners and admins; audited',
          params: cannedReplyParams,
          body: cannedReplyRequest,
          response: { 200: envelope(cannedReply), ...refused },
        },
      },
      async (req, res) =>
        reply(res, await canned.save(operatorOf(req), await companyInScope(db, req), req.body, req.params.replyId), texts.cannedSaved),
    );

    app.delete(
      '/companies/:companyId/ticket-replies/:replyId',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: 'Deletes a saved reply; owners and admins; audited',
          params: cannedReplyParams,
          response: { 200: envelope(z.null()), ...refused },
        },
      },
      async (req, res) => {
        await canned.remove(operatorOf(req), await companyInScope(db, req), req.params.replyId);
        return reply(res, null, texts.cannedDeleted);
      },
    );
  };
}
