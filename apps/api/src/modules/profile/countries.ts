import { asc } from 'drizzle-orm';
import type { CountryEntry } from '@mawingu/contracts/auth';
import type { MobileBounds } from '@mawingu/contracts/profile';
import type { Db } from '../../db/client.ts';
import { countries } from '../../db/schema.ts';

/** The country list in the spec's shape (section 3 "Country entry"), by name. */
export async function listCountries(db: Db): Promise<CountryEntry[]> {
  const rows = await db.select().from(countries).orderBy(asc(countries.countryName));
  return rows.map((row) => ({
    countryCode: row.countryCode,
    countryName: row.countryName,
    mobileNoMinLength: row.mobileMinLength,
    mobileNoMaxLength: row.mobileMaxLength,
  }));
}

/** E.164 allows up to 15 digits: the bounds of a dialling code the list does not know. */
const UNKNOWN_CODE_BOUNDS: MobileBounds = { mobileNoMinLength: 4, mobileNoMaxLength: 15 };

/**
 * Mobile length bounds of a dialling code. Several countries can share a code (+1): the one named
 * `region` wins, else the first by name.
 */
export function boundsOf(list: CountryEntry[], countryCode: string, region?: string): MobileBounds | null {
  const sameCode = list.filter((c) => c.countryCode === countryCode);
  const country = sameCode.find((c) => c.countryName.toLowerCase() === region?.toLowerCase()) ?? sameCode[0];
  return country ? { mobileNoMinLength: country.mobileNoMinLength, mobileNoMaxLength: country.mobileNoMaxLength } : null;
}

/** For reading a stored profile whose code may have left the list since. */
export const boundsOrDefault = (list: CountryEntry[], countryCode: string, region?: string): MobileBounds =>
  boundsOf(list, countryCode, region) ?? UNKNOWN_CODE_BOUNDS;
