import { and, eq } from 'drizzle-orm';
import type { InvoiceBuyer, InvoiceSeller } from '@mawingu/contracts/invoices';
import type { Db } from '../../../db/client.ts';
import { DEFAULT_INVOICE_TIME_ZONE } from './invoice-format.ts';
import { legalEntities, regionSellers } from '../../../db/schema.ts';
import { customerProfileOf } from '../../identity/index.ts';
import { companyLetterheadOf } from '../../tenant/index.ts';

const joined = (...parts: (string | null | undefined)[]) =>
  parts
    .map((p) => (p ?? '').trim())
    .filter((p) => p !== '')
    .join(', ');

/** The legal entity that sells in `regionId`, if the company named one for it. */
async function sellerOfRegion(db: Db, companyId: number, regionId: number | null | undefined) {
  if (regionId == null) return undefined;
  const [row] = await db
    .select({ entity: legalEntities })
    .from(regionSellers)
    .innerJoin(legalEntities, and(eq(legalEntities.id, regionSellers.legalEntityId), eq(legalEntities.companyId, companyId)))
    .where(and(eq(regionSellers.regionId, regionId), eq(regionSellers.companyId, companyId)));
  return row?.entity;
}

export type InvoiceParties = { seller: InvoiceSeller; buyer: InvoiceBuyer; legalEntityId: number | null };

/**
 * The seller and the buyer as the invoice prints them, read once when it is issued and kept on it:
 * an invoice never changes, even when the company moves or the customer edits their address. The
 * seller is the legal entity that sells in the order's region (its name, address, tax number,
 * series and time zone, with the company's contact details); without one, the company itself as
 * before legal entities: a South African seller numbered in the company's own series.
 */
export async function invoicePartiesOf(db: Db, companyId: number, customerId: number, regionId?: number | null): Promise<InvoiceParties> {
  // Asked together: outside a transaction, one pass of the event loop instead of three.
  const [company, customer, entity] = await Promise.all([
    companyLetterheadOf(db, companyId),
    customerProfileOf(db, companyId, customerId),
    sellerOfRegion(db, companyId, regionId),
  ]);
  if (!company || !customer) throw new Error(`customer ${customerId} of company ${companyId} not found for an invoice`);
  const buyer: InvoiceBuyer = {
    firstName: customer.firstName,
    lastName: customer.lastName,
    emailId: customer.email,
    companyName: customer.companyName,
    address: joined(customer.address, customer.city, customer.state, customer.postCode, customer.region),
    vatNumber: customer.vatNumber,
    // Kept on every invoice; a Kenyan entity's prints it as the buyer's PIN and sends it to eTIMS.
    ...(customer.kraPin ? { kraPin: customer.kraPin } : {}),
  };
  const contact = {
    contactNo: company.contactNo,
    emailID: company.email,
    websiteURL: company.websiteUrl,
    imagePath: company.logoPath,
  };
  if (entity) {
    return {
      legalEntityId: entity.id,
      buyer,
      // The entity's address is one text as registered; it prints as written.
      seller: {
        companyName: entity.name,
        officeAddress: entity.address,
        postalCode: '',
        city: '',
        country: '',
        companyVATNumber: entity.taxNumber,
        ...contact,
        taxCountry: entity.taxCountry,
        seriesPrefix: entity.seriesPrefix,
        timeZone: entity.timeZone,
      },
    };
  }
  return {
    legalEntityId: null,
    buyer,
    seller: {
      companyName: company.name,
      officeAddress: company.officeAddress,
      postalCode: company.postalCode,
      city: company.city,
      country: company.country,
      companyVATNumber: company.vatNumber,
      ...contact,
      taxCountry: 'ZA',
      seriesPrefix: '',
      timeZone: DEFAULT_INVOICE_TIME_ZONE,
    },
  };
}
