import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client.ts';
import type { CompanyService } from '../../tenant/index.ts';
import type { CountryService } from '../../tenant/index.ts';
import type { MailService } from '../../platform/index.ts';
import { createAttemptCounters } from './attempt-counters.ts';
import { createCustomerAccounts } from './customer-accounts.ts';
import { loginLimits } from './limits.ts';
import { createLoginGuard } from './login-guard.ts';
import { createLoginService } from './login-service.ts';
import { createOtpChallenges } from './otp-challenges.ts';
import { createOtpHasher } from './otp-codes.ts';
import { passwordRoutes } from './password-routes.ts';
import { createPasswordService } from './password-service.ts';
import { authRoutes } from './routes.ts';
import type { SessionStore } from './session-store.ts';
import { createSignupService } from './signup-service.ts';
import { createSignupCodeResend } from './signup-code-resend.ts';

type Deps = {
  db: Db;
  authSecret: Uint8Array;
  accessTokenTtlSeconds: number;
  company: CompanyService;
  countries: CountryService;
  sessions: SessionStore;
  mail: MailService;
};

/** Wires the accounts calls (signup, login and code, passwords, session) to their services. */
export function createAuthModule({ db, authSecret, accessTokenTtlSeconds, company, countries, sessions, mail }: Deps) {
  const accounts = createCustomerAccounts(db);
  const counters = createAttemptCounters(db);
  // Password attempts are counted per company: an e-mail is an account only within its company.
  const loginGuard = (companyId: number) => createLoginGuard(counters, (key) => ({ companyId, ...key }), loginLimits);
  const challenges = createOtpChallenges(db, createOtpHasher(authSecret));
  const signup = createSignupService({ db, countries, accounts, challenges, mail });
  const login = createLoginService({ db, accounts, challenges, counters, loginGuard, sessions, mail, accessTokenTtlSeconds });
  const passwords = createPasswordService({ db, accounts, counters, loginGuard, sessions, mail });

  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(authRoutes({ company, signup, login, sessions }));
    await app.register(passwordRoutes(company, passwords));
  };
  /**
   * The console's "send a password link": the customer's own forgotten-password mail (same link, same
   * per-address cap), sent on the company's first site. False when the company has no site to link to.
   */
  /** The customer's reset link sent for them by an operator: 'no-site' without a site to link to, 'capped' over the hourly cap. */
  async function mailPasswordLink(companyId: number, customerId: number): Promise<'sent' | 'no-site' | 'capped'> {
    const [tenant, account] = await Promise.all([company.tenantOfCompany(companyId), accounts.byId(companyId, customerId)]);
    if (!tenant || !account) return 'no-site';
    const outcome = await passwords.mailResetLink(tenant, account.email, account.language);
    return outcome === 'sent' ? 'sent' : outcome === 'capped' ? 'capped' : 'no-site';
  }
  const mailSignupCode = createSignupCodeResend({ db, company, accounts, challenges, counters, mail });
  return { routes, mailPasswordLink, mailSignupCode };
}
