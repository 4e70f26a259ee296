import { and, asc, eq } from 'drizzle-orm';
import type { InvoiceBuyer, InvoiceSeller } from '@mawingu/contracts/invoices';
import type { Db } from '../../../db/client.ts';
import { companies, companyAddresses, companyOrigins, customers } from '../../../db/schema.ts';

const joined = (...parts: (string | null | undefined)[]) =>
  parts
    .map((p) => (p ?? '').trim())
    .filter((p) => p !== '')
    .join(', ');

/**
 * The seller and the buyer as the invoice prints them, read once when it is issued and kept on it:
 * an invoice never changes, even when the company moves or the customer edits their address.
 */
export async function invoicePartiesOf(
  db: Db,
  companyId: number,
  customerId: number,
): Promise<{ seller: InvoiceSeller; buyer: InvoiceBuyer }> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.companyId, companyId)));
  if (!company || !customer) throw new Error(`customer ${customerId} of company ${companyId} not found for an invoice`);
  const ownAddress = company.officeAddress.trim() !== '';
  // The company's first office stands in when its own address is blank.
  const [office] = ownAddress
    ? []
    : await db
        .select({ address: companyAddresses.address, city: companyAddresses.city, country: companyAddresses.country })
        .from(companyAddresses)
        .where(eq(companyAddresses.companyId, companyId))
        .orderBy(asc(companyAddresses.sortOrder), asc(companyAddresses.id))
        .limit(1);
  const [origin] = company.wwwUrl.trim()
    ? []
    : await db
        .select({ origin: companyOrigins.origin })
        .from(companyOrigins)
        .where(eq(companyOrigins.companyId, companyId))
        .orderBy(asc(companyOrigins.id))
        .limit(1);
  return {
    seller: {
      companyName: company.name,
      officeAddress: ownAddress ? company.officeAddress : (office?.address ?? ''),
      postalCode: company.postalCode,
      city: ownAddress ? company.city : (office?.city ?? company.city),
      country: ownAddress ? company.country : (office?.country ?? company.country),
      companyVATNumber: company.vatNumber,
      contactNo: company.contactNo,
      emailID: company.email,
      websiteURL: company.wwwUrl.trim() || (origin?.origin ?? ''),
      imagePath: company.logoPath,
    },
    buyer: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      emailId: customer.email,
      companyName: customer.companyName,
      address: joined(customer.address, customer.city, customer.state, customer.postCode, customer.region),
      vatNumber: customer.vatNumber,
    },
  };
}
