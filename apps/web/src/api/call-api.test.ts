import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/i18n.ts';
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
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(envelope, 404)));
    await expect(callApi('getCompanyConfiguration', {})).resolves.toEqual(envelope);
  });

  it('keeps field errors of a 400 reply', async () => {
    const envelope = { status: 400, message: 'Invalid request', data: { fieldErrors: { emailID: 'Enter correct email' } } };
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(envelope, 400)));
    await expect(callApi('newsLetter/subscribeUser', {})).resolves.toEqual(envelope);
  });

  it('turns a network failure into a status-0 envelope with a clear message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const reply = await callApi('getCompanyConfiguration', {});
    expect(reply).toEqual({ status: 0, message: i18n.t('api.network'), data: null });
    expect(reply.message).toMatch(/cannot be reached/);
  });

  it('turns a time-out into a status-0 envelope', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new DOMException('timed out', 'TimeoutError'))));
    const reply = await callApi('getCompanyConfiguration', {});
    expect(reply.status).toBe(0);
    expect(reply.message).toBe(i18n.t('api.timeout'));
  });

  it('reports a non-envelope reply (proxy error page) with its HTTP status', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })));
    const reply = await callApi('getCompanyConfiguration', {});
    expect(reply.status).toBe(502);
    expect(reply.data).toBeNull();
    expect(reply.message).toContain('502');
  });

  it('rethrows when the caller cancels, so queries can be cancelled', async () => {
    const controller = new AbortController();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new DOMException('aborted', 'AbortError'))));
    controller.abort();
    await expect(callApi('getCompanyConfiguration', {}, { signal: controller.signal })).rejects.toThrow();
  });

  it('counts the request as pending while it runs', async () => {
    const start = vi.spyOn(pending, 'trackRequestStart');
    const end = vi.spyOn(pending, 'trackRequestEnd');
    let finish!: (response: Response) => void;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (finish = resolve))));

    const call = callApi('getDropdownList', {});
    expect(start).toHaveBeenCalledTimes(1);
    expect(end).not.toHaveBeenCalled();
    finish(jsonResponse({ status: 200, message: 'ok', data: [] }, 200));
    await call;
    expect(end).toHaveBeenCalledTimes(1);
  });
});
