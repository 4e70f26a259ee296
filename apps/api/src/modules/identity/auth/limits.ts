import type { Limit } from './attempt-counters.ts';
import type { LoginLimits } from './login-guard.ts';

/**
 * Every limit of the accounts calls in one place (documented in docs/decisions/0039-account-attempt-limits.md).
 *
 * Per client address (@fastify/rate-limit; shared by all instances: in Redis or PostgreSQL, see
 * http/rate-limit/storage.ts): a first brake on one source.
 * Password attempts (attempt_counters, shared by all instances): the rule of login-guard.ts and
 * docs/security.md. The per-code limit (5 tries) lives on the challenge row itself.
 */
export const perAddress = {
  login: { max: 10, timeWindow: '1 minute' },
  twoFactorAuth: { max: 10, timeWindow: '1 minute' },
  resendOtp: { max: 5, timeWindow: '1 minute' },
  adduser: { max: 5, timeWindow: '1 minute' },
  forgotPassword: { max: 5, timeWindow: '1 minute' },
  forgotUserName: { max: 5, timeWindow: '1 minute' },
  updatePassword: { max: 10, timeWindow: '1 minute' },
  refreshToken: { max: 30, timeWindow: '1 minute' },
} as const;

/** Password attempts within one company: per e-mail and address, per address, per e-mail (slowed, never refused). */
export const loginLimits: LoginLimits = {
  pair: { max: 5, windowSeconds: 15 * 60 },
  address: { max: 20, windowSeconds: 15 * 60 },
  account: { slowAfter: 10, windowSeconds: 15 * 60, stepMs: 1000, maxDelayMs: 10_000 },
};

export const perAccount = {
  /** Codes tried for one e-mail across all its challenges; bounds guessing through resends. */
  otp: { max: 10, windowSeconds: 15 * 60 },
  /** New codes for one challenge (each is a mail to the customer). */
  otpResend: { max: 5, windowSeconds: 60 * 60 },
  /** Reset links / user-name reminders mailed to one address; beyond this the call still says 200. */
  forgotPassword: { max: 3, windowSeconds: 60 * 60 },
  forgotUserName: { max: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;
