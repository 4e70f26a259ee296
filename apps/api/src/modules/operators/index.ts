// The operators domain's public entry: what other domains may import from it (lint enforces it,
// docs/decisions/0092-domain-boundaries-in-lint.md). Everything else in the folder is its own.
export { companyOperators } from './access/company-operators.ts';
export { ticketAlertRecipients } from './access/ticket-alert-recipients.ts';
export { redactAuditValues } from './access/audit-erasure.ts';
