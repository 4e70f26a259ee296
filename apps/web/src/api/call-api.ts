import type { Envelope } from '@mawingu/contracts/envelope';
import { AUTH_HEADER, REFRESH_HEADER } from '@mawingu/contracts/auth-headers';
import i18n from '../i18n/i18n.ts';
import { readUserData } from '../lib/session/session-store.ts';
import { trackRequestEnd, trackRequestStart } from './pending-requests.ts';

/** Spec section 9: every call gives up after 120 seconds. */
export const REQUEST_TIMEOUT_MS = 120_000;

/** Status of the synthetic envelope for a request that never got an answer. */
export const NO_RESPONSE_STATUS = 0;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type CallOptions = {
  method?: HttpMethod;
  /** Cancellation from the caller (TanStack Query passes one); the time-out applies as well. */
  signal?: AbortSignal;
};

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
 * Calls `/api/{path}` with a JSON body and returns the reply envelope as it is: a non-200 status is
 * an answer, not an exception. Only a caller's own cancellation rejects; a time-out or network
 * failure becomes an envelope with status 0 and a readable message.
 */
export async function callApi(path: string, body?: unknown, options: CallOptions = {}): Promise<Envelope<unknown>> {
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';
  // Spec section 7: authenticated calls carry the stored token and refresh token.
  const userData = readUserData();
  if (userData) {
    headers[AUTH_HEADER] = userData.token;
    headers[REFRESH_HEADER] = userData.refreshToken;
  }

  trackRequestStart();
  try {
    const response = await fetch(`/api/${path.replace(/^\/+/, '')}`, {
      method,
      headers,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
    return await readEnvelope(response);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (timeout.aborted || (error instanceof DOMException && error.name === 'TimeoutError')) {
      return noResponse(i18n.t('api.timeout'));
    }
    return noResponse(i18n.t('api.network'));
  } finally {
    trackRequestEnd();
  }
}
