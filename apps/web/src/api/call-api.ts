import type { UserData } from '@mawingu/contracts/auth';
import type { CallMethod } from '@mawingu/contracts/call';
import type { Envelope } from '@mawingu/contracts/envelope';
import { AUTH_HEADER, REFRESH_HEADER } from '@mawingu/contracts/auth-headers';
import i18n from '../i18n/i18n.ts';
import { storedSessionAfter, withRefreshLock } from '../lib/session/refresh-lock.ts';
import { expireSession } from '../lib/session/session-end.ts';
import { readUserData, storeUserData } from '../lib/session/session-store.ts';
import { REFRESH_TOKEN_PATH, refreshTokenBody, renewedUserData } from './auth/refresh-token.ts';
import { trackRequestEnd, trackRequestStart } from './pending-requests.ts';

/** Spec section 9: every call gives up after 120 seconds. */
export const REQUEST_TIMEOUT_MS = 120_000;

/** Status of the synthetic envelope for a request that never got an answer. */
export const NO_RESPONSE_STATUS = 0;

export type HttpMethod = CallMethod;

/**
 * Where calls go and which session they carry, when it is not the customer site's (`/api`, the
 * spec's session headers, renewed on 401): the console passes its own (`/api/admin`, the
 * operator's bearer token; a 401 ends the session, there is no renewal).
 */
export type ApiDoor = {
  /** The path the door's calls start with, e.g. `/api/admin`. */
  base: string;
  /** The signed-in session's headers; none without a session. */
  sessionHeaders: () => Record<string, string>;
  /** A 401: the session is over. */
  sessionRefused: () => void;
};

const CUSTOMER_BASE = '/api';

export type CallOptions = {
  method?: HttpMethod;
  /** Cancellation from the caller (TanStack Query passes one); the time-out applies as well. */
  signal?: AbortSignal;
  /**
   * What a 401 to a call sent with a session does: 'auto' (default) renews the session once and
   * repeats the call, and a refused renewal ends the session as expired; 'off' returns the 401 as
   * it is (login and the other account calls, where 401 means wrong credentials).
   */
  renew?: 'auto' | 'off';
  /**
   * A call nobody is waiting for (the bell's poll every minute): it does not raise the global
   * loading overlay, which would otherwise cover the page on a slow connection every minute.
   */
  background?: boolean;
  /** The console's door; the customer site's by default. */
  door?: ApiDoor;
};

const OK = 200;
const UNAUTHORIZED = 401;
const FORBIDDEN = 403;

function isEnvelope(value: unknown): value is { status: number; message: string; data?: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { status?: unknown }).status === 'number' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

function noResponse(message: string): Envelope<null> {
  return { status: NO_RESPONSE_STATUS, message, data: null };
}

async function readEnvelope(response: Response): Promise<Envelope<unknown>> {
  const body: unknown = await response.json().catch(() => undefined);
  if (isEnvelope(body)) return { status: body.status, message: body.message, data: body.data ?? null };
  // A proxy or gateway answered instead of the API (HTML error page, empty body).
  return { status: response.status, message: i18n.t('api.unexpectedReply', { status: response.status }), data: null };
}

/**
 * Calls `/api/{path}` (or the door's base) with a JSON body and returns the reply envelope as it
 * is: a non-200 status is an answer, not an exception. Only a caller's own cancellation rejects; a
 * time-out or network failure becomes an envelope with status 0 and a readable message. A call made
 * with a customer session that is refused with 401 renews the session once and is repeated (see `renew`).
 */
export async function callApi(path: string, body?: unknown, options: CallOptions = {}): Promise<Envelope<unknown>> {
  const tracked = !options.background;
  if (tracked) trackRequestStart();
  try {
    const door = options.door;
    if (door) {
      const reply = await readReply(await exchange(door.base, path, body, options, door.sessionHeaders()));
      if (reply.status === UNAUTHORIZED) door.sessionRefused();
      return reply;
    }
    return await callAsCustomer(path, body, options);
  } finally {
    if (tracked) trackRequestEnd();
  }
}

/**
 * Downloads a file (a PDF, a CSV export) with the session's headers: the file, or the envelope of
 * the refusal (or of no answer).
 */
export async function downloadApi(path: string, options: CallOptions = {}): Promise<Blob | Envelope<unknown>> {
  trackRequestStart();
  try {
    const door = options.door;
    const userData = door ? null : readUserData();
    const headers = door ? door.sessionHeaders() : sessionHeaders(userData);
    const response = await exchange(door?.base ?? CUSTOMER_BASE, path, undefined, { ...options, method: 'GET' }, headers);
    if (response instanceof Response && response.status === OK) return await response.blob();
    const reply = await readReply(response);
    if (reply.status === UNAUTHORIZED) door?.sessionRefused();
    return reply;
  } finally {
    trackRequestEnd();
  }
}

async function callAsCustomer(path: string, body: unknown, options: CallOptions): Promise<Envelope<unknown>> {
  const renew = options.renew ?? 'auto';
  const userData = readUserData();
  const reply = await send(path, body, options, userData);
  if (reply.status !== UNAUTHORIZED || !userData || renew === 'off') return reply;
  const renewal = await renewSession(userData);
  if (renewal.kind === 'renewed') return await send(path, body, options, renewal.userData);
  if (renewal.kind === 'refused') await expireSession(renewal.refreshToken);
  return reply;
}

/** Spec section 7: authenticated calls carry the stored token and refresh token. */
function sessionHeaders(userData: UserData | null): Record<string, string> {
  return userData ? { [AUTH_HEADER]: userData.token, [REFRESH_HEADER]: userData.refreshToken } : {};
}

async function send(path: string, body: unknown, options: CallOptions, userData: UserData | null): Promise<Envelope<unknown>> {
  return readReply(await exchange(CUSTOMER_BASE, path, body, options, sessionHeaders(userData)));
}

async function readReply(response: Response | Envelope<null>): Promise<Envelope<unknown>> {
  return response instanceof Response ? readEnvelope(response) : response;
}

/** One request: the response, or the envelope of no answer (time-out, network). */
async function exchange(
  base: string,
  path: string,
  body: unknown,
  options: CallOptions,
  session: Record<string, string>,
): Promise<Response | Envelope<null>> {
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  // The visitor's language, for what the server writes in it (mails; the account keeps it).
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': i18n.resolvedLanguage ?? 'en', ...session };
  if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';

  try {
    return await fetch(`${base}/${path.replace(/^\/+/, '')}`, {
      method,
      headers,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (timeout.aborted || (error instanceof DOMException && error.name === 'TimeoutError')) {
      return noResponse(i18n.t('api.timeout'));
    }
    return noResponse(i18n.t('api.network'));
  }
}

/** Outcome of a renewal: new user data; refused (the refresh token is dead); or no answer (try later). */
export type RenewResult = { kind: 'renewed'; userData: UserData } | { kind: 'refused'; refreshToken: string } | { kind: 'unavailable' };

let renewal: Promise<RenewResult> | undefined;

/**
 * Renews the session whose data was `stale` (POST /api/refreshToken) and stores the result. One
 * renewal at a time: concurrent 401s in this tab share it, and other tabs wait for it (Web Locks),
 * because a refresh token sent twice revokes the session. A session that was renewed meanwhile (by
 * another call or tab) is returned as it is.
 */
export function renewSession(stale: UserData): Promise<RenewResult> {
  renewal ??= withRefreshLock((waited) => renewOnce(stale, waited)).finally(() => {
    renewal = undefined;
  });
  return renewal;
}

async function renewOnce(stale: UserData, waited: boolean): Promise<RenewResult> {
  const current = waited ? await storedSessionAfter(stale.refreshToken) : readUserData();
  // Logged out meanwhile: nothing to renew, and nothing to announce.
  if (!current) return { kind: 'refused', refreshToken: stale.refreshToken };
  if (current.refreshToken !== stale.refreshToken) return { kind: 'renewed', userData: current };

  const reply = await send(REFRESH_TOKEN_PATH, refreshTokenBody(), {}, current);
  const next = renewedUserData(reply);
  if (next) {
    storeUserData(next);
    return { kind: 'renewed', userData: next };
  }
  if (reply.status === UNAUTHORIZED || reply.status === FORBIDDEN) return { kind: 'refused', refreshToken: current.refreshToken };
  return { kind: 'unavailable' };
}
