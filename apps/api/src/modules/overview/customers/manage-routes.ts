import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import { customerParams } from '@mawingu/contracts/admin/customers';
import {
  customerManageMessages as texts,
  customerCloseRequest,
  customerCloseResponse,
  customerProfileResponse,
  customerProfileUpdateRequest,
  verificationResponse,
} from '@mawingu/contracts/admin/customers-manage';
import { reply } from '../../../http/envelope.ts';
import { MANAGERS, companyInScope, operatorOf, requireOperator } from '../../../console/operator-guard.ts';
import { CONSOLE_REFUSALS as refused } from '../../../console/refusals.ts';
import { createAccountClosure, type AccountClosureDeps } from './account-closure.ts';
import { createManageActions, type ManageActionDeps } from './manage-actions.ts';

export type ManageRouteDeps = Omit<ManageActionDeps & AccountClosureDeps, 'customers'> & {
  customers: ManageActionDeps['customers'] & AccountClosureDeps['customers'];
};

const tags = ['admin: customers and VMs'];

/**
 * Console: managing one customer (issue 17, point 2), under /api/admin/companies/:companyId/customers/:customerId/:
 * editing the profile, resending the verification and closing the account, for owners and admins
 * (notes and mails to the customer: care/routes.ts).
 */
export function customerManageRoutes(deps: ManageRouteDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const actions = createManageActions(deps);
  const close = createAccountClosure(deps);
  const base = '/companies/:companyId/customers/:customerId';

  return async (app) => {
    app.put(
      `${base}/profile`,
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary:
            "Edits the customer's profile: the fields and rules of the customer's own profile page, plus the e-mail (unique in the company; a changed one is no longer verified). Errors name the field. Audited (customer.profile: the changed fields, old → new). 409 for a closed account",
          params: customerParams,
          body: customerProfileUpdateRequest,
          response: { 200: customerProfileResponse, 409: errorEnvelope, ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        const { profile, changed } = await actions.updateProfile(companyId, req.params.customerId, operatorOf(req), req.body);
        return reply(res, profile, changed ? texts.profileSaved : texts.profileUnchanged);
      },
    );

    app.post(
      `${base}/verification`,
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary:
            "Mails the customer a new sign-up code on their waiting sign-up (the customer's own Resend: same mail, same cap of 5 an hour). Audited (customer.verification). 409 when already verified or no sign-up code is waiting, 429 when the cap is reached (nothing sent)",
          params: customerParams,
          response: { 200: verificationResponse, 409: errorEnvelope, 429: errorEnvelope, ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, await actions.resendVerification(companyId, req.params.customerId, operatorOf(req)), texts.verificationSent);
      },
    );

    app.post(
      `${base}/close`,
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary:
            "Closes the account at the customer's request (ADR 0114): with the customer's e-mail typed again as `confirm` (else 400 on that field) and a reason. The login is refused, every session ends, running VMs are powered off and every VM blocked (no renewal). Mailed and audited (customer.close). 409 when already closed or while an order is open",
          params: customerParams,
          body: customerCloseRequest,
          response: { 200: customerCloseResponse, 409: errorEnvelope, ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, await close(companyId, req.params.customerId, operatorOf(req), req.body), texts.closed);
      },
    );
  };
}
