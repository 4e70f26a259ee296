import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { messages } from '@mawingu/contracts/messages';
import { customerManageMessages as texts, type customerProfileUpdateRequest } from '@mawingu/contracts/admin/customers-manage';
import { mobileBoundsOf, mobileLengthFits } from '@mawingu/contracts/profile';
import type { Db } from '../../../db/client.ts';
import { customers } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { CountryEntry } from '@mawingu/contracts/auth';
import { normaliseEmail } from '../auth/customer-accounts.ts';

export type ConsoleProfileUpdate = z.output<typeof customerProfileUpdateRequest>;

/** The fields an operator may change, as stored; the audit diff is taken over these. */
const EDITABLE = [
  'firstName',
  'lastName',
  'email',
  'countryCode',
  'contactNo',
  'region',
  'companyName',
  'address',
  'city',
  'state',
  'postCode',
  'vatNumber',
  'kraPin',
] as const;
type Editable = (typeof EDITABLE)[number];
export type ProfileChanges = Partial<Record<Editable, { from: string; to: string }>>;

/** The writer of an operator's profile edit, to call inside the caller's transaction. */
export type ProfileWriter = (
  tx: Db,
  companyId: number,
  customerId: number,
  input: ConsoleProfileUpdate,
) => Promise<ProfileChanges | undefined>;

/**
 * An operator's edit of a customer's profile (issue 17, point 2), inside the caller's transaction:
 * the customer's own rules (profile/service.ts: known dialling code and country, mobile length per
 * country) plus the e-mail, unique within the company. A changed e-mail is no longer verified (the
 * new mailbox has proved nothing); the next login code proves it. Returns what changed, old → new.
 * `countryList` is read before the transaction (a query beside an open transaction waits on PGlite).
 */
export async function updateProfileByOperator(
  tx: Db,
  countryList: readonly CountryEntry[],
  companyId: number,
  customerId: number,
  input: ConsoleProfileUpdate,
): Promise<ProfileChanges | undefined> {
  const where = and(eq(customers.companyId, companyId), eq(customers.id, customerId));
  const [row] = await tx.select().from(customers).where(where).for('update');
  if (!row) return undefined;

  const country = countryList.find((c) => c.countryName.toLowerCase() === input.region.toLowerCase());
  const bounds = mobileBoundsOf(countryList, input.countryCode, input.region);
  const email = normaliseEmail(input.email);
  const fieldErrors: Record<string, string> = {};
  if (!bounds) fieldErrors.countryCode = messages.countryCodeRequired;
  else if (!mobileLengthFits(input.contactNo, bounds)) fieldErrors.contactNo = messages.mobileInvalid;
  if (!country) fieldErrors.region = messages.countryUnknown;
  if (email !== row.email) {
    const [taken] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.companyId, companyId), eq(customers.email, email), ne(customers.id, customerId)))
      .limit(1);
    if (taken) fieldErrors.email = texts.emailTaken;
  }
  const first = Object.values(fieldErrors)[0];
  if (first) throw AppError.badRequest(first, fieldErrors);

  const next: Record<Editable, string> = {
    firstName: input.firstName,
    lastName: input.lastName,
    email,
    countryCode: input.countryCode.trim(),
    contactNo: input.contactNo,
    region: country!.countryName,
    companyName: input.companyName,
    address: input.address,
    city: input.city,
    state: input.state,
    postCode: input.postCode,
    vatNumber: input.vatNumber,
    kraPin: input.kraPin,
  };
  const changes: ProfileChanges = {};
  for (const key of EDITABLE) if (row[key] !== next[key]) changes[key] = { from: row[key], to: next[key] };
  if (Object.keys(changes).length === 0) return changes;
  try {
    await tx
      .update(customers)
      .set({ ...next, ...(changes.email ? { emailVerifiedAt: null } : {}), updatedAt: sql`now()` })
      .where(where);
  } catch (err) {
    // Two edits racing to the same address: the unique constraint decides, said on the field.
    if ((err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') {
      throw AppError.badRequest(texts.emailTaken, { email: texts.emailTaken });
    }
    throw err;
  }
  return changes;
}
