import { z } from 'zod';
import { kraPinField } from './kra-pin.ts';
import {
  collapseSpaces,
  cityField,
  countryCodeField,
  countryEntry,
  mobileField,
  optionalText,
  postcodeField,
  stateField,
  streetField,
} from './auth.ts';
import { messages } from './messages.ts';

/**
 * The customer's profile (portal spec sections 3, 5 and 7): profileSetting/userProfileInfo,
 * updateUserProfile, updateProfileImage, removeProfileImage.
 */

/** Section 5: in the profile, names accept letters, spaces and commas. */
export const PROFILE_NAME_PATTERN = /^[\p{L} ,]+$/u;

const profileName = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(100, messages.fieldTooLong)
    .regex(PROFILE_NAME_PATTERN, invalid)
    .transform(collapseSpaces);

/** The fields the Save button sends (section 3 "User profile (updatable)"), with the profile's messages. */
export const profileFields = z.object({
  firstName: profileName(messages.firstNameRequired, messages.profileFirstNameInvalid),
  // Section 5 "Profile save" writes this one with a leading space; reproduced as written.
  lastName: profileName(messages.lastNameRequiredSpaced, messages.profileLastNameInvalid),
  countryCode: countryCodeField(),
  contactNo: mobileField(),
  /** The billing country's name. */
  region: z.string({ error: messages.countryNameRequired }).trim().min(1, messages.countryNameRequired).max(100, messages.countryUnknown),
  companyName: optionalText(),
  address: streetField(),
  city: cityField(),
  state: stateField(),
  postCode: postcodeField(),
  vatNumber: optionalText(30),
});
export type ProfileFields = z.input<typeof profileFields>;

/** POST /api/profileSetting/updateUserProfile. The e-mail is accepted (the form sends it) but never changed. */
export const updateUserProfileRequest = profileFields.extend({
  emailID: z.string().max(254).optional(),
  /** The KRA PIN, for invoices of a Kenyan seller (ADR 0121). */
  kraPin: kraPinField(),
});
export type UpdateUserProfileRequest = z.input<typeof updateUserProfileRequest>;

/** Mobile length bounds of a country (section 5: length within the selected country's min and max). */
export type MobileBounds = { mobileNoMinLength: number; mobileNoMaxLength: number };

/**
 * Mobile length bounds of a dialling code. Several countries can share a code (+1): the one named
 * `region` wins, else the first in the list. Null for a code the list does not have.
 */
export function mobileBoundsOf(
  list: readonly { countryCode: string; countryName: string; mobileNoMinLength: number; mobileNoMaxLength: number }[],
  countryCode: string,
  region?: string,
): MobileBounds | null {
  const sameCode = list.filter((c) => c.countryCode === countryCode);
  const country = sameCode.find((c) => c.countryName.toLowerCase() === region?.toLowerCase()) ?? sameCode[0];
  return country ? { mobileNoMinLength: country.mobileNoMinLength, mobileNoMaxLength: country.mobileNoMaxLength } : null;
}

export function mobileLengthFits(contactNo: string, bounds: MobileBounds): boolean {
  const length = contactNo.trim().length;
  return length >= bounds.mobileNoMinLength && length <= bounds.mobileNoMaxLength;
}

/** GET /api/profileSetting/userProfileInfo: the section 3 read shape. */
export const userDetails = z.object({
  firstName: z.string(),
  lastName: z.string(),
  emailID: z.string(),
  contactNo: z.string(),
  countryCode: z.string(),
  mobileNoMinLength: z.number().int(),
  mobileNoMaxLength: z.number().int(),
  address: z.string(),
  /** Sent back as `postCode`. */
  postalCode: z.string(),
  companyName: z.string(),
  city: z.string(),
  state: z.string(),
  region: z.string(),
  /** Where the SPA fetches the picture (with the session's headers), or null for none. */
  imagePath: z.string().nullable(),
  websiteUrl: z.string(),
  /** Sent back as `vatNumber`. */
  customerVatNumber: z.string(),
  /** Sent back as `kraPin`. */
  customerKraPin: z.string().optional(),
});
export type UserDetails = z.infer<typeof userDetails>;

/**
 * Profile details: the user, the country list for the form, and (document 2, added by the VM
 * issues) the customer's virtual machine lists. Unknown keys are tolerated so those can arrive first.
 */
export const userProfileInfo = z.looseObject({
  userDetails,
  countryList: z.array(countryEntry),
});
export type UserProfileInfo = z.infer<typeof userProfileInfo>;

/** Profile pictures: what the server accepts, checked by content, and the SPA checks before sending. */
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type ProfileImageType = (typeof PROFILE_IMAGE_TYPES)[number];
/** The multipart field name the SPA uses (the server takes the one file whatever its field). */
export const PROFILE_IMAGE_FIELD = 'image';
