import { defineCalls } from '../call.ts';

/** The console's legal entities and the seller of each region (under /api/admin); schemas in legal-entities.ts. */
const call = defineCalls(() => import('./legal-entities.ts'));

export const legalEntitiesCall = call('GET', 'companies/:companyId/legal-entities', (s) => ({ reply: s.legalEntitiesReply }));
export const createLegalEntityCall = call('POST', 'companies/:companyId/legal-entities', (s) => ({
  request: s.legalEntityInput,
  reply: s.legalEntitiesReply,
}));
export const updateLegalEntityCall = call('PUT', 'companies/:companyId/legal-entities/:entityId', (s) => ({
  request: s.legalEntityInput,
  reply: s.legalEntitiesReply,
}));
export const removeLegalEntityCall = call('DELETE', 'companies/:companyId/legal-entities/:entityId', (s) => ({
  reply: s.legalEntitiesReply,
}));
export const saveRegionSellersCall = call('PUT', 'companies/:companyId/region-sellers', (s) => ({
  request: s.regionSellersUpdate,
  reply: s.legalEntitiesReply,
}));
