import { z } from 'zod';
import { envelope } from './envelope.ts';
import { messages } from './messages.ts';

/**
 * Invoices and the purchase history (purchasing spec sections 2, 3 and 7). An invoice is issued
 * when its order becomes paid and never changes; /DownloadInvoice/{token} carries an opaque,
 * unguessable token that opens it for its owner only.
 */

export const invoiceToken = z
  .string({ error: messages.invoiceNotFound })
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,100}$/, messages.invoiceNotFound);

/** POST /api/invoice/generateInvoice: the spec sends `productID`; ours carries the invoice token there (or as `token`). */
export const generateInvoiceRequest = z
  .object({ token: invoiceToken.optional(), productID: invoiceToken.optional() })
  .refine((b) => b.token !== undefined || b.productID !== undefined, { message: messages.invoiceNotFound, path: ['token'] });

const money = z.string().regex(/^\d+\.\d{2}$/);

/**
 * What the gateway charged when it was not the order's own currency (a ZAR order through PayPal is
 * charged in USD), as recorded when the payment started: currency, amount and the rate used
 * (1 unit of the order's currency in the charged one; null for payments made before rates were kept).
 */
export const chargedPayment = z.object({
  currencyCode: z.string(),
  amount: money,
  rate: z.string().nullable(),
});
export type ChargedPayment = z.infer<typeof chargedPayment>;

export const invoiceDetail = z.object({
  orderID: z.number().int(),
  /** Sequential number in its entity's series (the company's own series without an entity). */
  invoiceNumber: z.number().int(),
  /** The serial number as printed: the series prefix and the number ("KE-7"). */
  serialNumber: z.string(),
  /**
   * Which document it is (VAT Act s20, ADR 0110): 'full' (a South African tax invoice above
   * R5,000, with the recipient's details), 'abridged' (up to R5,000), 'kenya' (a Kenyan VAT
   * tax invoice) or 'proforma' (a test transaction: not a tax invoice).
   */
  taxForm: z.enum(['full', 'abridged', 'kenya', 'proforma']),
  /** Issue date (ISO 8601); shown as DD MMM, YYYY. */
  transactionDate: z.string(),
  /** The VM's end date when known (ISO 8601), else null. */
  endDate: z.string().nullable(),
  /** The VM's name (the names, comma-separated, of the VMs a multi-renewal renews). */
  vmName: z.string(),
  /** The aliases of those VMs, comma-separated, or null when none has one. */
  aliasName: z.string().nullable(),
  /** The product bought, renewed or changed. */
  productName: z.string(),
  region: z.string(),
  /** Days bought. */
  validity: z.number().int(),
  currencyCode: z.string(),
  /** Price before tax and discount. */
  cost: money,
  discount: money,
  /** Tax percent, e.g. "15.00". */
  tax: z.string(),
  taxAmount: money,
  arrears: money,
  totalCost: money,
  /** Always 0.00: an invoice is issued for a paid order. */
  balance: money,
  lines: z.array(z.object({ name: z.string(), unit: z.string(), count: z.number().int(), amount: money })),
  ram_Count: z.number().int().nullable(),
  ram_Unit: z.string().nullable(),
  cpu_Count: z.number().int().nullable(),
  disk_Count: z.number().int().nullable(),
  disk_Unit: z.string().nullable(),
  paymentMode: z.string(),
  transactionID: z.string(),
  /** The amount the gateway charged in another currency, with the rate; null when charged in currencyCode. */
  charged: chargedPayment.nullable(),
  /** 1: a test transaction, shown as "Proforma Invoice" without the Paid watermark. */
  isTestTransaction: z.union([z.literal(0), z.literal(1)]),
});

export const invoiceCompany = z.object({
  companyName: z.string(),
  officeAddress: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
  companyVATNumber: z.string(),
  contactNo: z.string(),
  /** The company's contact e-mail. */
  emailID: z.string(),
  websiteURL: z.string(),
  imagePath: z.string().nullable(),
  /**
   * The tax system of the selling entity: 'ZA' (SARS VAT, "VAT No") or 'KE' (KRA, "KRA PIN").
   * Absent on invoices issued before legal entities: those were South African.
   */
  taxCountry: z.enum(['ZA', 'KE']).optional(),
  /** The entity's invoice series prefix ("KE-"); absent or '' for the company's own series. */
  seriesPrefix: z.string().optional(),
  /** The IANA time zone the invoice is dated in; absent: Africa/Johannesburg. */
  timeZone: z.string().optional(),
});

export const invoiceCustomer = z.object({
  firstName: z.string(),
  lastName: z.string(),
  emailId: z.string(),
  companyName: z.string(),
  address: z.string(),
  vatNumber: z.string(),
  /** The buyer's KRA PIN (A123456789B) on a Kenyan entity's invoice; absent or '' when they gave none. */
  kraPin: z.string().optional(),
});

/** The seller and buyer as an invoice keeps them from its issue on. */
export type InvoiceSeller = z.infer<typeof invoiceCompany>;
export type InvoiceBuyer = z.infer<typeof invoiceCustomer>;

export const invoiceData = z.object({
  invoiceDetail,
  companyDetail: invoiceCompany,
  userDetails: invoiceCustomer,
  /** GET this (with the session headers) for the A4 PDF. */
  pdfUrl: z.string(),
});
export type InvoiceData = z.infer<typeof invoiceData>;
export const generateInvoiceResponse = envelope(invoiceData);

/** One row of the Purchase History tab (spec field names), newest first. */
export const purchaseHistoryRow = z.object({
  ID: z.number().int(),
  /** The VM's name (the names, comma-separated, of the VMs a multi-renewal renews). */
  vmName: z.string(),
  /** The aliases of those VMs, comma-separated, or null when none has one. */
  aliasName: z.string().nullable(),
  /** The product bought, renewed or changed. */
  productName: z.string(),
  /** The purchase type, e.g. "VM Purchase". */
  bankReference: z.string(),
  transactionID: z.string().nullable(),
  transactionDate: z.string(),
  currencyCode: z.string(),
  totalCost: money,
  /** Paid in another currency than currencyCode (PayPal's USD): what was charged and the rate; else null. */
  charged: chargedPayment.nullable(),
  paymentMode: z.string().nullable(),
  /** 'Complete' when paid; otherwise the order's state in words (Created, Cancelled, Failed). */
  transactionStatus: z.string(),
  updateID: z.number().int().nullable(),
  isClone: z.union([z.literal(0), z.literal(1)]),
  tempTblID: z.number().int().nullable(),
  /** /DownloadInvoice/{invoiceToken}; only for paid orders. */
  invoiceToken: z.string().nullable(),
  /** The credit notes issued against its invoice, oldest first: /api/credit-note/pdf/{token}. */
  creditNotes: z.array(
    z.object({ serialNumber: z.string(), token: z.string(), total: money, issuedAt: z.string(), refunded: money.nullable() }),
  ),
});
export type PurchaseHistoryRow = z.infer<typeof purchaseHistoryRow>;

/** GET /api/virtualMachine/getPurchaseHistory (ours; the spec reads it with the profile). */
export const getPurchaseHistoryResponse = envelope(z.array(purchaseHistoryRow));
