import { defineCalls } from './call.ts';

/** The business units' calls (under /api); schemas in product-services.ts. */
const call = defineCalls(() => import('./product-services.ts'));

export const getProductServicesCall = call('POST', 'home/getProductServices', (s) => ({
  request: s.productServicesRequest,
  reply: s.productServicesResponse.shape.data,
}));
export const getProductDetailsCall = call('POST', 'productServicesData/getProductDetails', (s) => ({
  request: s.productDetailsRequest,
  reply: s.productDetails,
}));
export const sendQueryMailCall = call('POST', 'productServicesData/sendQueryMail', (s) => ({ request: s.sendQueryMailRequest }));
