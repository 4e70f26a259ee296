import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteFaqCall } from '@mawingu/contracts/admin/content-calls';
import { blockVmCall, customerSearchCall } from '@mawingu/contracts/admin/customers-calls';
import { checkDomainCall } from '@mawingu/contracts/domains-calls';
import { signInAs } from '../../test/session.ts';
import { clearUserData } from '../lib/session/session-store.ts';
import { ApiError } from './api-error.ts';
import type { ApiDoor } from './call-api.ts';
import { downloadFile, fetchCall, requestCall } from './contract-call.ts';

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn(async () => response());
  vi.stubGlobal('fetch', fetchMock);
  const request = (n = 0) => {
    const [url, init] = fetchMock.mock.calls[n] as unknown as [string, RequestInit];
    return { url, init, headers: init.headers as Record<string, string> };
  };
  return request;
}

describe('a contract call', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    clearUserData();
  });
  const sessionRefused = vi.fn();
  const door: ApiDoor = { base: '/api/admin', sessionHeaders: () => ({ authorization: 'Bearer op-token' }), sessionRefused };

  it('takes its method and path from the contract, with the parameters and the query that is set', async () => {
    const request = stubFetch(() => jsonResponse({ status: 200, message: 'ok', data: { items: [], total: 0, page: 2, pageSize: 20 } }));
    await requestCall(customerSearchCall, { params: { companyId: 4 }, query: { q: '', page: 2 } }, { door });
    const { url, init } = request();
    expect(url).toBe('/api/admin/companies/4/customers?page=2');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('sends the body as JSON with the door’s session, not the customer’s', async () => {
    signInAs();
    const request = stubFetch(() => jsonResponse({ status: 200, message: 'Blocked', data: null }));
    await requestCall(blockVmCall, { params: { companyId: 4, vmId: 7 }, body: { reason: 'abuse' } }, { door });
    const { url, init, headers } = request();
    expect(url).toBe('/api/admin/companies/4/vms/7/block');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ reason: 'abuse' });
    expect(headers.authorization).toBe('Bearer op-token');
    expect(Object.keys(headers).filter((name) => name.toLowerCase() !== 'authorization' && /token/i.test(name))).toEqual([]);
  });

  it('throws ApiError with the status, message and field errors of a refusal', async () => {
    stubFetch(() => jsonResponse({ status: 400, message: 'Invalid request', data: { fieldErrors: { reason: 'Too long' } } }, 400));
    const error = await fetchCall(blockVmCall, { params: { companyId: 4, vmId: 7 }, body: {} }, { door }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid request', fieldErrors: { reason: 'Too long' } });
    expect(sessionRefused).not.toHaveBeenCalled();
  });

  it('returns a refusal as its envelope, the field errors apart', async () => {
    stubFetch(() => jsonResponse({ status: 400, message: 'Invalid request', data: { fieldErrors: { domainName: 'Too short' } } }, 400));
    const reply = await requestCall(checkDomainCall, { body: { domainName: 'a', websiteUrl: 'https://acme.test' } });
    expect(reply).toEqual({ status: 400, message: 'Invalid request', data: null, failure: { fieldErrors: { domainName: 'Too short' } } });
  });

  it('reads the data of every status its contract names (409: the domain is taken)', async () => {
    stubFetch(() =>
      jsonResponse({ status: 409, message: 'This Domain is already taken.', data: { domainName: 'acme', available: false } }, 409),
    );
    const reply = await requestCall(checkDomainCall, { body: { domainName: 'acme', websiteUrl: 'https://acme.test' } });
    expect(reply).toMatchObject({ status: 409, data: { domainName: 'acme', available: false }, failure: null });
  });

  it('ends the door’s session on 401', async () => {
    stubFetch(() => jsonResponse({ status: 401, message: 'Sign in again', data: null }, 401));
    await expect(fetchCall(blockVmCall, { params: { companyId: 4, vmId: 7 }, body: {} }, { door })).rejects.toMatchObject({ status: 401 });
    expect(sessionRefused).toHaveBeenCalledTimes(1);
  });

  it('refuses, in development, a reply that does not match the contract', async () => {
    stubFetch(() => jsonResponse({ status: 200, message: 'ok', data: { id: 'seven' } }));
    const reply = await requestCall(blockVmCall, { params: { companyId: 4, vmId: 7 }, body: {} }, { door });
    expect(reply.status).toBe(0);
    expect(reply.data).toBeNull();
  });

  it('answers null for a call whose contract names no reply data', async () => {
    stubFetch(() => jsonResponse({ status: 200, message: 'Deleted', data: null }));
    await expect(fetchCall(deleteFaqCall, { params: { companyId: 4, faqId: 9 } }, { door })).resolves.toBeNull();
  });
});

describe('downloadFile', () => {
  afterEach(() => vi.restoreAllMocks());
  const door: ApiDoor = { base: '/api/admin', sessionHeaders: () => ({ authorization: 'Bearer op-token' }), sessionRefused: () => {} };

  it('gives the file with the session’s headers', async () => {
    const request = stubFetch(() => new Response('a,b\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }));
    const file = await downloadFile('/companies/4/content/newsletter/subscribers.csv', { door });
    expect(await file.text()).toBe('a,b\n');
    expect(request().url).toBe('/api/admin/companies/4/content/newsletter/subscribers.csv');
    expect(request().headers.authorization).toBe('Bearer op-token');
  });

  it('throws ApiError for a refusal', async () => {
    stubFetch(() => jsonResponse({ status: 403, message: 'Not allowed', data: null }, 403));
    await expect(downloadFile('companies/4/orders/1/invoice/pdf', { door })).rejects.toMatchObject({ status: 403, message: 'Not allowed' });
  });
});
