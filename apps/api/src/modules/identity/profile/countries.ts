import type { CountryEntry } from '@mawingu/contracts/auth';
import { mobileBoundsOf, type MobileBounds } from '@mawingu/contracts/profile';

/** E.164 allows up to 15 digits: the bounds of a dialling code the list does not know. */
const UNKNOWN_CODE_BOUNDS: MobileBounds = { mobileNoMinLength: 4, mobileNoMaxLength: 15 };

/** For reading a stored profile whose code may have left the list since. */
export const boundsOrDefault = (list: CountryEntry[], countryCode: string, region?: string): MobileBounds =>
  mobileBoundsOf(list, countryCode, region) ?? UNKNOWN_CODE_BOUNDS;
