import { z } from 'zod';
import { orderParams } from './payments.ts';

/** The console's texts for credit notes and refunds (issue 18, point 3). */
export const creditNoteMessages = {
  reasonRequired: 'Give the reason for this credit note (at least 5 characters).',
  reasonTooLong: 'The reason has at most 500 characters.',
  amountInvalid: 'Enter an amount greater than 0, like 120.00.',
  amountTooHigh: 'At most {amount} of this invoice is not credited yet.',
  nothingLeft: 'This invoice is credited in full already.',
  scopeInvalid: 'Choose the whole invoice or a part of it.',
  refundInvalid: 'Choose no refund, a refund through the gateway, or a manual refund.',
  refundNoGateway: 'This payment cannot be refunded through its gateway: record a manual refund (EFT) instead.',
  refundTooHigh: 'A refund cannot exceed what was paid and not yet refunded.',
  refundOncePesapal: 'Pesapal allows one refund per payment, and this payment has one already: record a manual refund (EFT) instead.',
  serviceInvalid: 'Choose to keep the service or end it now.',
  serviceNoVm: 'This order has no VM whose service could end.',
  serviceNotEnded: 'The VM is busy with another action: its service could not be ended now. Try again in a minute.',
  referenceInvalid: 'At most 100 characters.',
  invoiceNotFound: 'This order has no invoice to credit.',
  creditNoteNotFound: 'Credit note not found.',
  issued: 'Credit note {number} issued.',
  issuedRefundPending: 'Credit note {number} issued; the refund is waiting for the gateway.',
  issuedRefundFailed: 'Credit note {number} issued, but the gateway refused the refund: record it as a manual refund.',
  issuedRefundRefused: 'Credit note {number} issued, but the refund was refused. {reason} Record it as a manual refund.',
} as const;

const money = z.string();

/** "120", "120.5" or "120.50": a positive amount of at most 2 decimals (checked against the invoice on the server). */
const amount = z
  .string({ error: creditNoteMessages.amountInvalid })
  .trim()
  .regex(/^\d{1,11}(\.\d{1,2})?$/, creditNoteMessages.amountInvalid)
  .refine((v) => Number(v) > 0, creditNoteMessages.amountInvalid);

/**
 * Issue a credit note against the order's invoice: the whole of what is left uncredited, or a part
 * of it (an amount, VAT included). The refund goes back through the paying gateway's refund API, is
 * recorded as a manual refund (EFT, with the bank's reference), or is not made; the VM keeps its
 * service or has it ended now.
 */
export const issueCreditNoteRequest = z
  .object({
    scope: z.enum(['whole', 'part'], { error: creditNoteMessages.scopeInvalid }),
    amount: amount.optional(),
    reason: z
      .string({ error: creditNoteMessages.reasonRequired })
      .trim()
      .min(5, creditNoteMessages.reasonRequired)
      .max(500, creditNoteMessages.reasonTooLong),
    refund: z.enum(['none', 'gateway', 'manual'], { error: creditNoteMessages.refundInvalid }),
    /** The bank's reference of a manual refund, when the operator has one. */
    refundReference: z.string().trim().max(100, creditNoteMessages.referenceInvalid).optional(),
    service: z.enum(['keep', 'end'], { error: creditNoteMessages.serviceInvalid }),
  })
  .refine((v) => v.scope === 'whole' || v.amount !== undefined, { message: creditNoteMessages.amountInvalid, path: ['amount'] });
export type IssueCreditNoteRequest = z.input<typeof issueCreditNoteRequest>;

/** How money goes back: through a gateway's refund API (ADR 0116, 0127), or by hand. */
export const REFUND_METHODS = ['paypal', 'payfast', 'ozow', 'pesapal', 'manual'] as const;

export const refundRow = z.object({
  method: z.enum(REFUND_METHODS),
  status: z.enum(['pending', 'completed', 'failed']),
  amount: money,
  currency: z.string(),
  /** What went back through the gateway (PayPal's USD), or amount/currency again. */
  chargedAmount: money,
  chargedCurrency: z.string(),
  gatewayReference: z.string().nullable(),
});

export const creditNoteRow = z.object({
  id: z.number().int(),
  /** As printed: the invoice's series prefix, "CN-", the number ("KE-CN-3"). */
  serialNumber: z.string(),
  issuedAt: z.string(),
  reason: z.string(),
  currency: z.string(),
  amountExclVat: money,
  vat: money,
  total: money,
  serviceAction: z.enum(['keep', 'end']),
  refund: refundRow.nullable(),
});
export type CreditNoteRow = z.infer<typeof creditNoteRow>;

/** An order's invoice as the credit note dialog needs it. */
export const orderCreditNotes = z.object({
  invoiceSerialNumber: z.string(),
  currency: z.string(),
  invoiceTotal: money,
  /** What may still be credited: the invoice's total less its credit notes. */
  uncredited: money,
  /** How this payment can be refunded: through its gateway's refund API (PayPal, PayFast, Ozow, Pesapal), or only manually. */
  refundThrough: z.enum(REFUND_METHODS),
  /** The order bought a VM whose service a credit note may end. */
  hasVm: z.boolean(),
  creditNotes: z.array(creditNoteRow),
});
export type OrderCreditNotes = z.infer<typeof orderCreditNotes>;

export const creditNoteParams = orderParams.extend({
  creditNoteId: z.coerce
    .number()
    .int()
    .positive(creditNoteMessages.creditNoteNotFound)
    .max(2_147_483_647, creditNoteMessages.creditNoteNotFound),
});
