import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { customers, otpChallenges } from '../../../db/schema.ts';
import type { CompanyService } from '../../tenant/index.ts';
import type { MailService } from '../../platform/index.ts';
import { otpMail } from './account-mails.ts';
import type { AttemptCounters } from './attempt-counters.ts';
import type { CustomerAccounts } from './customer-accounts.ts';
import { perAccount } from './limits.ts';
import type { OtpChallenges } from './otp-challenges.ts';

export type SignupCodeOutcome = 'sent' | 'verified' | 'no-code' | 'capped' | 'no-site' | 'closed';

type Deps = {
  db: Db;
  company: CompanyService;
  accounts: CustomerAccounts;
  challenges: OtpChallenges;
  counters: AttemptCounters;
  mail: MailService;
};

/**
 * The console's "resend the verification" (issue 17, point 2): exactly what the customer's own
 * Resend link on the code page does, done for them. The newest unused sign-up challenge gets a new
 * code (tries reset, 10 more minutes; the code page the customer opened keeps working) mailed in
 * the sign-up code mail, counted on the same per-challenge cap (5 an hour). Nothing is sent, and
 * the outcome says why, when the e-mail is verified, no sign-up code is waiting, or the cap is reached.
 */
export function createSignupCodeResend({ db, company, accounts, challenges, counters, mail }: Deps) {
  return async function mailSignupCode(companyId: number, customerId: number): Promise<SignupCodeOutcome> {
    const [row] = await db
      .select({ email: customers.email, verifiedAt: customers.emailVerifiedAt, closedAt: customers.closedAt })
      .from(customers)
      .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)));
    if (!row) return 'no-code';
    if (row.closedAt) return 'closed';
    if (row.verifiedAt) return 'verified';
    const [open] = await db
      .select({ publicId: otpChallenges.publicId })
      .from(otpChallenges)
      .where(
        and(
          eq(otpChallenges.companyId, companyId),
          eq(otpChallenges.customerId, customerId),
          eq(otpChallenges.purpose, 'signup'),
          isNull(otpChallenges.consumedAt),
        ),
      )
      .orderBy(desc(otpChallenges.createdAt), desc(otpChallenges.id))
      .limit(1);
    if (!open) return 'no-code';
    const [tenant, account] = await Promise.all([company.tenantOfCompany(companyId), accounts.byId(companyId, customerId)]);
    if (!tenant || !account) return 'no-site';
    // The same counter as the customer's own Resend (login-service.ts resendOtp).
    if (!(await counters.hit({ companyId, scope: 'otp-resend', subject: open.publicId }, perAccount.otpResend))) return 'capped';
    const renewed = await challenges.renew({ companyId, email: account.email, publicId: open.publicId });
    if (!renewed) return 'no-code';
    await mail.enqueue({
      companyId,
      to: account.email,
      ...otpMail(tenant.name, renewed.code, 'signup', account.language, account.firstName),
    });
    return 'sent';
  };
}
