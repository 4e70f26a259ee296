import { vi } from 'vitest';
import type { CompanyConfiguration, MenuItem } from '@mawingu/contracts/company';
import type { Envelope } from '@mawingu/contracts/envelope';

/** A configuration with every field the spec requires, for a company that exists only in tests. */
export function makeConfiguration(overrides: Partial<CompanyConfiguration> = {}): CompanyConfiguration {
  return {
    companyName: 'Testa Cloud',
    imagePath: 'https://cdn.example.test/testa-logo.png',
    websiteUrl: 'http://localhost:3000',
    wwwUrl: '',
    facebook: 'https://facebook.example.test/testa',
    instagram: '',
    twitter: 'twitter.example.test/testa',
    linkedIn: '',
    youtube: '',
    contactNo: '+27 11 000 0000',
    country: 'South Africa',
    emailID: 'hello@testa.example.test',
    officeAddress: '1 Test Road',
    city: 'NA',
    registrationAgreement: '/files/agreement.pdf',
    termCondition: '/files/terms.pdf',
    privacyPolicy: null,
    companyVideoPath: null,
    regionID: 1,
    maintenanceModeRedirect: 'https://status.example.test/',
    maintenanceModeMsg: 'Back at noon.',
    brandColor: '#0a7d5a',
    brandPalette: {
      colors: ['#e6f7f1', '#d3ece3', '#a8d8c6', '#7ac3a7', '#54b18d', '#3ca67c', '#2ea073', '#0a7d5a', '#157a51', '#006943'],
      shade: 7,
    },
    bannerMessage: '',
    siteTexts: {},
    ...overrides,
  };
}

export function ok<T>(data: T, message = 'Success'): Envelope<T> {
  return { status: 200, message, data };
}

type Handler = Envelope<unknown> | ((body: unknown) => Envelope<unknown> | Promise<Envelope<unknown>>);

export type FakeApi = {
  getCompanyConfiguration?: Handler;
  getDropdownList?: Handler;
  [path: string]: Handler | undefined;
};

/**
 * Replaces fetch with a table of `/api/<path>` answers; anything else gets the API's 404 envelope.
 * Returns the mock so tests can inspect calls.
 */
export function stubApi(api: FakeApi) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^.*?\/api\//, '');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const handler = api[path];
    const reply = typeof handler === 'function' ? await handler(body) : handler;
    const envelope = reply ?? { status: 404, message: 'Route not found', data: null };
    return new Response(JSON.stringify(envelope), {
      status: envelope.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The usual healthy site: complete configuration and the given Benefits items. */
export function stubHealthySite(config: Partial<CompanyConfiguration> = {}, menu: MenuItem[] = []) {
  return stubApi({ getCompanyConfiguration: ok(makeConfiguration(config)), getDropdownList: ok(menu) });
}
