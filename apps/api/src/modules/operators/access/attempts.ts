import type { Db } from '../../../db/client.ts';
import { createWindowCounters } from '../../identity/index.ts';
import { createLoginGuard, type LoginGuard, type LoginLimits } from '../../identity/index.ts';

/** What a console counter counts and for whom (no company: operators span companies). */
export type ConsoleCounterKey = { scope: string; subject: string };

/**
 * Every limit of the console's login in one place (README, docs/security.md). Per address
 * (@fastify/rate-limit, counted for all instances together: http/rate-limit/storage.ts) as a first
 * brake; failed attempts in the database, shared by all instances: passwords by the rule of
 * login-guard.ts, codes per operator.
 */
export const consoleLimits = {
  perAddress: {
    login: { max: 30, timeWindow: '1 minute' },
    verify: { max: 30, timeWindow: '1 minute' },
    /** Changing one's own password (its wrong current passwords count as wrong logins too). */
    password: { max: 30, timeWindow: '1 minute' },
  },
  /** Password attempts (logins and password changes): per e-mail and address, per address, per e-mail (slowed, never refused). */
  login: {
    pair: { max: 5, windowSeconds: 15 * 60 },
    address: { max: 20, windowSeconds: 15 * 60 },
    account: { slowAfter: 10, windowSeconds: 15 * 60, stepMs: 1000, maxDelayMs: 10_000 },
  } satisfies LoginLimits,
  /** Wrong TOTP or recovery codes for one operator, across challenges (only someone with the password gets a challenge). */
  verify: { max: 5, windowSeconds: 15 * 60 },
} as const satisfies Record<string, unknown>;

/** The console's counters (`operator_attempt_counters`): the customers' implementation on the console's table. */
export function createConsoleCounters(db: Db) {
  return createWindowCounters<ConsoleCounterKey>(db, { name: 'operator_attempt_counters', partition: () => ({}) });
}

export type ConsoleCounters = ReturnType<typeof createConsoleCounters>;

/** The password-attempt rule on the console's counters. */
export const consoleLoginGuard = (counters: ConsoleCounters): LoginGuard => createLoginGuard(counters, (key) => key, consoleLimits.login);
