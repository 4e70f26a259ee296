import { defineCalls } from './call.ts';

/** The marketplace's calls (under /api); schemas in catalog.ts. */
const call = defineCalls(() => import('./catalog.ts'));

export const getProductsCall = call('POST', 'marketPlace/getProducts', (s) => ({
  request: s.getProductsRequest,
  reply: s.marketplaceProducts,
}));
export const getFilteredProductsCall = call('POST', 'marketPlace/getFilteredProducts', (s) => ({
  request: s.filterRequest,
  reply: s.filteredProducts,
}));
export const getExternalCloudCall = call('POST', 'marketplace/getExternalCloud', (s) => ({
  request: s.externalCloudRequest,
  reply: s.externalCloudResponse.shape.data,
}));
