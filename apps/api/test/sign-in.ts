import type { TestContext } from './test-app.ts';

export type SignedIn = { customerId: number; companyId: number; token: string; refreshToken: string; sessionId: string };

/** A live session for a customer, as twoFactorAuth would start it, without the mail round trip. */
export async function signIn(t: TestContext, companyId: number, customerId: number): Promise<SignedIn> {
  const session = await t.modules.identity.sessions.start(companyId, customerId);
  return { ...session, companyId };
}

/** Headers of an authenticated call from a company's site, as the SPA sends them. */
export function authHeaders(site: string, session: Pick<SignedIn, 'token' | 'refreshToken'>): Record<string, string> {
  return { origin: site, authorization: session.token, refreshtoken: session.refreshToken };
}
