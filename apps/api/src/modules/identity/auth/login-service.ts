import type { OtpChallenge, UserData } from '@mawingu/contracts/auth';
import type { Language } from '@mawingu/contracts/languages';
import { messages } from '@mawingu/contracts/messages';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Tenant } from '../../tenant/index.ts';
import type { MailService } from '../../platform/index.ts';
import { otpMail } from './account-mails.ts';
import type { AttemptCounters } from './attempt-counters.ts';
import type { LoginGuard } from './login-guard.ts';
import { normaliseEmail, type Account, type CustomerAccounts } from './customer-accounts.ts';
import { perAccount } from './limits.ts';
import type { OtpChallenges, OtpPurpose } from './otp-challenges.ts';
import { decoyHash, verifyPassword } from './passwords.ts';
import type { IssuedSession, SessionStore } from './session-store.ts';

type Deps = {
  db: Db;
  accounts: CustomerAccounts;
  challenges: OtpChallenges;
  counters: AttemptCounters;
  /** The password-attempt rule for one company (login-guard.ts). */
  loginGuard: (companyId: number) => LoginGuard;
  sessions: SessionStore;
  mail: MailService;
  accessTokenTtlSeconds: number;
};

const tooMany = () => new AppError('too_many_attempts', 429, messages.tooManyLoginAttempts);

/**
 * Login in two steps (password, then an e-mailed code), the session's refresh and logout.
 * Replies never tell an unknown e-mail from a wrong password, nor someone else's challenge from a
 * wrong code.
 */
export function createLoginService({ db, accounts, challenges, counters, loginGuard, sessions, mail, accessTokenTtlSeconds }: Deps) {
  // The decoy hash is made once; making it now keeps that cost off the first unknown-e-mail login.
  decoyHash().catch(() => undefined);

  function userDataOf(account: Account, session: IssuedSession): UserData {
    return {
      token: session.token,
      refreshToken: session.refreshToken,
      userDetail: {
        FirstName: account.firstName,
        LastName: account.lastName,
        AccessTokenMaxAge: accessTokenTtlSeconds,
        emailID: account.email,
      },
    };
  }

  /** Mails a code; a code nobody can receive is discarded and the call fails (a retry works). */
  async function mailCode(
    tenant: Tenant,
    to: string,
    code: string,
    purpose: OtpPurpose,
    publicId: string,
    discardOnFailure: boolean,
    language: Language,
    name?: string,
  ) {
    try {
      await mail.enqueue({ companyId: tenant.id, to, ...otpMail(tenant.name, code, purpose, language, name) });
    } catch (err) {
      if (discardOnFailure) await challenges.discard(publicId);
      throw err;
    }
  }

  /**
   * Step 1: the password, from the client `address`. Success mails a login code and names the
   * challenge for the OTP page. An address that keeps failing is locked out (429); the account
   * itself never is, so its owner gets in from anywhere else. The site's `language` is the code
   * mail's, and is kept with the account for the mails that follow.
   */
  async function login(tenant: Tenant, emailID: string, password: string, address: string, language: Language): Promise<OtpChallenge> {
    const email = normaliseEmail(emailID);
    const attempt = await loginGuard(tenant.id).admit(email, address);
    if (!attempt) throw tooMany();
    const account = await accounts.byEmail(tenant.id, email);
    // An unknown e-mail costs one argon2 verification too: same reply, similar time.
    const matches = await verifyPassword(account?.passwordHash ?? (await decoyHash()), password);
    if (!account || !matches) {
      await attempt.failed();
      throw new AppError('invalid_credentials', 401, messages.invalidCredentials);
    }
    await attempt.succeeded();
    // Told only to whoever knows the password: a suspension is no answer to "is this e-mail a customer?".
    if (account.closedAt) throw new AppError('account_closed', 403, messages.accountClosed);
    if (account.suspendedAt) throw new AppError('account_suspended', 403, messages.accountSuspended);
    await accounts.useLanguage(tenant.id, account.id, language);

    const challenge = await challenges.create(db, { companyId: tenant.id, customerId: account.id, purpose: 'login' });
    await mailCode(tenant, account.email, challenge.code, 'login', challenge.publicId, true, language, account.firstName);
    return { ID: challenge.publicId, emailId: account.email };
  }

  /** Step 2: the code. Starts the session; a signup code (or any code, really) proves the mailbox. */
  async function verifyOtp(tenant: Tenant, input: { emailID: string; ID: string; OTP: string }) {
    const email = normaliseEmail(input.emailID);
    // Wrong codes of this account's real challenges, across challenges: resends reset a challenge's
    // 5 tries, this bounds the total. Made-up challenge ids count against nobody, so a stranger who
    // knows only the e-mail cannot lock its owner out.
    const counter = { companyId: tenant.id, scope: 'otp', subject: email };
    if (await counters.exhausted(counter, perAccount.otp)) throw tooMany();
    const outcome = await challenges.verify({ companyId: tenant.id, email, publicId: input.ID }, input.OTP);
    if (outcome.kind === 'wrong') {
      if (outcome.counted) await counters.hit(counter, perAccount.otp);
      throw AppError.badRequest(messages.otpIncorrect);
    }
    if (outcome.kind === 'spent') throw AppError.badRequest(messages.otpExpired);
    await counters.clear(counter);

    const account = await accounts.byId(tenant.id, outcome.customerId);
    if (!account) throw AppError.badRequest(messages.otpIncorrect);
    // A code mailed before the suspension (or closure) opens nothing after it.
    if (account.closedAt) throw new AppError('account_closed', 403, messages.accountClosed);
    if (account.suspendedAt) throw new AppError('account_suspended', 403, messages.accountSuspended);
    await accounts.markEmailVerified(db, tenant.id, outcome.customerId);
    const session = await sessions.start(tenant.id, account.id);
    return { userData: userDataOf(account, session), purpose: outcome.purpose };
  }

  /** A new code on the same challenge (tries reset, 10 more minutes), mailed again. */
  async function resendOtp(tenant: Tenant, input: { emailID: string; ID: string }, language: Language): Promise<string> {
    const ref = { companyId: tenant.id, email: normaliseEmail(input.emailID), publicId: input.ID };
    if (!(await challenges.isOpen(ref))) throw AppError.badRequest(messages.otpRequestInvalid);
    if (!(await counters.hit({ companyId: tenant.id, scope: 'otp-resend', subject: input.ID }, perAccount.otpResend))) throw tooMany();
    const renewed = await challenges.renew(ref);
    if (!renewed) throw AppError.badRequest(messages.otpRequestInvalid);
    const account = await accounts.byEmail(tenant.id, ref.email);
    await mailCode(tenant, ref.email, renewed.code, renewed.purpose, input.ID, false, language, account?.firstName);
    return ref.email;
  }

  /** Exchanges the refresh token for a new pair (reuse of an old one ends the family). */
  /**
   * `language`: the site's, when the call names one: a customer who switches language while logged
   * in gets the later mails in it from the next refresh on (minutes), not only from the next login.
   */
  async function refresh(tenant: Tenant, refreshToken: string | undefined, language: Language | null = null): Promise<UserData> {
    if (!refreshToken) throw new AppError('session_expired', 401, messages.sessionExpired);
    const session = await sessions.rotate(tenant.id, refreshToken);
    const account = await accounts.byId(tenant.id, session.customerId);
    if (!account) {
      await sessions.revoke(session.sessionId);
      throw new AppError('session_expired', 401, messages.sessionExpired);
    }
    if (language) await accounts.useLanguage(tenant.id, account.id, language);
    return userDataOf(account, session);
  }

  return { login, verifyOtp, resendOtp, refresh };
}

export type LoginService = ReturnType<typeof createLoginService>;
