import type { Limit } from './attempt-counters.ts';

/**
 * Every limit of the accounts calls in one place (documented in docs/decisions.md).
 *
 * Per client address (@fastify/rate-limit, in memory per instance): a first brake on one source.
 * Per account (attempt_counters, shared by all instances): holds however many addresses an attacker
 * uses. The per-code limit (5 tries) lives on the challenge row itself.
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

export const perAccount = {
  /** Password attempts for one e-mail of one company; a correct password starts afresh. */
  login: { max: 5, windowSeconds: 15 * 60 },
  /** Codes tried for one e-mail across all its challenges; bounds guessing through resends. */
  otp: { max: 10, windowSeconds: 15 * 60 },
  /** New codes for one challenge (each is a mail to the customer). */
  otpResend: { max: 5, windowSeconds: 60 * 60 },
  /** Reset links / user-name reminders mailed to one address; beyond this the call still says 200. */
  forgotPassword: { max: 3, windowSeconds: 60 * 60 },
  forgotUserName: { max: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;
