import { defineCalls } from '../call.ts';

/** The console's catalogue calls (under /api/admin, owner and admin); schemas in catalogue.ts. */
const call = defineCalls(() => import('./catalogue.ts'));
const base = 'companies/:companyId/catalogue';

export const productsCall = call('GET', `${base}/products`, (s) => ({ reply: s.productSummaries }));
export const productCall = call('GET', `${base}/products/:id`, (s) => ({ reply: s.product }));
export const createProductCall = call('POST', `${base}/products`, (s) => ({ request: s.productInput, reply: s.product }));
export const updateProductCall = call('PUT', `${base}/products/:id`, (s) => ({ request: s.productInput, reply: s.product }));
export const setProductStatusCall = call('PATCH', `${base}/products/:id/status`, (s) => ({
  request: s.productStatusInput,
  reply: s.product,
}));
export const deleteProductCall = call('DELETE', `${base}/products/:id`, () => ({}));

export const regionsCall = call('GET', `${base}/regions`, (s) => ({ reply: s.regionList }));
export const createRegionCall = call('POST', `${base}/regions`, (s) => ({ request: s.regionInput, reply: s.region }));
export const updateRegionCall = call('PUT', `${base}/regions/:id`, (s) => ({ request: s.regionInput, reply: s.region }));
export const deleteRegionCall = call('DELETE', `${base}/regions/:id`, () => ({}));

export const timePeriodsCall = call('GET', `${base}/time-periods`, (s) => ({ reply: s.timePeriodList }));
export const createTimePeriodCall = call('POST', `${base}/time-periods`, (s) => ({ request: s.timePeriodInput, reply: s.timePeriod }));
export const updateTimePeriodCall = call('PUT', `${base}/time-periods/:id`, (s) => ({ request: s.timePeriodInput, reply: s.timePeriod }));
export const deleteTimePeriodCall = call('DELETE', `${base}/time-periods/:id`, () => ({}));

export const cloneDurationsCall = call('GET', `${base}/clone-durations`, (s) => ({ reply: s.cloneDurations }));
export const saveCloneDurationsCall = call('PUT', `${base}/clone-durations`, (s) => ({
  request: s.cloneDurationsInput,
  reply: s.cloneDurations,
}));

export const discountsCall = call('GET', `${base}/discounts`, (s) => ({ reply: s.discountList }));
export const saveDiscountCall = call('PUT', `${base}/discounts`, (s) => ({ request: s.discountInput, reply: s.discount }));
export const deleteDiscountCall = call('DELETE', `${base}/discounts/:id`, () => ({}));

export const currencyCall = call('GET', `${base}/currency`, (s) => ({ reply: s.currencySettings }));
export const saveCurrencyCall = call('PUT', `${base}/currency`, (s) => ({ request: s.currencyInput, reply: s.currencySettings }));

export const businessUnitsCall = call('GET', `${base}/business-units`, (s) => ({ reply: s.businessUnitList }));
export const createBusinessUnitCall = call('POST', `${base}/business-units`, (s) => ({
  request: s.businessUnitInput,
  reply: s.businessUnit,
}));
export const updateBusinessUnitCall = call('PUT', `${base}/business-units/:id`, (s) => ({
  request: s.businessUnitInput,
  reply: s.businessUnit,
}));
export const deleteBusinessUnitCall = call('DELETE', `${base}/business-units/:id`, () => ({}));

export const partnerCloudsCall = call('GET', `${base}/partner-clouds`, (s) => ({ reply: s.partnerCloudList }));
export const createPartnerCloudCall = call('POST', `${base}/partner-clouds`, (s) => ({
  request: s.partnerCloudInput,
  reply: s.partnerCloud,
}));
export const updatePartnerCloudCall = call('PUT', `${base}/partner-clouds/:id`, (s) => ({
  request: s.partnerCloudInput,
  reply: s.partnerCloud,
}));
export const deletePartnerCloudCall = call('DELETE', `${base}/partner-clouds/:id`, () => ({}));

export const domainsCall = call('GET', `${base}/domains`, (s) => ({ reply: s.domainList }));
export const addDomainCall = call('POST', `${base}/domains`, (s) => ({ request: s.domainInput, reply: s.addedDomain }));
export const deleteDomainCall = call('DELETE', `${base}/domains/:id`, () => ({}));

/** Multipart, the file under `image`. */
export const uploadImageCall = call('POST', `${base}/images`, (s) => ({ reply: s.uploadedImage }));
