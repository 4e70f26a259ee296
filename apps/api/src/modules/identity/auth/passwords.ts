import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`; the package's enum is a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

/** argon2id with the library's defaults (m=19456 KiB, t=2, p=1: OWASP's minimum for argon2id). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash to verify against when the account does not exist, so a login for an unknown e-mail costs
 * the same time as one with a wrong password (no account enumeration by timing).
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword('decoy-password-never-matches');
  return decoy;
}
