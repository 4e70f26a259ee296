import { setTimeout as sleep } from 'node:timers/promises';
import type { Limit, WindowCounters } from './attempt-counters.ts';

/**
 * The rule on password attempts, for customers and console operators alike (docs/security.md,
 * "Login limits"):
 * - per account and address: `pair.max` failures lock that address out of that account;
 * - per address: `address.max` failures lock that address out of every account;
 * - per account from all addresses: never a refusal (that would hand anyone a way to lock the
 *   owner out); from `account.slowAfter` failures on, every password check of the account waits
 *   `account.stepMs` more per failure, up to `account.maxDelayMs`, right password or wrong.
 * A correct password from an address that is not locked always goes on to the second factor.
 */
export type LoginLimits = {
  pair: Limit;
  address: Limit;
  account: { slowAfter: number; windowSeconds: number; stepMs: number; maxDelayMs: number };
};

type Key = { scope: string; subject: string };

/** An admitted password attempt: say how it went. */
export type LoginAttempt = { failed(): Promise<void>; succeeded(): Promise<void> };

/** How long a password check of an account with `failures` recent failures waits. */
export function slowDownFor(failures: number, account: LoginLimits['account']): number {
  if (failures < account.slowAfter) return 0;
  return Math.min((failures - account.slowAfter + 1) * account.stepMs, account.maxDelayMs);
}

/** `keyOf` places a counter (e.g. in the tenant's family); `wait` is replaceable only in unit tests. */
export function createLoginGuard<K extends Key>(
  counters: WindowCounters<K>,
  keyOf: (key: Key) => K,
  limits: LoginLimits,
  wait: (ms: number) => Promise<unknown> = sleep,
): LoginGuard {
  const pairKey = (account: string, address: string) => keyOf({ scope: 'login-pair', subject: `${account} from ${address}` });
  const addressKey = (address: string) => keyOf({ scope: 'login-address', subject: address });
  const accountKey = (account: string) => keyOf({ scope: 'login-account', subject: account });

  /**
   * Admits one password attempt for `account` (the normalised e-mail) from `address`, or answers
   * null when that address is locked out. The attempt is counted before the password is checked,
   * so parallel guesses cannot pass a limit together; a success takes it back.
   */
  async function admit(account: string, address: string): Promise<LoginAttempt | null> {
    const pair = pairKey(account, address);
    const from = addressKey(address);
    const [pairWithin, addressWithin] = await Promise.all([counters.hit(pair, limits.pair), counters.hit(from, limits.address)]);
    if (!pairWithin || !addressWithin) return null;
    const delay = slowDownFor(await counters.count(accountKey(account), limits.account.windowSeconds), limits.account);
    if (delay > 0) await wait(delay);
    return {
      async failed() {
        await counters.add(accountKey(account), limits.account.windowSeconds);
      },
      async succeeded() {
        // The address's own failures start afresh for this account; its count across accounts
        // keeps only failures. The account's count stays: a success proves nothing about the others.
        await Promise.all([counters.clear(pair), counters.release(from)]);
      },
    };
  }

  /** After a new password is set: every address's failures for the account, and its slow-down, end. */
  async function forget(account: string): Promise<void> {
    await Promise.all([counters.clearStartingWith(pairKey(account, '')), counters.clear(accountKey(account))]);
  }

  return { admit, forget };
}

export type LoginGuard = {
  admit(account: string, address: string): Promise<LoginAttempt | null>;
  forget(account: string): Promise<void>;
};
