import { z } from 'zod';
import { companyIdParams } from './companies.ts';

/**
 * The accountant's view (issue 18, point 5): per seller (a legal entity, or the company's own
 * series) and period, the output VAT by rate from the tax invoices, the credit notes deducted, and
 * CSV exports of both. Days are the seller's days (its time zone). Sandbox (proforma) documents
 * are not tax documents and are left out.
 */
export const vatReportMessages = {
  sellerInvalid: 'Choose a seller: one of the company’s legal entities, or the company itself.',
  dateInvalid: 'Use a date like 2026-11-24.',
  dateOrder: 'The start date must not be after the end date.',
  periodTooLong: 'Choose a period of at most 366 days.',
} as const;

const day = z
  .string({ error: vatReportMessages.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, vatReportMessages.dateInvalid)
  .refine((v) => new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), vatReportMessages.dateInvalid);

const DAY_MS = 86_400_000;

export const vatReportQuery = z
  .object({
    /** A legal entity's id, or "company" for the company's own series. */
    seller: z
      .string()
      .regex(/^(company|[1-9]\d{0,8})$/, vatReportMessages.sellerInvalid)
      .default('company'),
    from: day,
    to: day,
  })
  .refine((q) => q.from <= q.to, { message: vatReportMessages.dateOrder, path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) < 366 * DAY_MS, { message: vatReportMessages.periodTooLong, path: ['to'] });
export type VatReportQuery = z.input<typeof vatReportQuery>;
export const vatReportParams = companyIdParams;

/** Documents of one VAT rate in one currency: how many, and their sums excluding VAT, the VAT and the totals. */
export const vatRateRow = z.object({
  currency: z.string(),
  rate: z.string(),
  count: z.number().int(),
  net: z.string(),
  vat: z.string(),
  gross: z.string(),
});
export type VatRateRow = z.infer<typeof vatRateRow>;

export const vatReport = z.object({
  seller: z.object({ name: z.string(), taxNumber: z.string(), timeZone: z.string() }),
  from: z.string(),
  to: z.string(),
  /** The sellers the company has, for the choice. */
  sellers: z.array(z.object({ value: z.string(), label: z.string() })),
  invoices: z.array(vatRateRow),
  creditNotes: z.array(vatRateRow),
  /** Per currency: invoices less credit notes. */
  totals: z.array(z.object({ currency: z.string(), net: z.string(), vat: z.string(), gross: z.string() })),
  /** Per currency: the money sent back for the period's credit notes (refunds done). */
  refunded: z.array(z.object({ currency: z.string(), amount: z.string() })),
});
export type VatReport = z.infer<typeof vatReport>;
