import { z } from 'zod';
import { EMAIL_PATTERN } from '../fields.ts';
import { MAX_ID } from '../ids.ts';

/**
 * Console access (issue 7, point 1): login with password and TOTP (or a recovery code), the
 * console's operators and the audit log. Texts are the API's own (English), shown as they come.
 */
export const accessMessages = {
  auditExportTooLarge: 'More than 50,000 entries match: choose a shorter period or another filter to export them.',
  emailRequired: 'Enter your e-mail address.',
  emailInvalid: 'Enter a valid e-mail address.',
  passwordRequired: 'Enter your password.',
  invalidCredentials: 'The e-mail address or password is not correct.',
  tooManyLogins: 'Too many failed attempts. Wait 15 minutes and try again.',
  tooManyCodes: 'Too many wrong codes. Wait 15 minutes and log in again.',
  challengeExpired: 'This login has expired. Enter your e-mail and password again.',
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  codeFormat: 'The code has 6 digits.',
  codeWrong: 'That code is not correct, or it was already used. Enter the current code from your authenticator app.',
  recoveryWrong: 'That recovery code is not correct or was already used.',
  recoveryNotDuringEnrolment: 'Finish setting up your authenticator app with a code from it; recovery codes come after.',
  enterCode: 'Enter the 6-digit code from your authenticator app.',
  enrolStart: 'Set up your authenticator app: scan the QR code (or type the key), then enter the code it shows.',
  loggedIn: 'Welcome to the console.',
  enrolled: 'Two-factor sign-in is set up. Save your recovery codes now: they are shown only once.',
  loggedOut: 'You are logged out of the console.',
  passwordWeak: 'The password needs at least 10 characters with letters and digits.',
  nameRequired: 'Enter a name.',
  roleInvalid: 'Choose owner, admin or support.',
  companyRequired: 'Choose the company this operator works for.',
  companyNotAllowed: 'An owner works for every company; leave the company empty.',
  emailTaken: 'An operator with this e-mail address already exists.',
  operatorNotFound: 'Operator not found.',
  ownerOnlyRole: 'Only an owner may create or change owners.',
  roleNotAllowed: 'You may only give the roles admin or support.',
  notYourself: 'You cannot disable yourself or change your own role.',
  operatorCreated: 'Operator created. They set up their authenticator app at their first login.',
  operatorInvited:
    'Invitation sent. The operator chooses a password from the link in the mail (valid 72 hours), then sets up the authenticator app.',
  invitationResent: 'A new invitation is sent; the earlier link no longer works.',
  invitationInvalid: 'This invitation link is not valid any more. Ask whoever invited you to send a new one.',
  invitationAccepted: 'Your password is set. Log in with it and set up your authenticator app.',
  invitationNotPending: 'This operator has no open invitation: they have chosen a password.',
  operatorUpdated: 'Operator updated.',
  totpReset: 'Two-factor sign-in reset: the operator sets up the authenticator app again at the next login.',
  dateInvalid: 'Use a date like 2026-11-24.',
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'Your current password is not correct.',
  passwordUnchanged: 'Choose a new password that differs from your current one.',
  passwordChanged: 'Your password is changed. Your other console sessions are signed out.',
  passwordSet: 'Password set. The operator is signed out everywhere and logs in with the new password.',
  ownPasswordHere: 'Change your own password with "Change password" in the console menu (it asks for your current one).',
} as const;

export const OPERATOR_ROLES = ['owner', 'admin', 'support'] as const;
export const operatorRole = z.enum(OPERATOR_ROLES, { error: accessMessages.roleInvalid });
export type OperatorRoleName = z.infer<typeof operatorRole>;

const consoleEmail = z
  .string({ error: accessMessages.emailRequired })
  .trim()
  .min(1, accessMessages.emailRequired)
  .max(254, accessMessages.emailInvalid)
  .regex(EMAIL_PATTERN, accessMessages.emailInvalid)
  .transform((value) => value.toLowerCase());

// ---- login ----

export const loginRequest = z.object({
  email: consoleEmail,
  password: z
    .string({ error: accessMessages.passwordRequired })
    .min(1, accessMessages.passwordRequired)
    .max(200, accessMessages.invalidCredentials),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const enrolment = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a PNG QR code (data: URL). */
  qrDataUrl: z.string(),
  /** The name the authenticator app lists it under: the operator's brand's console. */
  issuer: z.string(),
});
export type Enrolment = z.infer<typeof enrolment>;

export const loginReply = z.object({
  /** Short-lived signed token naming the operator and the next step (nothing secret in it). */
  challenge: z.string(),
  step: z.enum(['totp', 'enrol']),
  enrolment: enrolment.optional(),
});
export type LoginReply = z.infer<typeof loginReply>;

export const verifyRequest = z
  .object({
    challenge: z
      .string({ error: accessMessages.challengeExpired })
      .min(1, accessMessages.challengeExpired)
      .max(4096, accessMessages.challengeExpired),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, accessMessages.codeFormat)
      .optional(),
    recoveryCode: z.string().trim().min(1, accessMessages.recoveryWrong).max(64, accessMessages.recoveryWrong).optional(),
  })
  .refine((v) => v.code !== undefined || v.recoveryCode !== undefined, { message: accessMessages.codeRequired, path: ['code'] });
export type VerifyRequest = z.input<typeof verifyRequest>;

export const consoleOperator = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: operatorRole,
  companyId: z.number().int().nullable(),
});
export type ConsoleOperator = z.infer<typeof consoleOperator>;

export const verifyReply = z.object({
  token: z.string(),
  operator: consoleOperator,
  /** Only right after enrolment: ten one-use codes, shown once. */
  recoveryCodes: z.array(z.string()).optional(),
});
export type VerifyReply = z.infer<typeof verifyReply>;

export const meReply = consoleOperator.extend({ companyName: z.string().nullable(), sessionExpiresAt: z.string() });
export type MeReply = z.infer<typeof meReply>;

// ---- operators ----

/** At least 10 characters, with letters and digits. */
export const operatorPassword = z
  .string({ error: accessMessages.passwordWeak })
  .min(10, accessMessages.passwordWeak)
  .max(200, accessMessages.passwordWeak)
  .refine((value) => /\p{L}/u.test(value) && /\d/.test(value), accessMessages.passwordWeak);

const operatorName = z
  .string({ error: accessMessages.nameRequired })
  .trim()
  .min(1, accessMessages.nameRequired)
  .max(120, accessMessages.nameRequired);

export const operatorRow = consoleOperator.extend({
  companyName: z.string().nullable(),
  /** Invited by e-mail and no password chosen yet. */
  invitationPending: z.boolean(),
  /** The authenticator app is set up (false: first login or after a reset). */
  totpEnrolled: z.boolean(),
  disabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OperatorRow = z.infer<typeof operatorRow>;

export const operatorsQuery = z.object({
  /** Owner only: one company's operators (admins always see their own company). */
  companyId: z.coerce.number().int().positive().max(MAX_ID).optional(),
  q: z.string().trim().max(200).optional(),
});

export const operatorList = z.object({ items: z.array(operatorRow) });
export type OperatorList = z.infer<typeof operatorList>;

export const createOperatorRequest = z.object({
  email: consoleEmail,
  name: operatorName,
  role: operatorRole,
  /** Required for admin and support; empty for an owner. Admins may only name their own company. */
  companyId: z.number({ error: accessMessages.companyRequired }).int().positive().max(MAX_ID).nullable().optional(),
  /** Set by hand (passed on by the creator); absent: the operator is invited by e-mail to choose one. */
  password: operatorPassword.optional(),
});
export type CreateOperatorRequest = z.input<typeof createOperatorRequest>;

/** The invited operator's new password, with the token of the mailed link. */
export const acceptInvitationRequest = z.object({
  token: z
    .string({ error: accessMessages.invitationInvalid })
    .trim()
    .min(20, accessMessages.invitationInvalid)
    .max(200, accessMessages.invitationInvalid),
  password: operatorPassword,
});
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequest>;

export const updateOperatorRequest = z.object({
  name: operatorName.optional(),
  role: operatorRole.optional(),
  disabled: z.boolean().optional(),
  /** Owner only, with a role change from owner to admin or support: the company they join. */
  companyId: z.number().int().positive().max(MAX_ID).nullable().optional(),
});
export type UpdateOperatorRequest = z.input<typeof updateOperatorRequest>;

/** An operator changes their own password (signed in; the current one proves it is them). */
export const changePasswordRequest = z.object({
  currentPassword: z
    .string({ error: accessMessages.currentPasswordRequired })
    .min(1, accessMessages.currentPasswordRequired)
    .max(200, accessMessages.currentPasswordWrong),
  newPassword: operatorPassword,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

/** A manager sets another operator's password (a temporary one, given to them in person). */
export const setOperatorPasswordRequest = z.object({ password: operatorPassword });
export type SetOperatorPasswordRequest = z.input<typeof setOperatorPasswordRequest>;

export const operatorIdParams = z.object({
  id: z.coerce
    .number({ error: accessMessages.operatorNotFound })
    .int()
    .positive(accessMessages.operatorNotFound)
    .max(MAX_ID, accessMessages.operatorNotFound),
});

// ---- audit ----

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, accessMessages.dateInvalid)
  // A real calendar day: 2026-02-31 would otherwise roll over into March.
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    accessMessages.dateInvalid,
  );

export const auditQuery = z.object({
  /** Action prefix, e.g. "operator." or "company.update". */
  action: z.string().trim().max(100).optional(),
  /** The actor: an operator id, or part of their e-mail. */
  operator: z.string().trim().max(254).optional(),
  /** Searched in action, target and actor e-mail. */
  q: z.string().trim().max(200).optional(),
  /** Inclusive days (UTC), YYYY-MM-DD. */
  from: day.optional(),
  to: day.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AuditQuery = z.input<typeof auditQuery>;
/** The CSV export takes the log's filters, not its page. */
export const auditExportQuery = auditQuery.omit({ page: true });
export type AuditExportQuery = z.input<typeof auditExportQuery>;

export const AUDIT_PAGE_SIZE = 25;

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  operatorId: z.number().int().nullable(),
  actorEmail: z.string(),
  companyId: z.number().int().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
});
export type AuditEntryRow = z.infer<typeof auditEntry>;

export const auditPage = z.object({
  items: z.array(auditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPage>;
