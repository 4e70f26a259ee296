import type { InvoiceData } from '@mawingu/contracts/invoices';
import type { InvoiceRecord } from './invoice-store.ts';
import { taxFormOf } from './tax-form.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The serial number as printed: the series prefix frozen on the invoice, then its number ("KE-7"). */
export const serialNumberOf = (invoice: { number: number; seller: { seriesPrefix?: string } }) =>
  `${invoice.seller.seriesPrefix ?? ''}${invoice.number}`;

/** The path the SPA's /DownloadInvoice/{token} viewer loads (with the session's headers). */
export const invoicePdfUrl = (token: string) => `/api/invoice/pdf/${encodeURIComponent(token)}`;

/**
 * The invoice as generateInvoice sends it. Every amount is the order's frozen figure (never
 * recomputed), so the lines, discount, tax and arrears add up to the total to the cent.
 *
 * The VM end date is the end of the period bought, counted from the payment: for a new VM that is
 * the machine's end date (it starts seconds after payment), and unlike the VM's own end date it
 * does not move when the VM is renewed later, so the invoice stays as issued. Other kinds extend
 * a VM whose earlier end the order does not record: no end date.
 */
export function presentInvoice(record: InvoiceRecord): InvoiceData {
  const { invoice, order, lines } = record;
  const line = (name: string) => lines.find((l) => l.name.toLowerCase() === name.toLowerCase());
  const memory = line('Memory');
  const processor = line('Processor');
  const disk = line('Disk');
  const paidAt = order.paidAt ?? invoice.issuedAt;
  return {
    invoiceDetail: {
      orderID: order.id,
      invoiceNumber: invoice.number,
      serialNumber: serialNumberOf(invoice),
      taxForm: taxFormOf(invoice.seller, order, invoice.proforma),
      transactionDate: invoice.issuedAt.toISOString(),
      endDate: order.kind === 1 ? new Date(paidAt.getTime() + order.days * DAY_MS).toISOString() : null,
      vmName: record.vm.vmName,
      aliasName: record.vm.aliasName,
      productName: order.productName,
      region: order.regionName,
      validity: order.days,
      currencyCode: order.currency,
      cost: order.price,
      discount: order.discount,
      tax: order.taxPercent,
      taxAmount: order.tax,
      arrears: order.arrears,
      totalCost: order.total,
      balance: '0.00',
      lines: lines.map((l) => ({ name: l.name, unit: l.unit, count: l.count, amount: l.amount })),
      ram_Count: memory?.count ?? null,
      ram_Unit: memory?.unit ?? null,
      cpu_Count: processor?.count ?? null,
      disk_Count: disk?.count ?? null,
      disk_Unit: disk?.unit ?? null,
      paymentMode: invoice.paymentMode,
      transactionID: invoice.transactionId,
      charged: record.charged,
      isTestTransaction: invoice.proforma ? 1 : 0,
    },
    // As printed when issued (copied onto the invoice), not as the company or customer reads today.
    companyDetail: invoice.seller,
    userDetails: invoice.buyer,
    pdfUrl: invoicePdfUrl(invoice.token),
  };
}
