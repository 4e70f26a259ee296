import { defineCalls } from '../call.ts';

/** The console's mail of a company (under /api/admin); schemas in company-mail.ts. */
const call = defineCalls(() => import('./company-mail.ts'));

export const mailSettingsCall = call('GET', 'companies/:companyId/mail', (s) => ({ reply: s.companyMailSettings }));
export const saveMailSettingsCall = call('PUT', 'companies/:companyId/mail', (s) => ({
  request: s.companyMailSettingsUpdate,
  reply: s.companyMailSettings,
}));
export const mailTextsCall = call('GET', 'companies/:companyId/mail/texts', (s) => ({ reply: s.companyMailTexts }));
export const saveMailTextCall = call('PUT', 'companies/:companyId/mail/texts/:key/:language', (s) => ({
  request: s.mailTextInput,
  reply: s.companyMailTexts,
}));
export const resetMailTextCall = call('DELETE', 'companies/:companyId/mail/texts/:key/:language', (s) => ({
  reply: s.companyMailTexts,
}));
export const previewMailCall = call('POST', 'companies/:companyId/mail/preview', (s) => ({
  request: s.mailDraftInput,
  reply: s.mailPreview,
}));
export const testMailCall = call('POST', 'companies/:companyId/mail/test', (s) => ({
  request: s.mailDraftInput,
  reply: s.mailTestReply,
}));
