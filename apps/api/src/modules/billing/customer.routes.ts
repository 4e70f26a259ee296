import type { FastifyPluginAsync } from 'fastify';
import type { CreditNoteService } from './credit-notes/service.ts';
import { creditNoteRoutes } from './credit-notes/routes.ts';
import type { InvoiceService } from './invoices/service.ts';
import type { PaymentsService } from './payments/service.ts';
import { invoiceRoutes } from './invoices/routes.ts';
import { paymentNotifyRoutes } from './payments/notify-routes.ts';
import { paymentRoutes } from './payments/routes.ts';

/** The customer's calls, and the gateways' server-to-server notifications (notify-routes.ts). */
export function billingCustomerRoutes(s: {
  invoices: InvoiceService;
  payments: PaymentsService;
  creditNotes: CreditNoteService;
}): FastifyPluginAsync {
  return async (api) => {
    await api.register(invoiceRoutes(s.invoices));
    await api.register(creditNoteRoutes(s.creditNotes));
    await api.register(paymentRoutes(s.payments));
    await api.register(paymentNotifyRoutes(s.payments, s.creditNotes.refundNotifications));
  };
}
