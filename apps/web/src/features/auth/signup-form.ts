import { z } from 'zod';
import { kraPinField } from '@mawingu/contracts/kra-pin';
import {
  cityField,
  firstNameField,
  lastNameField,
  mobileField,
  optionalText,
  passwordField,
  postcodeField,
  stateField,
  streetField,
  type CountryEntry,
} from '@mawingu/contracts/auth';
import { emailField } from '@mawingu/contracts/fields';
import { messages } from '@mawingu/contracts/messages';
import type { AddUserFields } from '../../api/auth/add-user.ts';

/**
 * The two signup steps as one form (spec "Registration" and section 5). The country code is chosen
 * by country (`dialCountry`: several countries share +1), which also gives the mobile length bounds.
 * Names, street, city and state collapse runs of spaces through the contract's fields.
 */
export function signupSchema(countries: () => readonly CountryEntry[]) {
  return z
    .object({
      firstName: firstNameField(),
      lastName: lastNameField(),
      emailID: emailField(messages.emailRequired, messages.emailInvalid),
      dialCountry: z.string().min(1, messages.countryCodeRequired),
      contactNo: mobileField(),
      password: passwordField(),
      confirmPassword: z.string().min(1, messages.passwordRequired),
      companyName: optionalText(),
      address: streetField(),
      region: z.string().trim().min(1, messages.countryNameRequired),
      city: cityField(),
      state: stateField(),
      postCode: postcodeField(),
      vatNumber: optionalText(30),
      kraPin: kraPinField(),
    })
    .superRefine((values, ctx) => {
      if (values.confirmPassword && values.password !== values.confirmPassword) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: messages.passwordMismatch });
      }
      const country = countries().find((entry) => entry.countryName === values.dialCountry);
      const length = values.contactNo.length;
      if (country && length > 0 && (length < country.mobileNoMinLength || length > country.mobileNoMaxLength)) {
        ctx.addIssue({ code: 'custom', path: ['contactNo'], message: messages.mobileInvalid });
      }
    });
}

export type SignupSchema = ReturnType<typeof signupSchema>;
export type SignupInput = z.input<SignupSchema>;
export type SignupValues = z.output<SignupSchema>;
export type SignupField = keyof SignupInput;

export const PERSONAL_FIELDS = [
  'firstName',
  'lastName',
  'emailID',
  'dialCountry',
  'contactNo',
  'password',
  'confirmPassword',
] as const satisfies readonly SignupField[];
export const ADDRESS_FIELDS = [
  'companyName',
  'address',
  'region',
  'city',
  'state',
  'postCode',
  'vatNumber',
  'kraPin',
] as const satisfies readonly SignupField[];

export const EMPTY_SIGNUP: SignupInput = {
  firstName: '',
  lastName: '',
  emailID: '',
  dialCountry: '',
  contactNo: '',
  password: '',
  confirmPassword: '',
  companyName: '',
  address: '',
  region: '',
  city: '',
  state: '',
  postCode: '',
  vatNumber: '',
  kraPin: '',
};

/** The sign-up payload of section 3 (the call adds roleType "user" and the site). */
export function signupPayload(values: SignupValues, countries: readonly CountryEntry[]): AddUserFields {
  const { dialCountry, confirmPassword: _confirm, ...rest } = values;
  const countryCode = countries.find((entry) => entry.countryName === dialCountry)?.countryCode ?? '';
  return { ...rest, countryCode };
}

/** The form field a server field error belongs to (the server names the country code `countryCode`). */
export function formFieldOf(serverField: string): SignupField | null {
  if (serverField === 'countryCode') return 'dialCountry';
  return serverField in EMPTY_SIGNUP ? (serverField as SignupField) : null;
}
