// The billing domain's public entry: what other domains may import from it (lint enforces it,
// docs/decisions/0092-domain-boundaries-in-lint.md). Everything else in the folder is its own.
export { chargedOfOrders } from './invoices/charged-of-orders.ts';
export { sendInvoicePdf } from './invoices/pdf-reply.ts';
export type { InvoiceService } from './invoices/service.ts';
export { regionsTaxingDiscountedPrice } from './legal-entities/tax-base.ts';
export type { BillingModule } from './module.ts';
export { paidInSandbox } from './payments/paid-in-sandbox.ts';
export { takenToGateway } from './payments/taken-to-gateway.ts';
export { gatewaysOfRegion, paymentOptionsOf, type PaymentOptions } from './payments/payment-options.ts';
export { provisionRequestOf } from './payments/provision-request.ts';
export { billingPersonalData } from './invoices/personal-data.ts';
