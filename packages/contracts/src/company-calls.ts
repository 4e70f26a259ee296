import { defineCalls } from './call.ts';

/** The site's configuration, menus and offices (under /api); schemas in company.ts. */
const call = defineCalls(() => import('./company.ts'));

/** 300 (maintenance) carries the configuration too. index.html starts this call before the app (boot/early-start.ts, by its path). */
export const getCompanyConfigurationCall = call(
  'POST',
  'getCompanyConfiguration',
  (s) => ({ request: s.companyConfigurationRequest, reply: s.companyConfiguration }),
  { dataStatuses: [200, 300] },
);

export const getDropdownListCall = call('POST', 'getDropdownList', (s) => ({
  request: s.dropdownListRequest,
  reply: s.dropdownListResponse.shape.data,
}));
export const getCompanyAddressCall = call('POST', 'home/getCompanyAddress', (s) => ({
  request: s.companyAddressRequest,
  reply: s.companyAddressResponse.shape.data,
}));
