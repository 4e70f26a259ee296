import { z } from 'zod';
import { envelope } from '../envelope.ts';
import { emailField } from '../fields.ts';
import { kraPinField } from '../kra-pin.ts';
import { messages } from '../messages.ts';
import { profileFields } from '../profile.ts';
import { customerProfile } from './customers.ts';

/**
 * Console: managing one customer (issue 17, point 2): edit the profile, resend the signup code,
 * closing the account (ADR 0114). Texts are the API's own
 * (English), shown as they come.
 */
export const customerManageMessages = {
  profileSaved: "The customer's profile is saved.",
  profileUnchanged: 'Nothing changed: the profile is as it was.',
  emailTaken: 'Another customer of this company already uses this e-mail.',
  verificationSent: 'A new verification code is mailed to the customer (valid for 10 minutes).',
  alreadyVerified: "The customer's e-mail is already verified.",
  noSignupCode:
    'The customer has no sign-up code waiting. They verify their e-mail by logging in: the login code is mailed to the same address.',
  verificationCapped:
    'No code sent: this customer has had 5 verification codes in the last hour, the most allowed. The last one still works; try again later.',
  closeConfirmMismatch: "Type the customer's e-mail exactly to confirm.",
  closeReasonRequired: 'Give the reason (the customer asked by ticket, by mail, …).',
  closeReasonTooLong: 'The reason may have at most 500 characters.',
  closed: 'The account is closed: the customer cannot log in, and their running VMs are being powered off.',
  alreadyClosed: 'The account is already closed.',
  closeOpenOrders: (ids: number[]) =>
    `The customer has open orders (${ids.map((id) => `#${id}`).join(', ')}): a payment may still arrive or a purchase is not delivered yet. Settle or cancel them in Orders and payments first.`,
  accountClosed: 'The account is closed: this cannot be done for it.',
} as const;

// ---- the profile ----

/**
 * The customer's own profile fields (same rules and messages as their profile page, the KRA PIN
 * included) plus the e-mail, which only an operator may change. The whole profile: an omitted
 * optional field is saved empty, as on the customer's page.
 */
export const customerProfileUpdateRequest = profileFields.extend({
  email: emailField(messages.emailRequired, messages.emailInvalid),
  /** Printed on the invoices of a Kenyan seller and sent to eTIMS (ADR 0121). */
  kraPin: kraPinField(),
});
export type CustomerProfileUpdateRequest = z.input<typeof customerProfileUpdateRequest>;
export const customerProfileResponse = envelope(customerProfile);

// ---- verification ----

export const verificationResponse = envelope(z.object({ sent: z.boolean() }));

// ---- closing the account ----

/** The customer's e-mail typed again as the confirmation, and the reason (audited, mailed). */
export const customerCloseRequest = z.object({
  confirm: z.string({ error: customerManageMessages.closeConfirmMismatch }).trim(),
  reason: z
    .string({ error: customerManageMessages.closeReasonRequired })
    .trim()
    .min(1, customerManageMessages.closeReasonRequired)
    .max(500, customerManageMessages.closeReasonTooLong),
});
export type CustomerCloseRequest = z.input<typeof customerCloseRequest>;
export const customerCloseResponse = envelope(z.object({ profile: customerProfile, stoppingVms: z.array(z.string()) }));
