// The schema as drizzle sees it: every table of every area. Each area's tables live in schema/<area>.ts.
export * from './schema/companies.ts';
export * from './schema/catalog.ts';
export * from './schema/content.ts';
export * from './schema/files.ts';
export * from './schema/mail.ts';
export * from './schema/accounts.ts';
export * from './schema/purchase-catalogue.ts';
export * from './schema/orders.ts';
export * from './schema/vms.ts';
export * from './schema/payments.ts';
export * from './schema/operators.ts';
export * from './schema/operator-access.ts';
export * from './schema/rate-limits.ts';
export * from './schema/vm-access.ts';
export * from './schema/legal-entities.ts';
export * from './schema/company-mail.ts';
export * from './schema/credit-notes.ts';
