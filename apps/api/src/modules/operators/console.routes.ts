import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MailService } from '../platform/index.ts';
import { z } from 'zod';
import {
  acceptInvitationRequest,
  accessMessages,
  auditExportQuery,
  auditPage,
  auditQuery,
  changePasswordRequest,
  createOperatorRequest,
  loginReply,
  loginRequest,
  meReply,
  operatorIdParams,
  operatorList,
  operatorRow,
  operatorsQuery,
  setOperatorPasswordRequest,
  updateOperatorRequest,
  verifyReply,
  verifyRequest,
} from '@mawingu/contracts/admin/access';
import { envelope, errorEnvelope } from '@mawingu/contracts/envelope';
import { reply } from '../../http/envelope.ts';
import { sendCsv } from '../../http/csv.ts';
import { resolveAuthSecret } from '../identity/index.ts';
import { limitPerAddress } from '../identity/index.ts';
import type { AdminDeps } from '../../console/admin-deps.ts';
import { ANY_OPERATOR, companyInScope, MANAGERS, operatorOf, requireOperator } from '../../console/operator-guard.ts';
import { CONSOLE_REFUSALS as errors } from '../../console/refusals.ts';
import { consoleLimits, createConsoleCounters } from './access/attempts.ts';
import { createAuditReader } from './access/audit-service.ts';
import { createConsoleLogin } from './access/login-service.ts';
import { createOperatorsService } from './access/operators-service.ts';
import { createInvitations } from './access/invitations.ts';
import { createSecondFactor } from './access/second-factor.ts';

const tags = ['console access'];

/** The per-address brake (shared by all instances), before the database counters. */
const perAddress = (limit: { max: number; timeWindow: string }) => limitPerAddress(limit, accessMessages.tooManyLogins);

/** Console access (issue 7, point 1): login with TOTP, the operators, the audit log. */
export function accessRoutes(deps: AdminDeps & { mail: MailService }): FastifyPluginAsyncZod {
  return async (app) => {
    const db = deps.database.db;
    const counters = createConsoleCounters(db);
    const login = createConsoleLogin({
      db,
      counters,
      secondFactor: createSecondFactor(resolveAuthSecret(deps.config)),
      secretBox: deps.secretBox,
      tokens: deps.operatorTokens,
      sessionTtlSeconds: deps.config.operatorSessionTtlSeconds,
    });
    const invitations = createInvitations(db, deps.mail);
    const operatorsService = createOperatorsService(db, counters, invitations);
    /** Where the console is served for this request: the invitation link leads back to it. */
    const consoleOrigin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;
    const audit = createAuditReader(db);

    app.post(
      '/auth/login',
      {
        config: perAddress(consoleLimits.perAddress.login),
        schema: {
          tags,
          summary: 'Step 1: e-mail and password. Names the next step: a TOTP code, or setting up the authenticator app (with its QR code)',
          body: loginRequest,
          response: { 200: envelope(loginReply), 429: errorEnvelope, ...errors },
        },
      },
      async (req, res) => {
        const data = await login.login(req.body.email, req.body.password, req.ip);
        return reply(res, data, data.step === 'enrol' ? accessMessages.enrolStart : accessMessages.enterCode);
      },
    );

    app.post(
      '/auth/verify',
      {
        config: perAddress(consoleLimits.perAddress.verify),
        schema: {
          tags,
          summary:
            'Step 2: the TOTP code (±30 s, each code once) or a recovery code; starts the console session. After set-up, ten recovery codes once',
          body: verifyRequest,
          response: { 200: envelope(verifyReply), 429: errorEnvelope, ...errors },
        },
      },
      async (req, res) => {
        const data = await login.verify(req.body);
        return reply(res, data, data.recoveryCodes ? accessMessages.enrolled : accessMessages.loggedIn);
      },
    );

    app.post(
      '/auth/logout',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        schema: { tags, summary: 'Ends this console session', response: { 200: envelope(z.null()), ...errors } },
      },
      async (req, res) => {
        const me = operatorOf(req);
        await login.logout(me.operatorId, me.sessionId);
        return reply(res, null, accessMessages.loggedOut);
      },
    );

    app.get(
      '/auth/me',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        schema: { tags, summary: 'The signed-in operator', response: { 200: envelope(meReply), ...errors } },
      },
      async (req, res) => {
        const me = operatorOf(req);
        return reply(res, await login.me(me.operatorId, me.sessionId));
      },
    );

    app.post(
      '/auth/password',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        config: perAddress(consoleLimits.perAddress.password),
        schema: {
          tags,
          summary:
            'Changes the signed-in operator’s password (the current one is checked and counts toward the login limit); ends their other sessions',
          body: changePasswordRequest,
          response: { 200: envelope(z.null()), 429: errorEnvelope, ...errors },
        },
      },
      async (req, res) => {
        await login.changePassword(operatorOf(req), req.body, req.ip);
        return reply(res, null, accessMessages.passwordChanged);
      },
    );

    app.get(
      '/operators',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: 'Operators: every one (owner; ?companyId= filters) or those of the admin’s company',
          querystring: operatorsQuery,
          response: { 200: envelope(operatorList), ...errors },
        },
      },
      async (req, res) => reply(res, { items: await operatorsService.list(operatorOf(req), req.query) }),
    );

    app.post(
      '/operators',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary:
            'Creates an operator with a password, or without one invites them by e-mail to choose it (a one-use link, 72 hours); they set up TOTP at their first login (admins: roles admin and support of their company)',
          body: createOperatorRequest,
          response: { 200: envelope(operatorRow), 409: errorEnvelope, ...errors },
        },
      },
      async (req, res) =>
        reply(
          res,
          await operatorsService.create(operatorOf(req), req.body, consoleOrigin(req)),
          req.body.password ? accessMessages.operatorCreated : accessMessages.operatorInvited,
        ),
    );

    app.post(
      '/operators/:id/invitation',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: 'Sends an invited operator a new link (the earlier one stops working)',
          params: operatorIdParams,
          response: { 200: envelope(operatorRow), ...errors },
        },
      },
      async (req, res) =>
        reply(
          res,
          await operatorsService.resendInvitation(operatorOf(req), req.params.id, consoleOrigin(req)),
          accessMessages.invitationResent,
        ),
    );

    app.post(
      '/auth/invitation',
      {
        config: perAddress(consoleLimits.perAddress.login),
        schema: {
          tags,
          summary: 'The invited operator chooses a password with the token of the mailed link (once, within 72 hours)',
          body: acceptInvitationRequest,
          response: { 200: envelope(z.null()), 429: errorEnvelope, ...errors },
        },
      },
      async (req, res) => {
        await invitations.accept(req.body.token, req.body.password);
        return reply(res, null, accessMessages.invitationAccepted);
      },
    );

    app.patch(
      '/operators/:id',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: 'Changes name or role, disables or enables an operator',
          params: operatorIdParams,
          body: updateOperatorRequest,
          response: { 200: envelope(operatorRow), ...errors },
        },
      },
      async (req, res) =>
        reply(res, await operatorsService.update(operatorOf(req), req.params.id, req.body), accessMessages.operatorUpdated),
    );

    app.post(
      '/operators/:id/reset-totp',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: 'Clears the operator’s TOTP and recovery codes and ends their sessions: they set it up again at the next login',
          params: operatorIdParams,
          response: { 200: envelope(operatorRow), ...errors },
        },
      },
      async (req, res) => reply(res, await operatorsService.resetTotp(operatorOf(req), req.params.id), accessMessages.totpReset),
    );

    app.post(
      '/operators/:id/password',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary:
            'Sets a new (temporary) password for another operator and ends all their sessions; one’s own password is changed at /auth/password',
          params: operatorIdParams,
          body: setOperatorPasswordRequest,
          response: { 200: envelope(operatorRow), ...errors },
        },
      },
      async (req, res) =>
        reply(res, await operatorsService.setPassword(operatorOf(req), req.params.id, req.body), accessMessages.passwordSet),
    );

    app.get(
      '/companies/:companyId/audit',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: 'The company’s audit log, newest first (filters: action prefix, operator, text, days)',
          params: z.object({ companyId: z.string() }),
          querystring: auditQuery,
          response: { 200: envelope(auditPage), ...errors },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, await audit.search(companyId, req.query));
      },
    );

    app.get(
      '/companies/:companyId/audit.csv',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: 'The company’s audit log entries the filters select, oldest first, as CSV (formula-safe); the export is audited',
          params: z.object({ companyId: z.string() }),
          querystring: auditExportQuery,
          produces: ['text/csv'],
          response: { 200: z.string().describe('CSV (text/csv)'), ...errors },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return sendCsv(res, await audit.exportCsv(operatorOf(req), companyId, req.query));
      },
    );

    app.get(
      '/audit.csv',
      {
        onRequest: requireOperator('owner'),
        schema: {
          tags,
          summary: 'The whole platform’s audit log entries the filters select, as CSV (owner)',
          querystring: auditExportQuery,
          produces: ['text/csv'],
          response: { 200: z.string().describe('CSV (text/csv)'), ...errors },
        },
      },
      async (req, res) => sendCsv(res, await audit.exportCsv(operatorOf(req), null, req.query)),
    );

    app.get(
      '/audit',
      {
        onRequest: requireOperator('owner'),
        schema: {
          tags,
          summary: 'The whole platform’s audit log (owner)',
          querystring: auditQuery,
          response: { 200: envelope(auditPage), ...errors },
        },
      },
      async (req, res) => reply(res, await audit.search(null, req.query)),
    );
  };
}
