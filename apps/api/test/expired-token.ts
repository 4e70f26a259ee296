import { SignJWT } from 'jose';
import { resolveAuthSecret } from '../src/modules/identity/auth/auth-secret.ts';
import type { SignedIn } from './sign-in.ts';
import type { TestContext } from './test-app.ts';

/**
 * An access token for a live session, signed with the app's key, that expired a minute ago: what a
 * browser left open past AccessTokenMaxAge sends.
 */
export async function expiredToken(t: TestContext, session: SignedIn): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ cid: session.companyId, sid: session.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(session.customerId))
    .setIssuer('mawingu')
    .setIssuedAt(now - 3600)
    .setExpirationTime(now - 60)
    .sign(resolveAuthSecret(t.config));
}
