import type { InvoiceData } from '@mawingu/contracts/invoices';
import type { InvoiceRecord } from './invoice-store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The path the SPA's /DownloadInvoice/{token} viewer loads (with the session's headers). */
export const invoicePdfUrl = (token: string) => `/api/invoice/pdf/${encodeURIComponent(token)}`;

const joined = (...parts: (string | null | undefined)[]) =>
  parts
    .map((p) => (p ?? '').trim())
    .filter((p) => p !== '')
    .join(', ');

/**
 * The invoice as generateInvoice sends it. Every amount is the order's frozen figure (never
 * recomputed), so the lines, discount, tax and arrears add up to the total to the cent.
 *
 * The VM end date is the end of the period bought, counted from the payment: for a new VM that is
 * the machine's end date (it starts seconds after payment), and unlike the VM's own end date it
 * does not move when the VM is renewed later, so the invoice stays as issued. Other kinds extend
 * a VM whose earlier end the order does not record: no end date.
 */
export function presentInvoice(record: InvoiceRecord, websiteUrl: string): InvoiceData {
  const { invoice, order, lines, company, office, customer } = record;
  const line = (name: string) => lines.find((l) => l.name.toLowerCase() === name.toLowerCase());
  const memory = line('Memory');
  const processor = line('Processor');
  const disk = line('Disk');
  const paidAt = order.paidAt ?? invoice.issuedAt;
  const ownAddress = company.officeAddress.trim() !== '';
  return {
    invoiceDetail: {
      orderID: order.id,
      invoiceNumber: invoice.number,
      transactionDate: invoice.issuedAt.toISOString(),
      endDate: order.kind === 1 ? new Date(paidAt.getTime() + order.days * DAY_MS).toISOString() : null,
      vmName: record.vmName ?? order.productName,
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
      isTestTransaction: invoice.proforma ? 1 : 0,
    },
    companyDetail: {
      companyName: company.name,
      officeAddress: ownAddress ? company.officeAddress : (office?.address ?? ''),
      // Not configurable yet: the companies table has no postal code or VAT number.
      postalCode: '',
      city: ownAddress ? company.city : (office?.city ?? company.city),
      country: ownAddress ? company.country : (office?.country ?? company.country),
      companyVATNumber: '',
      contactNo: company.contactNo,
      emailID: company.email,
      websiteURL: company.wwwUrl.trim() || websiteUrl,
      imagePath: company.logoPath,
    },
    userDetails: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      emailId: customer.email,
      companyName: customer.companyName,
      address: joined(customer.address, customer.city, customer.state, customer.postCode, customer.region),
      vatNumber: customer.vatNumber,
    },
    pdfUrl: invoicePdfUrl(invoice.token),
  };
}
