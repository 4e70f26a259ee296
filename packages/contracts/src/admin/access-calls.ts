import { defineCalls } from '../call.ts';

/** The console's sign-in, operator and audit calls (under /api/admin); schemas in access.ts. */
const call = defineCalls(() => import('./access.ts'));

export const loginCall = call('POST', 'auth/login', (s) => ({ request: s.loginRequest, reply: s.loginReply }));
export const verifyCall = call('POST', 'auth/verify', (s) => ({ request: s.verifyRequest, reply: s.verifyReply }));
export const logoutCall = call('POST', 'auth/logout', () => ({}));
export const changeOwnPasswordCall = call('POST', 'auth/password', (s) => ({ request: s.changePasswordRequest }));
export const acceptInvitationCall = call('POST', 'auth/invitation', (s) => ({ request: s.acceptInvitationRequest }));

export const operatorsCall = call('GET', 'operators', (s) => ({ query: s.operatorsQuery, reply: s.operatorList }));
export const createOperatorCall = call('POST', 'operators', (s) => ({ request: s.createOperatorRequest, reply: s.operatorRow }));
export const updateOperatorCall = call('PATCH', 'operators/:id', (s) => ({ request: s.updateOperatorRequest, reply: s.operatorRow }));
export const resendInvitationCall = call('POST', 'operators/:id/invitation', (s) => ({ reply: s.operatorRow }));
export const resetOperatorTotpCall = call('POST', 'operators/:id/reset-totp', (s) => ({ reply: s.operatorRow }));
export const setOperatorPasswordCall = call('POST', 'operators/:id/password', (s) => ({
  request: s.setOperatorPasswordRequest,
  reply: s.operatorRow,
}));

export const companyAuditCall = call('GET', 'companies/:companyId/audit', (s) => ({ query: s.auditQuery, reply: s.auditPage }));
export const platformAuditCall = call('GET', 'audit', (s) => ({ query: s.auditQuery, reply: s.auditPage }));
/** CSV files, not envelopes: every entry the log's filters select. */
export const companyAuditCsvCall = call('GET', 'companies/:companyId/audit.csv', (s) => ({ query: s.auditExportQuery }));
export const platformAuditCsvCall = call('GET', 'audit.csv', (s) => ({ query: s.auditExportQuery }));
