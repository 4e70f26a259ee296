import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { companies, companyAddresses, companyOrigins } from '../../../db/schema.ts';

/**
 * The company as a document's letterhead prints it (billing's invoices): its own office address,
 * or its first office when that is blank; its own web address, or its first site when that is blank.
 * Undefined for an unknown company.
 */
export async function companyLetterheadOf(db: Db, companyId: number) {
  // Asked together (one pass of a busy event loop, not three); the address and origin count only when the company gives none.
  const [[company], [office], [origin]] = await Promise.all([
    db.select().from(companies).where(eq(companies.id, companyId)),
    db
      .select({ address: companyAddresses.address, city: companyAddresses.city, country: companyAddresses.country })
      .from(companyAddresses)
      .where(eq(companyAddresses.companyId, companyId))
      .orderBy(asc(companyAddresses.sortOrder), asc(companyAddresses.id))
      .limit(1),
    db
      .select({ origin: companyOrigins.origin })
      .from(companyOrigins)
      .where(eq(companyOrigins.companyId, companyId))
      .orderBy(asc(companyOrigins.id))
      .limit(1),
  ]);
  if (!company) return undefined;
  const ownAddress = company.officeAddress.trim() !== '';
  return {
    name: company.name,
    officeAddress: ownAddress ? company.officeAddress : (office?.address ?? ''),
    postalCode: company.postalCode,
    city: ownAddress ? company.city : (office?.city ?? company.city),
    country: ownAddress ? company.country : (office?.country ?? company.country),
    vatNumber: company.vatNumber,
    contactNo: company.contactNo,
    email: company.email,
    websiteUrl: company.wwwUrl.trim() || (origin?.origin ?? ''),
    logoPath: company.logoPath,
  };
}
