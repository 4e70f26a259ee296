import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The simulator's console page opens in a new window, without the customer's headers, so its URL
 * carries its own proof: `{expiry}.{HMAC(externalId.expiry)}`, made by viewVM for a VM the customer
 * may see. The key is derived from the app's auth secret (never the secret itself, so a console
 * token can never pass for an access token). Short-lived: it is in the address bar and history.
 */
export const CONSOLE_TOKEN_TTL_SECONDS = 10 * 60;

export type ConsoleTokens = {
  sign(externalId: string, now?: number): string;
  verify(externalId: string, token: string | undefined, now?: number): boolean;
};

export function createConsoleTokens(authSecret: Uint8Array, ttlSeconds = CONSOLE_TOKEN_TTL_SECONDS): ConsoleTokens {
  const key = createHmac('sha256', authSecret).update('mawingu simulator console v1').digest();
  const mac = (externalId: string, expiry: number) => createHmac('sha256', key).update(`${externalId}.${expiry}`).digest();

  return {
    sign(externalId, now = Date.now()) {
      const expiry = Math.floor(now / 1000) + ttlSeconds;
      return `${expiry}.${mac(externalId, expiry).toString('base64url')}`;
    },
    verify(externalId, token, now = Date.now()) {
      const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
      if (!m) return false;
      const expiry = Number(m[1]);
      if (expiry * 1000 <= now) return false;
      const given = Buffer.from(m[2]!, 'base64url');
      const expected = mac(externalId, expiry);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
