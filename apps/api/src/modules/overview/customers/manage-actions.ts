import { customerAdminMessages, type CustomerProfile } from '@mawingu/contracts/admin/customers';
import { customerManageMessages as texts } from '@mawingu/contracts/admin/customers-manage';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';
import type { ConsoleProfileUpdate, ProfileChanges, ProfileWriter, SignupCodeOutcome } from '../../identity/index.ts';
import type { CustomerAdminService } from './service.ts';

export type ManageActionDeps = {
  db: Db;
  customers: Pick<CustomerAdminService, 'customerOf' | 'profileOf'>;
  /** identity's writer of the profile (the customer's own rules, the e-mail unique in the company). */
  profileWriter: () => Promise<ProfileWriter>;
  /** identity's "resend the code" of the sign-up (the customer's own Resend, same cap). */
  mailSignupCode: (companyId: number, customerId: number) => Promise<SignupCodeOutcome>;
};

/** A closed account is kept as a record: nothing is changed or sent for it from the console. */
export const refuseClosed = (customer: { closedAt: Date | null }) => {
  if (customer.closedAt) throw AppError.conflict(texts.accountClosed);
};

/**
 * Managing one customer from the console (issue 17, point 2): the profile edit and the sign-up code
 * sent again, each audited (notes and mails to the customer: care/).
 */
export function createManageActions({ db, customers, profileWriter, mailSignupCode }: ManageActionDeps) {
  /** Saves the profile; the audit entry has the changed fields only, old → new. */
  async function updateProfile(companyId: number, customerId: number, actor: Operator, input: ConsoleProfileUpdate) {
    const updateProfileByOperator = await profileWriter();
    return db.transaction(async (tx): Promise<{ profile: CustomerProfile; changed: boolean }> => {
      refuseClosed(await customers.customerOf(companyId, customerId, tx)); // 404 when not this company's
      const changes = await updateProfileByOperator(tx, companyId, customerId, input);
      if (!changes) throw AppError.notFound(customerAdminMessages.customerNotFound);
      const fields = Object.keys(changes) as (keyof ProfileChanges)[];
      if (fields.length > 0) {
        await recordAudit(tx, {
          actor,
          companyId,
          action: 'customer.profile',
          targetType: 'customer',
          targetId: customerId,
          before: Object.fromEntries(fields.map((f) => [f, changes[f]!.from])),
          after: { ...Object.fromEntries(fields.map((f) => [f, changes[f]!.to])), ...(changes.email ? { emailVerified: false } : {}) },
        });
      }
      return { profile: customers.profileOf(await customers.customerOf(companyId, customerId, tx)), changed: fields.length > 0 };
    });
  }

  /** The sign-up code again; every outcome but "sent" is an error that says why nothing was sent. */
  async function resendVerification(companyId: number, customerId: number, actor: Operator): Promise<{ sent: boolean }> {
    const customer = await customers.customerOf(companyId, customerId);
    refuseClosed(customer);
    const outcome = await mailSignupCode(companyId, customerId);
    if (outcome === 'verified') throw AppError.conflict(texts.alreadyVerified);
    if (outcome === 'no-code' || outcome === 'no-site') throw AppError.conflict(texts.noSignupCode);
    if (outcome === 'closed') throw AppError.conflict(texts.accountClosed);
    if (outcome === 'capped') throw new AppError('rate_limited', 429, texts.verificationCapped);
    await recordAudit(db, {
      actor,
      companyId,
      action: 'customer.verification',
      targetType: 'customer',
      targetId: customerId,
      after: { email: customer.email },
    });
    return { sent: true };
  }

  return { updateProfile, resendVerification };
}
