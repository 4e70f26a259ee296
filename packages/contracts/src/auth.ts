import { z } from 'zod';
import { kraPinField } from './kra-pin.ts';
import { emailField, siteUrl } from './fields.ts';
import { messages } from './messages.ts';

/**
 * Accounts: signup, login with an e-mailed one-time code, passwords and the session
 * (portal spec sections 3, 4, 5 and 7). One schema per call, used by the API route and the SPA form.
 */

/** ARCHITECTURE ruling: 8 to 16 characters with a lowercase, an uppercase, a digit and one of !@#$%^&* (anchored). */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*])[A-Za-z\d!@#$%^&*]{8,16}$/;
export const PASSWORD_MAX = 16;
export const OTP_LENGTH = 6;
/** Lifetimes the server enforces; the SPA shows them. */
export const OTP_VALID_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;

const required = (message: string, max = 100, tooLong: string = messages.fieldTooLong) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong);

/** Runs of two or more spaces collapse to one (section 5: names, address, city, state). */
export const collapseSpaces = (value: string) => value.replace(/ {2,}/g, ' ');
const collapsed = (schema: z.ZodString) => schema.transform(collapseSpaces);

/** Keystroke filters of section 5, as patterns the server checks too. */
export const LETTERS_AND_SPACES = /^[\p{L} ]+$/u;
export const DIGITS = /^\d+$/;
export const POSTCODE_PATTERN = /^[0-9a-z]+$/;

export const passwordField = () =>
  z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).regex(PASSWORD_PATTERN, messages.passwordInvalid);

export const firstNameField = () => collapsed(required(messages.firstNameRequired).regex(LETTERS_AND_SPACES, messages.firstNameInvalid));
export const lastNameField = () => collapsed(required(messages.lastNameRequired).regex(LETTERS_AND_SPACES, messages.lastNameInvalid));
export const countryCodeField = () => required(messages.countryCodeRequired, 8, messages.countryCodeRequired);
/** Digits only; the length bounds depend on the country and are checked against the country list. */
export const mobileField = () => required(messages.mobileRequired, 20, messages.mobileInvalid).regex(DIGITS, messages.mobileInvalid);
export const streetField = () => collapsed(required(messages.streetRequired, 200));
export const cityField = () => collapsed(required(messages.cityRequired).regex(LETTERS_AND_SPACES, messages.cityInvalid));
export const stateField = () => collapsed(required(messages.stateRequired).regex(LETTERS_AND_SPACES, messages.stateInvalid));
export const postcodeField = () => required(messages.postcodeRequired, 12).regex(POSTCODE_PATTERN, messages.postcodeInvalid);
export const optionalText = (max = 100) => z.string().trim().max(max, messages.fieldTooLong).optional().default('');

/** GET /api/getCountryCode: dialling codes with mobile length bounds. */
export const countryEntry = z.object({
  countryCode: z.string(),
  countryName: z.string(),
  mobileNoMaxLength: z.number().int(),
  mobileNoMinLength: z.number().int(),
});
export type CountryEntry = z.infer<typeof countryEntry>;
export const countryList = z.array(countryEntry);

/** POST /api/adduser — the sign-up payload of section 3. */
export const addUserRequest = z.object({
  firstName: firstNameField(),
  lastName: lastNameField(),
  countryCode: countryCodeField(),
  contactNo: mobileField(),
  emailID: emailField(messages.emailRequired, messages.emailInvalid),
  password: passwordField(),
  companyName: optionalText(),
  /** The country's name. */
  region: required(messages.countryNameRequired),
  address: streetField(),
  city: cityField(),
  state: stateField(),
  postCode: postcodeField(),
  roleType: z.literal('user').optional().default('user'),
  vatNumber: optionalText(30),
  /** The KRA PIN, for a Kenyan customer (ADR 0121); optional as the VAT number is. */
  kraPin: kraPinField(),
  websiteUrl: siteUrl,
});
export type AddUserRequest = z.input<typeof addUserRequest>;

/** Reply of login, adduser and resendOtp: the OTP page's route parameters. */
export const otpChallenge = z.object({ ID: z.string(), emailId: z.string() });
export type OtpChallenge = z.infer<typeof otpChallenge>;

/** POST /api/login. The input is capped at 16 like the field; the spec's messages. */
export const loginRequest = z.object({
  emailID: emailField(messages.emailRequired, messages.emailInvalidLogin),
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(PASSWORD_MAX, messages.invalidCredentials),
  websiteUrl: siteUrl,
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** The challenge id of /loginotp/{ID}/…; anything malformed is simply a wrong code. */
const challengeId = z.string({ error: messages.otpIncorrect }).trim().min(1, messages.otpIncorrect).max(64, messages.otpIncorrect);

/** POST /api/twoFactorAuth */
export const twoFactorAuthRequest = z.object({
  emailID: emailField(messages.emailRequired, messages.emailInvalidLogin),
  ID: challengeId,
  OTP: z
    .string({ error: messages.otpRequired })
    .trim()
    .min(1, messages.otpRequired)
    .regex(DIGITS, messages.otpIncorrect)
    .max(OTP_LENGTH, messages.otpIncorrect),
  websiteUrl: siteUrl,
});
export type TwoFactorAuthRequest = z.infer<typeof twoFactorAuthRequest>;

/** POST /api/resendOtp */
export const resendOtpRequest = z.object({
  emailID: emailField(messages.emailRequired, messages.emailInvalidLogin),
  ID: challengeId,
  websiteUrl: siteUrl,
});
export type ResendOtpRequest = z.infer<typeof resendOtpRequest>;

/**
 * The logged-in state's user data (section 3). `token` is the access token (sent back as the
 * `authorization` header), `refreshToken` the rotating refresh token (the `refreshToken` header).
 * `AccessTokenMaxAge` is the access token's lifetime in seconds.
 */
export const userData = z.object({
  token: z.string(),
  refreshToken: z.string(),
  userDetail: z.object({
    FirstName: z.string(),
    LastName: z.string(),
    AccessTokenMaxAge: z.number().int(),
    /** The customer's e-mail (read-only in the profile). */
    emailID: z.string(),
  }),
});
export type UserData = z.infer<typeof userData>;
/** twoFactorAuth and refreshToken reply with a list whose first element is the user data. */
export const userDataList = z.array(userData).length(1);

/** POST /api/forgotPassword; the reply never says whether the address is registered. */
export const forgotPasswordRequest = z.object({
  emailID: emailField(messages.emailRequired, messages.emailInvalid),
  websiteUrl: siteUrl,
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

/** POST /api/forgotUserName; the spec sends only the e-mail, the site comes from the Origin. */
export const forgotUserNameRequest = z.object({
  emailID: emailField(messages.emailRequired, messages.emailInvalid),
  websiteUrl: siteUrl.optional(),
});
export type ForgotUserNameRequest = z.infer<typeof forgotUserNameRequest>;

/** Set Password / Confirm Password (the form's fields; the call adds the link's token). */
export const setPasswordFields = z
  .object({
    password: passwordField(),
    confirmPassword: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: messages.passwordMismatch });

const resetToken = z
  .string({ error: messages.resetLinkInvalid })
  .trim()
  .min(1, messages.resetLinkInvalid)
  .max(200, messages.resetLinkInvalid);

/**
 * POST /api/checkPasswordLink: whether the e-mailed link can still set a password, asked when its
 * page opens (200), or why not (400: used, expired, or unknown).
 */
export const checkPasswordLinkRequest = z.object({ queryStringValue: resetToken, websiteUrl: siteUrl });
export type CheckPasswordLinkRequest = z.infer<typeof checkPasswordLinkRequest>;

/** POST /api/updatePassword: `queryStringValue` is the token of the e-mailed link. */
export const updatePasswordRequest = z
  .object({
    password: passwordField(),
    confirmPassword: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired),
    queryStringValue: resetToken,
    websiteUrl: siteUrl,
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: messages.passwordMismatch });
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequest>;

/**
 * POST /api/refreshToken and POST /api/logout: the tokens travel in the `authorization` and
 * `refreshtoken` headers; the body is optional (none at all is fine) and may name the site.
 */
export const sessionRequest = z.object({ websiteUrl: siteUrl.optional() }).nullish();
export type SessionRequest = z.infer<typeof sessionRequest>;
