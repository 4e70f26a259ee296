import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { addUserRequest, OtpChallenge } from '@mawingu/contracts/auth';
import type { Language } from '@mawingu/contracts/languages';
import { messages } from '@mawingu/contracts/messages';
import type { Db } from '../../../db/client.ts';
import { customers } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Tenant } from '../../tenant/index.ts';
import type { CountryService } from '../../tenant/index.ts';
import type { MailService } from '../../platform/index.ts';
import { otpMail } from './account-mails.ts';
import { normaliseEmail, type CustomerAccounts } from './customer-accounts.ts';
import type { OtpChallenges } from './otp-challenges.ts';
import { hashPassword } from './passwords.ts';

export type SignupFields = z.infer<typeof addUserRequest>;

type Deps = { db: Db; countries: CountryService; accounts: CustomerAccounts; challenges: OtpChallenges; mail: MailService };

/**
 * adduser: registers a customer (role "user") of the site's company and mails the signup code.
 * The customer and its challenge are written in one transaction; if the mail cannot be queued
 * both are removed again, so a retry can register the same address.
 */
export function createSignupService({ db, countries, accounts, challenges, mail }: Deps) {
  /** The checks that need the country list, reported per field like the schema's own. */
  async function checkCountry(fields: SignupFields): Promise<string> {
    const fieldErrors: Record<string, string> = {};
    const mobile = await countries.mobileFits(fields.countryCode, fields.contactNo);
    if (mobile === 'unknown-code') fieldErrors.countryCode = messages.countryCodeRequired;
    if (mobile === 'wrong-length') fieldErrors.contactNo = messages.mobileInvalid;
    const region = await countries.canonicalName(fields.region);
    if (!region) fieldErrors.region = messages.countryNameRequired;
    const first = Object.values(fieldErrors)[0];
    if (first) throw AppError.badRequest(first, fieldErrors);
    return region!;
  }

  /** `language`: the site's, kept with the account for the mails it is sent. */
  async function addUser(tenant: Tenant, fields: SignupFields, language: Language): Promise<OtpChallenge> {
    const region = await checkCountry(fields);
    const email = normaliseEmail(fields.emailID);
    // Cheap early answer; the unique constraint below is what actually decides under a race.
    if (await accounts.byEmail(tenant.id, email)) throw AppError.conflict(messages.emailAlreadyRegistered);
    const passwordHash = await hashPassword(fields.password);

    const created = await db.transaction(async (tx) => {
      const [customer] = await tx
        .insert(customers)
        .values({
          companyId: tenant.id,
          email,
          passwordHash,
          role: 'user',
          firstName: fields.firstName,
          lastName: fields.lastName,
          countryCode: fields.countryCode.trim(),
          contactNo: fields.contactNo,
          region,
          companyName: fields.companyName,
          address: fields.address,
          city: fields.city,
          state: fields.state,
          postCode: fields.postCode,
          vatNumber: fields.vatNumber,
          kraPin: fields.kraPin,
          language,
        })
        .onConflictDoNothing({ target: [customers.companyId, customers.email] })
        .returning({ id: customers.id });
      if (!customer) return null;
      const challenge = await challenges.create(tx, { companyId: tenant.id, customerId: customer.id, purpose: 'signup' });
      return { customerId: customer.id, ...challenge };
    });
    if (!created) throw AppError.conflict(messages.emailAlreadyRegistered);

    try {
      await mail.enqueue({ companyId: tenant.id, to: email, ...otpMail(tenant.name, created.code, 'signup', language, fields.firstName) });
    } catch (err) {
      await db.delete(customers).where(and(eq(customers.companyId, tenant.id), eq(customers.id, created.customerId)));
      throw err;
    }
    return { ID: created.publicId, emailId: email };
  }

  return { addUser };
}

export type SignupService = ReturnType<typeof createSignupService>;
