import { jwtVerify, SignJWT } from 'jose';

export type OperatorRole = 'owner' | 'admin' | 'support';

/** What a console access token says: which operator, their role and company, which session. */
export type OperatorClaims = { operatorId: number; role: OperatorRole; companyId: number | null; sessionId: string };

// Its own issuer and audience: a customer's token (issuer "mawingu") never verifies here, nor the reverse.
const ISSUER = 'mawingu-console';
const AUDIENCE = 'operator';

/** HS256 tokens of a console session (jose). The session row decides whether it is still live. */
export function createOperatorTokens(secret: Uint8Array, ttlSeconds: number) {
  async function sign(claims: OperatorClaims): Promise<string> {
    return new SignJWT({ role: claims.role, cid: claims.companyId, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.operatorId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(secret);
  }

  async function verify(token: string): Promise<OperatorClaims | null> {
    try {
      const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
      const operatorId = Number(payload.sub);
      const { role, cid, sid } = payload as { role?: unknown; cid?: unknown; sid?: unknown };
      if (!Number.isInteger(operatorId) || typeof sid !== 'string') return null;
      if (role !== 'owner' && role !== 'admin' && role !== 'support') return null;
      if (!(cid === null || typeof cid === 'number')) return null;
      return { operatorId, role, companyId: cid, sessionId: sid };
    } catch {
      return null;
    }
  }

  return { sign, verify, ttlSeconds };
}

export type OperatorTokens = ReturnType<typeof createOperatorTokens>;
