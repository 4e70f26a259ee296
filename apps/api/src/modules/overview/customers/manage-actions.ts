import { sql } from 'drizzle-orm';
import { customerAdminMessages, type CustomerProfile } from '@mawingu/contracts/admin/customers';
import { customerManageMessages as texts, type CustomerMailRequest } from '@mawingu/contracts/admin/customers-manage';
import { isLanguage } from '@mawingu/contracts/languages';
import type { Db } from '../../../db/client.ts';
import { sqlOf } from '../../../db/transaction-sql.ts';
import { AppError } from '../../../http/app-error.ts';
import { recordAudit } from '../../../console/audit.ts';
import { auditedRecently } from '../../../console/audit-count.ts';
import type { Operator } from '../../../console/operator-guard.ts';
import type { ConsoleProfileUpdate, ProfileChanges, ProfileWriter, SignupCodeOutcome } from '../../identity/index.ts';
import { mailHtml, paragraphs, type MailService } from '../../platform/index.ts';
import type { CustomerAdminService } from './service.ts';

/** Mails from the console to one customer: at most this many an hour (a slip of the finger, not a campaign). */
export const CUSTOMER_MAILS_PER_HOUR = 10;

export type ManageActionDeps = {
  db: Db;
  mail: MailService;
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
 * Managing one customer from the console (issue 17, point 2): the profile edit, the sign-up code
 * sent again, and a mail from the company. Each one audited, in the transaction that makes it.
 */
export function createManageActions({ db, mail, customers, profileWriter, mailSignupCode }: ManageActionDeps) {
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

  /**
   * A mail from the company to the customer: plain text, in the company's branded frame and from its
   * sender (dressed at delivery, ADR 0112/0113), in the customer's language. Audited with the subject
   * only; at most CUSTOMER_MAILS_PER_HOUR to one customer, counted from the audit log under a lock.
   */
  async function mailCustomer(companyId: number, customerId: number, actor: Operator, input: CustomerMailRequest) {
    return db.transaction(async (tx) => {
      const customer = await customers.customerOf(companyId, customerId, tx);
      refuseClosed(customer);
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('console-customer-mail'), ${customerId}::int)`);
      const target = { companyId, action: 'customer.mail', targetType: 'customer', targetId: customerId };
      if ((await auditedRecently(tx, target, 60 * 60)) >= CUSTOMER_MAILS_PER_HOUR) {
        throw new AppError('rate_limited', 429, texts.mailCapped);
      }
      const language = isLanguage(customer.language) ? customer.language : 'en';
      const blocks = input.body
        .split(/\n\s*\n/)
        .map((block) => block.trim())
        .filter(Boolean);
      // Line breaks inside a paragraph are kept: escaped text, then <br>.
      const html = mailHtml(language, paragraphs(blocks)).replace(/\n/g, '<br>');
      await mail.enqueue({ companyId, to: customer.email, subject: input.subject, text: input.body, html, language }, { db: sqlOf(tx) });
      await recordAudit(tx, { ...target, actor, after: { subject: input.subject, to: customer.email } });
      return { sent: true };
    });
  }

  return { updateProfile, resendVerification, mailCustomer };
}
