import { createHash, randomBytes } from 'node:crypto';

/**
 * A secret carried only by a link or a client (a refresh token, a password-reset, newsletter or
 * invitation link): 256 random bits, URL-safe. The database keeps `tokenHash` of it, never the token.
 */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored for a link token and looked up when it comes back (SHA-256, hex). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
