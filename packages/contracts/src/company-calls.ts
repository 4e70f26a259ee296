import { defineCalls } from './call.ts';

/** The site's menus and offices (under /api); schemas in company.ts. The configuration call starts in boot/early-start.ts. */
const call = defineCalls(() => import('./company.ts'));

export const getDropdownListCall = call('POST', 'getDropdownList', (s) => ({
  request: s.dropdownListRequest,
  reply: s.dropdownListResponse.shape.data,
}));
export const getCompanyAddressCall = call('POST', 'home/getCompanyAddress', (s) => ({
  request: s.companyAddressRequest,
  reply: s.companyAddressResponse.shape.data,
}));
