import { describe, expect, it } from 'vitest';
import { getCompanyConfigurationCall } from '@mawingu/contracts/company-calls';
import { makeConfiguration, ok, stubApi } from '../../test/fake-api.ts';
import { getCompanyConfiguration } from '../api/company/get-company-configuration.ts';
import { HOME_PATHS, startConfigurationCall } from './early-start.ts';

describe('early start', () => {
  it("hands its configuration reply to the app's first call only; later calls ask the server", async () => {
    const fetchMock = stubApi({ getCompanyConfiguration: ok(makeConfiguration({ companyName: 'Early Cloud' })) });
    startConfigurationCall(window.location.origin);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The early call has no imports (its own tiny chunk): it names the call's path itself, which must be the contract's.
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`/api/${getCompanyConfigurationCall.path}`);
    expect(fetchMock.mock.calls[0]![1]?.method).toBe(getCompanyConfigurationCall.method);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ customerUrl: window.location.origin });

    expect((await getCompanyConfiguration()).data?.companyName).toBe('Early Cloud');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await getCompanyConfiguration();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('leaves a call that got no reply envelope to the app, which asks again and explains failures itself', async () => {
    const fetchMock = stubApi({});
    fetchMock.mockImplementationOnce(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    startConfigurationCall(window.location.origin);
    const reply = await getCompanyConfiguration();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect([reply.status, reply.message]).toEqual([404, 'Route not found']);
  });

  it('knows the paths that show the home page before the router runs', () => {
    for (const path of ['/', '/home', '/Home', '/home/']) expect(HOME_PATHS.test(path)).toBe(true);
    for (const path of ['/homework', '/news', '/marketplace/all']) expect(HOME_PATHS.test(path)).toBe(false);
  });
});
