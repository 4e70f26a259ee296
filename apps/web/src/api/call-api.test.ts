import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { makeUserData, signInAs } from '../../test/session.ts';
import i18n, { setLanguage } from '../i18n/i18n.ts';
import { onSessionEnd } from '../lib/session/session-end.ts';
import { readUserData } from '../lib/session/session-store.ts';
import { callApi, REQUEST_TIMEOUT_MS } from './call-api.ts';
import * as pending from './pending-requests.ts';

function jsonResponse(body: unknown, status: number) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('callApi', () => {
  afterEach(() => vi.restoreAllMocks());

  it('posts JSON to /api/<path> with a 120 s time-out signal', async () => {
    const timeoutSpy = vi.spyOn(AbortSignal, 'timeout');
    const fetchMock = vi.fn(async () => jsonResponse({ status: 200, message: 'Success', data: { a: 1 } }, 200));
    vi.stubGlobal('fetch', fetchMock);

    const reply = await callApi('getDropdownList', { customerUrl: 'http://x.test' });

    expect(reply).toEqual({ status: 200, message: 'Success', data: { a: 1 } });
    expect(timeoutSpy).toHaveBeenCalledWith(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(120_000);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/getDropdownList');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ customerUrl: 'http://x.test' });
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('tells the server the visitor’s language, for the mails it writes', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ status: 200, message: 'ok', data: null }, 200));
    vi.stubGlobal('fetch', fetchMock);
    const languageOf = (call: number) =>
      ((fetchMock.mock.calls[call] as unknown as [string, RequestInit])[1].headers as Record<string, string>)['Accept-Language'];
    await callApi('login', {});
    expect(languageOf(0)).toBe('en');
    await setLanguage('ko');
    try {
      await callApi('login', {});
      expect(languageOf(1)).toBe('ko');
    } finally {
      await setLanguage('en');
    }
  });

  it('uses GET without a body unless told otherwise', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ status: 200, message: 'ok', data: [] }, 200));
    vi.stubGlobal('fetch', fetchMock);
    await callApi('getCountryCode');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('returns the envelope of a non-200 reply instead of throwing', async () => {
    const envelope = { status: 404, message: 'Company not registered yet', data: null };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(envelope, 404)),
    );
    await expect(callApi('getCompanyConfiguration', {})).resolves.toEqual(envelope);
  });

  it('keeps field errors of a 400 reply', async () => {
    const envelope = { status: 400, message: 'Invalid request', data: { fieldErrors: { emailID: 'Enter correct email' } } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(envelope, 400)),
    );
    await expect(callApi('newsLetter/subscribeUser', {})).resolves.toEqual(envelope);
  });

  it('turns a network failure into a status-0 envelope with a clear message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const reply = await callApi('getCompanyConfiguration', {});
    expect(reply).toEqual({ status: 0, message: i18n.t('api.network'), data: null });
    expect(reply.message).toMatch(/cannot be reached/);
  });

  it('turns a time-out into a status-0 envelope', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new DOMException('timed out', 'TimeoutError'))),
    );
    const reply = await callApi('getCompanyConfiguration', {});
    expect(reply.status).toBe(0);
    expect(reply.message).toBe(i18n.t('api.timeout'));
  });

  it('reports a non-envelope reply (proxy error page) with its HTTP status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    const reply = await callApi('getCompanyConfiguration', {});
    expect(reply.status).toBe(502);
    expect(reply.data).toBeNull();
    expect(reply.message).toContain('502');
  });

  it('rethrows when the caller cancels, so queries can be cancelled', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new DOMException('aborted', 'AbortError'))),
    );
    controller.abort();
    await expect(callApi('getCompanyConfiguration', {}, { signal: controller.signal })).rejects.toThrow();
  });

  it('counts the request as pending while it runs', async () => {
    const start = vi.spyOn(pending, 'trackRequestStart');
    const end = vi.spyOn(pending, 'trackRequestEnd');
    let finish!: (response: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (finish = resolve))),
    );

    const call = callApi('getDropdownList', {});
    expect(start).toHaveBeenCalledTimes(1);
    expect(end).not.toHaveBeenCalled();
    finish(jsonResponse({ status: 200, message: 'ok', data: [] }, 200));
    await call;
    expect(end).toHaveBeenCalledTimes(1);
  });
});

describe('callApi with a session', () => {
  const renewed = makeUserData({ token: 'access-2', refreshToken: 'refresh-2' });

  afterEach(() => vi.restoreAllMocks());

  function headersOf(call: unknown[]) {
    return (call[1] as RequestInit).headers as Record<string, string>;
  }

  /** The API: calls with token access-1 are refused as expired, access-2 is accepted. */
  function stubExpiringApi(
    refreshReply: () => { status: number; body: unknown } = () => ({
      status: 200,
      body: { status: 200, message: 'Success', data: [renewed] },
    }),
  ) {
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      if (url === '/api/refreshToken') {
        const { status, body } = refreshReply();
        return jsonResponse(body, status);
      }
      if (headers.authorization === 'access-2') return jsonResponse({ status: 200, message: 'Success', data: { url } }, 200);
      return jsonResponse({ status: 401, message: messages.sessionExpired, data: null }, 401);
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  const refreshCalls = (fetchMock: ReturnType<typeof stubExpiringApi>) =>
    fetchMock.mock.calls.filter(([url]) => url === '/api/refreshToken');

  it('renews a refused session once, stores it and repeats the call with the new token', async () => {
    signInAs();
    const fetchMock = stubExpiringApi();

    const reply = await callApi('userNotification');

    expect(reply).toEqual({ status: 200, message: 'Success', data: { url: '/api/userNotification' } });
    const [refresh] = refreshCalls(fetchMock);
    expect(headersOf(refresh!)).toMatchObject({ authorization: 'access-1', refreshtoken: 'refresh-1' });
    expect(JSON.parse((refresh![1] as RequestInit).body as string)).toEqual({ websiteUrl: window.location.origin });
    expect(readUserData()).toEqual(renewed);
    expect(headersOf(fetchMock.mock.calls.at(-1)!)).toMatchObject({ authorization: 'access-2', refreshtoken: 'refresh-2' });
  });

  it('shares one renewal between calls refused at the same time', async () => {
    signInAs();
    const fetchMock = stubExpiringApi();

    const replies = await Promise.all([
      callApi('userNotification'),
      callApi('profileSetting/userProfileInfo'),
      callApi('ticket/getallUserTicket'),
    ]);

    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200]);
    expect(refreshCalls(fetchMock)).toHaveLength(1);
  });

  it('does not renew again for a call that left with a token renewed meanwhile', async () => {
    signInAs();
    const fetchMock = stubExpiringApi();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/slow') await held;
      return answer(url, init);
    });

    const slow = callApi('slow');
    await callApi('userNotification');
    release();

    expect((await slow).status).toBe(200);
    expect(refreshCalls(fetchMock)).toHaveLength(1);
    expect(headersOf(fetchMock.mock.calls.at(-1)!)).toMatchObject({ authorization: 'access-2' });
  });

  it('ends the session as expired when the refresh token is refused, without repeating the call', async () => {
    signInAs();
    const ended = vi.fn();
    const stop = onSessionEnd(ended);
    const fetchMock = stubExpiringApi(() => ({ status: 401, body: { status: 401, message: messages.sessionExpired, data: null } }));

    const reply = await callApi('userNotification');

    stop();
    expect(reply.status).toBe(401);
    expect(readUserData()).toBeNull();
    expect(ended).toHaveBeenCalledExactlyOnceWith('expired');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps the session when the renewal gets no answer', async () => {
    signInAs();
    const ended = vi.fn();
    const stop = onSessionEnd(ended);
    stubExpiringApi(() => ({ status: 503, body: '<html>unavailable</html>' }));

    const reply = await callApi('userNotification');

    stop();
    expect(reply.status).toBe(401);
    expect(readUserData()?.token).toBe('access-1');
    expect(ended).not.toHaveBeenCalled();
  });

  it('repeats a call once only, even when it is refused again', async () => {
    signInAs();
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/refreshToken'
        ? jsonResponse({ status: 200, message: 'Success', data: [renewed] }, 200)
        : jsonResponse({ status: 401, message: messages.loginRequired, data: null }, 401),
    );
    vi.stubGlobal('fetch', fetchMock);

    const reply = await callApi('userNotification');

    expect(reply.status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('leaves a 401 of a visitor or of a login attempt alone', async () => {
    const fetchMock = stubExpiringApi();
    expect((await callApi('userNotification')).status).toBe(401);
    signInAs();
    expect((await callApi('login', { emailID: 'a@b.test' }, { renew: 'off' })).status).toBe(401);
    expect(refreshCalls(fetchMock)).toHaveLength(0);
  });
});
