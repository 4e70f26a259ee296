import { asc } from 'drizzle-orm';
import type { CountryEntry } from '@mawingu/contracts/auth';
import { mobileBoundsOf, type MobileBounds } from '@mawingu/contracts/profile';
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

/** For reading a stored profile whose code may have left the list since. */
export const boundsOrDefault = (list: CountryEntry[], countryCode: string, region?: string): MobileBounds =>
  mobileBoundsOf(list, countryCode, region) ?? UNKNOWN_CODE_BOUNDS;
