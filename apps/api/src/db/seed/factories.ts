import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { companies, companyOrigins, customers } from '../schema.ts';
import { hashPassword } from '../../modules/identity/auth/passwords.ts';

export type CompanyInput = Partial<typeof companies.$inferInsert> & { slug: string; name: string };

/**
 * Creates or updates a company by slug and maps its origins to it. Shared by the seed and the
 * tests, so both build tenants the same way.
 */
export async function upsertCompany(db: Db, input: CompanyInput, origins: string[]) {
  const [company] = await db
    .insert(companies)
    .values(input)
    .onConflictDoUpdate({ target: companies.slug, set: { ...input, updatedAt: new Date() } })
    .returning();
  for (const origin of origins) {
    await db
      .insert(companyOrigins)
      .values({ companyId: company!.id, origin: origin.toLowerCase() })
      .onConflictDoUpdate({ target: companyOrigins.origin, set: { companyId: company!.id } });
  }
  return company!;
}

/** A complete, registrable company: every field the portal requires is present. */
export function completeCompany(slug: string, name: string): CompanyInput {
  return {
    slug,
    name,
    contactNo: '+27 11 000 0000',
    email: `hello@${slug}.example`,
    officeAddress: '1 Example Street',
    city: 'Midrand',
    postalCode: '1685',
    country: 'South Africa',
    vatNumber: '4000000001',
    registrationAgreementPath: '/api/files/agreement',
    termsPath: '/api/files/terms',
  };
}

export async function originsOf(db: Db, companyId: number) {
  const rows = await db.select().from(companyOrigins).where(eq(companyOrigins.companyId, companyId));
  return rows.map((r) => r.origin);
}

export type CustomerInput = Partial<typeof customers.$inferInsert> & { email: string };

/** A customer of a company with a known password (hashed with argon2id like a real signup). */
export async function createCustomer(db: Db, companyId: number, input: CustomerInput, password = 'Secret@123') {
  const [customer] = await db
    .insert(customers)
    .values({
      companyId,
      passwordHash: await hashPassword(password),
      firstName: 'Thandi',
      lastName: 'Nkosi',
      countryCode: '+27',
      contactNo: '821234567',
      region: 'South Africa',
      address: '12 Long Street',
      city: 'Cape Town',
      state: 'Western Cape',
      postCode: '8001',
      emailVerifiedAt: new Date(),
      ...input,
      email: input.email.toLowerCase(),
    })
    .returning();
  return customer!;
}
