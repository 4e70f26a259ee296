import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUserData, signInAs } from '../../test/session.ts';
import { clearUserData } from '../lib/session/session-store.ts';
import { fetchCustomerFile } from './fetch-customer-file.ts';

describe('fetchCustomerFile (invoice PDFs, ticket attachments, the picture)', () => {
  const renewed = makeUserData({ token: 'access-2', refreshToken: 'refresh-2' });
  afterEach(() => vi.restoreAllMocks());

  /** The file answers only to token access-2; access-1 has expired. */
  function stubFiles(refreshStatus = 200) {
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      if (url === '/api/refreshToken') {
        const body =
          refreshStatus === 200 ? { status: 200, message: 'Success', data: [renewed] } : { status: 401, message: 'x', data: null };
        return new Response(JSON.stringify(body), { status: refreshStatus, headers: { 'Content-Type': 'application/json' } });
      }
      return headers.authorization === 'access-2' ? new Response('%PDF-1.7', { status: 200 }) : new Response('', { status: 401 });
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('sends the session headers, renews an expired session once and returns the bytes', async () => {
    signInAs();
    const fetchMock = stubFiles();
    const blob = await fetchCustomerFile('/api/invoice/pdf/7', { accept: 'application/pdf' });
    expect(await blob?.text()).toBe('%PDF-1.7');
    const fileCalls = fetchMock.mock.calls.filter(([url]) => url === '/api/invoice/pdf/7');
    expect(fileCalls.map(([, init]) => (init.headers as Record<string, string>).authorization)).toEqual(['access-1', 'access-2']);
    expect((fileCalls[0]![1].headers as Record<string, string>).Accept).toBe('application/pdf');
  });

  it('gives null, not an error, when the renewal is refused or nobody is signed in', async () => {
    signInAs();
    stubFiles(401);
    expect(await fetchCustomerFile('/api/ticket/attachment/1')).toBeNull();
    clearUserData();
    const fetchMock = stubFiles();
    expect(await fetchCustomerFile('/api/ticket/attachment/1')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
