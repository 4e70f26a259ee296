import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * What an access token says: whose session, in which company, and for an operator's support session
 * ("log in as", ADR 0118) which one: every call it makes is the operator's, not the customer's.
 */
export type AccessClaims = { customerId: number; companyId: number; sessionId: string; supportSessionId?: number };

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

const ISSUER = 'mawingu';

/** Short-lived HS256 access tokens (jose). The lifetime is the spec's AccessTokenMaxAge. */
export function createAccessTokens(secret: Uint8Array, ttlSeconds: number) {
  async function sign(claims: AccessClaims): Promise<string> {
    const support = claims.supportSessionId === undefined ? {} : { sup: claims.supportSessionId };
    return new SignJWT({ cid: claims.companyId, sid: claims.sessionId, ...support })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.customerId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(secret);
  }

  async function verify(token: string): Promise<VerifyResult> {
    try {
      const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
      const customerId = Number(payload.sub);
      const { cid, sid, sup } = payload as { cid?: unknown; sid?: unknown; sup?: unknown };
      if (!Number.isInteger(customerId) || typeof cid !== 'number' || typeof sid !== 'string') return { ok: false, reason: 'invalid' };
      if (sup !== undefined && !Number.isInteger(sup)) return { ok: false, reason: 'invalid' };
      const support = typeof sup === 'number' ? { supportSessionId: sup } : {};
      return { ok: true, claims: { customerId, companyId: cid, sessionId: sid, ...support } };
    } catch (err) {
      return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }

  return { sign, verify, ttlSeconds };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
