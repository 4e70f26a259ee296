import { defineCalls } from '../call.ts';

/** The console's company calls (under /api/admin); schemas in companies.ts. */
const call = defineCalls(() => import('./companies.ts'));

export const consoleCompaniesCall = call('GET', 'companies', (s) => ({ reply: s.consoleCompanyList }));
export const createCompanyCall = call('POST', 'companies', (s) => ({ request: s.createCompanyRequest, reply: s.companySettings }));
export const companySettingsCall = call('GET', 'companies/:companyId/settings', (s) => ({ reply: s.companySettings }));
export const updateCompanySettingsCall = call('PUT', 'companies/:companyId/settings', (s) => ({
  request: s.updateCompanySettingsRequest,
  reply: s.companySettings,
}));
/** Uploads (multipart): the reply is the settings with the new file. */
export const uploadLogoCall = call('POST', 'companies/:companyId/settings/logo', (s) => ({ reply: s.companySettings }));
export const uploadVideoCall = call('POST', 'companies/:companyId/settings/video', (s) => ({ reply: s.companySettings }));
export const uploadDocumentCall = call('POST', 'companies/:companyId/settings/documents/:document', (s) => ({ reply: s.companySettings }));
/** The brand's own texts of its public site (issue 17, point 1); schemas in ../site-texts.ts. */
const textsCall = defineCalls(() => import('../site-texts.ts'));
export const siteTextsCall = textsCall('GET', 'companies/:companyId/site-texts', (s) => ({ reply: s.siteTexts }));
export const updateSiteTextsCall = textsCall('PUT', 'companies/:companyId/site-texts', (s) => ({
  request: s.updateSiteTextsRequest,
  reply: s.siteTexts,
}));
