import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../db/schema.ts';
import { createCustomer } from '../../../db/seed/factories.ts';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { ACME, ZEBRA, call, logIn, setUpSites } from './auth.test-helper.ts';
import { REUSE_GRACE_SECONDS } from './session-store.ts';

const EXPIRED = { status: 401, message: 'Your session has expired. Please log in again.', data: null };

describe('the session: refresh and logout over HTTP', () => {
  let t: TestContext;
  let acmeId: number;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    ({ acmeId } = await setUpSites(t, 'session'));
  });
  afterAll(() => t.close());

  async function loggedIn() {
    const email = `session${++n}@example.co.za`;
    await createCustomer(t.database.db, acmeId, { email, firstName: 'Amina', lastName: 'Odhiambo' }, 'Secret@123');
    return { email, ...(await logIn(t, email)) };
  }
  /** The SPA's headers: the stored token pair, from the site's origin. */
  const headersOf = (s: { token: string; refreshToken: string }, site = ACME) => ({
    origin: site,
    authorization: s.token,
    refreshtoken: s.refreshToken,
  });
  const refresh = (s: { token: string; refreshToken: string }, site = ACME) =>
    call(t, 'refreshToken', { websiteUrl: site }, headersOf(s, site));
  const logout = (headers: Record<string, string>) => call(t, 'logout', { websiteUrl: ACME }, headers);

  it('renews the pair with the refresh token and keeps the names in the user data', async () => {
    const first = await loggedIn();
    const res = await refresh(first);
    expect(res.http).toBe(200);
    expect(res.body.status).toBe(200);
    const [renewed] = res.body.data;
    expect(renewed.refreshToken).not.toBe(first.refreshToken);
    expect(renewed.userDetail).toEqual({ FirstName: 'Amina', LastName: 'Odhiambo', AccessTokenMaxAge: 900, emailID: first.email });
    // The new pair is usable, and works without a body too (the site from the Origin).
    const next = await call(t, 'refreshToken', undefined, headersOf(renewed));
    expect(next.http).toBe(200);
  });

  /** Moves the retirement of a refresh token `seconds` into the past. */
  const retiredAgo = (refreshToken: string, seconds: number) =>
    t.database.db
      .update(sessions)
      .set({ rotatedAt: sql`now() - (${seconds}::int * interval '1 second')` })
      .where(eq(sessions.tokenHash, createHash('sha256').update(refreshToken).digest('hex')));

  it('ends the whole session when a used refresh token comes back after the grace (theft or replay)', async () => {
    const first = await loggedIn();
    const second = (await refresh(first)).body.data[0];
    await retiredAgo(first.refreshToken, REUSE_GRACE_SECONDS + 1);
    const replay = await refresh(first);
    expect(replay.http).toBe(401);
    expect(replay.body).toEqual(EXPIRED);
    expect((await refresh(second)).body).toEqual(EXPIRED);
    expect((await profile(second)).statusCode).toBe(401);
    // The access token of the family is dead too: logging out with it alone is refused.
    expect((await logout({ origin: ACME, authorization: second.token })).http).toBe(401);
  });

  it('lets a retry after a lost reply in: the just-retired token gets a valid pair within the grace', async () => {
    const first = await loggedIn();
    const lost = (await refresh(first)).body.data[0];
    const retried = await refresh(first);
    expect(retried.http).toBe(200);
    const [renewed] = retried.body.data;
    expect(renewed.refreshToken).not.toBe(lost.refreshToken);
    expect((await profile(renewed)).statusCode).toBe(200);
    expect((await refresh(renewed)).http).toBe(200);
    // The grace is one of time, not a second life: later the same token ends the session.
    await retiredAgo(first.refreshToken, REUSE_GRACE_SECONDS + 1);
    expect((await refresh(first)).body).toEqual(EXPIRED);
    expect((await profile(renewed)).statusCode).toBe(401);
  });

  it('answers two simultaneous refreshes with the same token both with a working pair (two tabs)', async () => {
    const first = await loggedIn();
    const replies = await Promise.all([refresh(first), refresh(first)]);
    expect(replies.map((r) => r.http)).toEqual([200, 200]);
    const pairs = replies.map((r) => r.body.data[0] as { token: string; refreshToken: string });
    expect(pairs[0]!.refreshToken).not.toBe(pairs[1]!.refreshToken);
    for (const pair of pairs) expect((await profile(pair)).statusCode).toBe(200);
    for (const pair of pairs) expect((await refresh(pair)).http).toBe(200);
  });

  it('refuses a missing, made-up or other company’s refresh token', async () => {
    const session = await loggedIn();
    expect((await call(t, 'refreshToken', { websiteUrl: ACME }, { origin: ACME })).body).toEqual(EXPIRED);
    expect((await call(t, 'refreshToken', { websiteUrl: ACME }, { origin: ACME, refreshtoken: 'x'.repeat(43) })).body).toEqual(EXPIRED);
    expect((await refresh(session, ZEBRA)).body).toEqual(EXPIRED);
    // Still alive on its own site.
    expect((await refresh(session)).http).toBe(200);
  });

  /** A customer-only call, as the SPA makes it with the stored token. */
  const profile = (s: { token: string; refreshToken: string }) =>
    t.app.inject({ method: 'GET', url: '/api/profileSetting/userProfileInfo', headers: headersOf(s) });

  it('logs out: the access token and the refresh token stop working at once', async () => {
    const session = await loggedIn();
    expect((await profile(session)).statusCode).toBe(200);
    const res = await logout(headersOf(session));
    expect(res.http).toBe(200);
    expect(res.body).toEqual({ status: 200, message: 'Logged out', data: null });
    const reused = await logout({ origin: ACME, authorization: session.token });
    expect(reused.http).toBe(401);
    expect(reused.body.message).toBe('Please log in to continue.');
    expect((await profile(session)).statusCode).toBe(401);
    expect((await refresh(session)).body).toEqual(EXPIRED);
  });

  it('logs out with only the refresh token when the access token has run out', async () => {
    const session = await loggedIn();
    const res = await logout({ origin: ACME, authorization: 'expired.or.garbage', refreshtoken: session.refreshToken });
    expect(res.http).toBe(200);
    expect((await refresh(session)).body).toEqual(EXPIRED);
  });

  it('refuses a logout without any token', async () => {
    expect((await logout({ origin: ACME })).http).toBe(401);
  });
});
