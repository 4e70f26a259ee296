import { z } from 'zod';
import type { CountryEntry } from '@mawingu/contracts/auth';
import { messages } from '@mawingu/contracts/messages';
import {
  mobileBoundsOf,
  mobileLengthFits,
  updateUserProfileRequest,
  type MobileBounds,
  type UserDetails,
} from '@mawingu/contracts/profile';

/** What the form edits: the updatable profile (section 3), all as text. */
export type ProfileFormValues = {
  firstName: string;
  lastName: string;
  emailID: string;
  countryCode: string;
  contactNo: string;
  region: string;
  companyName: string;
  address: string;
  city: string;
  state: string;
  postCode: string;
  vatNumber: string;
  kraPin: string;
};
export type ProfileField = keyof ProfileFormValues;

/** The two accordions and the fields each holds: an error opens the one with the failing field. */
export const SECTIONS = {
  personal: ['firstName', 'lastName', 'emailID', 'countryCode', 'contactNo'],
  billing: ['companyName', 'address', 'region', 'city', 'state', 'postCode', 'vatNumber', 'kraPin'],
} as const satisfies Record<string, readonly ProfileField[]>;
export type SectionId = keyof typeof SECTIONS;
export const SECTION_IDS = Object.keys(SECTIONS) as SectionId[];

export const PROFILE_FIELDS = SECTION_IDS.flatMap((id) => SECTIONS[id]) as ProfileField[];

export function sectionsOf(fields: Iterable<string>): SectionId[] {
  const failing = new Set(fields);
  return SECTION_IDS.filter((id) => SECTIONS[id].some((field) => failing.has(field)));
}

/** The read shape (userDetails) as form values: postalCode and customerVatNumber are sent back under other names. */
export function formValuesOf(user: UserDetails): ProfileFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    emailID: user.emailID,
    countryCode: user.countryCode,
    contactNo: user.contactNo,
    region: user.region,
    companyName: user.companyName,
    address: user.address,
    city: user.city,
    state: user.state,
    postCode: user.postalCode,
    vatNumber: user.customerVatNumber,
    kraPin: user.customerKraPin ?? '',
  };
}

/**
 * The Save schema: the contract's fields plus the mobile length of the chosen country code
 * ("Enter valid number"), which depends on another field and on the country list.
 */
export function profileFormSchema(countries: readonly CountryEntry[]) {
  return updateUserProfileRequest.superRefine((value, ctx) => {
    const bounds = mobileBoundsOf(countries, value.countryCode, value.region);
    if (bounds && /^\d+$/.test(value.contactNo) && !mobileLengthFits(value.contactNo, bounds)) {
      ctx.addIssue({ code: 'custom', path: ['contactNo'], message: messages.mobileInvalid });
    }
  });
}
export type ProfileFormOutput = z.output<ReturnType<typeof profileFormSchema>>;

export const boundsFor = (countries: readonly CountryEntry[], countryCode: string, region: string): MobileBounds | null =>
  mobileBoundsOf(countries, countryCode, region);
