import { defineCalls } from '../call.ts';

/** The console's eTIMS (under /api/admin; ADR 0121); schemas in etims.ts. */
const call = defineCalls(() => import('./etims.ts'));

export const etimsSettingsCall = call('GET', 'companies/:companyId/legal-entities/:entityId/etims', (s) => ({
  reply: s.etimsSettingsReply,
}));
export const saveEtimsSettingsCall = call('PUT', 'companies/:companyId/legal-entities/:entityId/etims', (s) => ({
  request: s.etimsSettingsInput,
  reply: s.etimsSettingsReply,
}));
export const initialiseEtimsCall = call('POST', 'companies/:companyId/legal-entities/:entityId/etims/initialise', (s) => ({
  reply: s.etimsSettingsReply,
}));
export const etimsDocumentsCall = call('GET', 'companies/:companyId/etims/documents', (s) => ({
  query: s.etimsDocumentsQuery,
  reply: s.etimsDocumentsReply,
}));
export const resubmitEtimsCall = call('POST', 'companies/:companyId/etims/documents/:documentId/resubmit', (s) => ({
  reply: s.etimsResubmitReply,
}));
