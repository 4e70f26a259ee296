import { Money } from '@mawingu/contracts/pricing/money';
import type { InvoiceData, InvoiceSeller } from '@mawingu/contracts/invoices';

export type TaxForm = InvoiceData['invoiceDetail']['taxForm'];

/**
 * VAT Act s20(4)/(5) as in force since 1 March 2019: a supply whose consideration exceeds R5,000
 * needs a full tax invoice (with the recipient's name, address and VAT number); one up to R5,000 may
 * have an abridged one. (Below R50 none is required; the abridged one serves.)
 */
export const FULL_TAX_INVOICE_ABOVE_ZAR = '5000.00';

/**
 * The document an invoice is (ADR 0110): a test transaction's is a proforma, a Kenyan entity's a
 * Kenyan tax invoice; a South African one is full above R5,000 (the consideration, VAT included)
 * and abridged up to it. A consideration not in rand cannot be measured against the threshold, so
 * it gets the full form, which is valid at any amount.
 */
export function taxFormOf(
  seller: Pick<InvoiceSeller, 'taxCountry'>,
  order: { total: string; currency: string },
  proforma: boolean,
): TaxForm {
  if (proforma) return 'proforma';
  if (seller.taxCountry === 'KE') return 'kenya';
  if (order.currency.trim().toUpperCase() !== 'ZAR') return 'full';
  return new Money(order.total).greaterThan(FULL_TAX_INVOICE_ABOVE_ZAR) ? 'full' : 'abridged';
}

/** The title printed on the document: SARS and KRA both know "Tax Invoice"; a test is not one. */
export const documentTitle = (form: TaxForm) => (form === 'proforma' ? 'Proforma Invoice' : 'Tax Invoice');

/** What the seller's and buyer's tax numbers are called on the document. */
export const taxNumberLabel = (seller: Pick<InvoiceSeller, 'taxCountry'>) => (seller.taxCountry === 'KE' ? 'KRA PIN' : 'VAT No');
