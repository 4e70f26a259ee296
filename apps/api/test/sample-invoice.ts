import type { InvoiceData } from '@mawingu/contracts/invoices';

/** The invoice tests' and bench/invoice-pdf.ts's data: a Kenyan one-line invoice of a company named with Latin Extended-A letters. */
/** A 2×1 red PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAEElEQVR4nGP4z8DAwMDwHwAF/gL+PDRG7wAAAABJRU5ErkJggg==',
  'base64',
);

export const sampleInvoice = (over: Partial<InvoiceData['invoiceDetail']> = {}): InvoiceData => ({
  invoiceDetail: {
    orderID: 7,
    invoiceNumber: 3,
    serialNumber: '3',
    taxForm: 'abridged',
    transactionDate: '2026-11-24T10:00:00.000Z',
    endDate: null,
    vmName: 'Nairobi VM',
    aliasName: null,
    productName: 'CentOS Stream 9 (Nairobi)',
    region: 'Kenya',
    validity: 30,
    currencyCode: 'KES',
    cost: '5100.00',
    discount: '0.00',
    tax: '16.00',
    taxAmount: '816.00',
    arrears: '0.00',
    totalCost: '5916.00',
    balance: '0.00',
    lines: [{ name: 'Processor', unit: 'vCPU', count: 1, amount: '850.00' }],
    ram_Count: null,
    ram_Unit: null,
    cpu_Count: 1,
    disk_Count: null,
    disk_Unit: null,
    paymentMode: 'Pesapal Payment',
    transactionID: 'b6b8-41c3',
    charged: null,
    isTestTransaction: 0,
    ...over,
  },
  companyDetail: {
    companyName: 'Łódź Hosting',
    officeAddress: '',
    postalCode: '',
    city: '',
    country: 'Kenya',
    companyVATNumber: '',
    contactNo: '',
    emailID: '',
    websiteURL: '',
    imagePath: null,
  },
  userDetails: {
    firstName: 'Amani',
    lastName: 'Wanjiru',
    emailId: 'amani@example.co.ke',
    companyName: '',
    address: 'Moi Avenue, Nairobi',
    vatNumber: '',
  },
  pdfUrl: '/api/invoice/pdf/x',
});
