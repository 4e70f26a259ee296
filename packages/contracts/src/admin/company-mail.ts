import { z } from 'zod';
import { EMAIL_PATTERN } from '../fields.ts';
import { LANGUAGES } from '../languages.ts';
import { MAIL_TEXT_KEYS } from '../mail-texts.ts';

/**
 * The console's mail of one company (issue 17, point 1): the sender its mails carry, its own SMTP
 * server (optional; the password is sealed and never sent back), and the texts of its mails.
 */
export const companyMailMessages = {
  saved: 'Mail settings saved.',
  textSaved: 'Mail text saved.',
  textReset: 'Mail text set back to the default.',
  testSent: 'Test mail sent to {to}.',
  senderNameTooLong: 'At most 80 characters.',
  senderNameInvalid: 'A sender name cannot contain line breaks, quotes or angle brackets.',
  senderAddressInvalid: 'Enter a valid e-mail address, e.g. no-reply@savannah.example.',
  hostRequired: 'Enter the SMTP server’s host name, e.g. smtp.savannah.example.',
  hostInvalid: 'Enter a host name or address without scheme or port, e.g. smtp.savannah.example.',
  portInvalid: 'Enter a port from 1 to 65535 (465 for TLS, 587 for STARTTLS).',
  securityInvalid: 'Choose TLS, STARTTLS or none.',
  userTooLong: 'At most 200 characters.',
  passwordTooLong: 'At most 200 characters.',
  passwordRequired: 'Enter the SMTP password (a user without password is not accepted).',
  subjectRequired: 'Enter a subject.',
  subjectTooLong: 'At most 200 characters.',
  bodyRequired: 'Enter the text of the mail.',
  bodyTooLong: 'At most 5,000 characters.',
  unknownPlaceholder: 'Unknown placeholder {placeholders}. This mail offers: {offered}.',
  unknownMail: 'There is no such mail.',
  noOperatorEmail: 'Your console account has no e-mail address to send the test to.',
} as const;

const m = companyMailMessages;

export const SMTP_SECURITY = ['tls', 'starttls', 'none'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

/** What the console shows: the sender in use, the default it falls back to, the SMTP server without its password. */
export const companyMailSettings = z.object({
  senderName: z.string(),
  senderAddress: z.string(),
  defaultSenderName: z.string(),
  defaultSenderAddress: z.string(),
  smtp: z
    .object({
      host: z.string(),
      port: z.number().int(),
      security: z.enum(SMTP_SECURITY),
      user: z.string(),
      /** Whether a password is stored; the password itself never leaves the server. */
      passwordSet: z.boolean(),
    })
    .nullable(),
  updatedAt: z.string().nullable(),
});
export type CompanyMailSettings = z.infer<typeof companyMailSettings>;

const HOST = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$|^\[?[0-9a-f:.]+\]?$/i;

/** Empty name or address: the default. `smtp: null`: the server's own mail transport. An empty password keeps the stored one. */
export const companyMailSettingsUpdate = z.object({
  senderName: z
    .string()
    .trim()
    .max(80, m.senderNameTooLong)
    .refine((v) => !/[\r\n"<>]/.test(v), m.senderNameInvalid)
    .default(''),
  senderAddress: z
    .string()
    .trim()
    .max(254, m.senderAddressInvalid)
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), m.senderAddressInvalid)
    .default(''),
  smtp: z
    .object({
      host: z.string({ error: m.hostRequired }).trim().min(1, m.hostRequired).regex(HOST, m.hostInvalid),
      port: z.coerce.number({ error: m.portInvalid }).int(m.portInvalid).min(1, m.portInvalid).max(65535, m.portInvalid),
      security: z.enum(SMTP_SECURITY, { error: m.securityInvalid }),
      user: z.string().trim().max(200, m.userTooLong).default(''),
      password: z.string().max(200, m.passwordTooLong).default(''),
    })
    .nullable()
    .default(null),
});
export type CompanyMailSettingsUpdate = z.input<typeof companyMailSettingsUpdate>;

const textFields = {
  subject: z.string({ error: m.subjectRequired }).trim().min(1, m.subjectRequired).max(200, m.subjectTooLong),
  body: z.string({ error: m.bodyRequired }).trim().min(1, m.bodyRequired).max(5000, m.bodyTooLong),
};

export const mailTextParams = z.object({
  companyId: z.coerce.number().int(),
  key: z.enum(MAIL_TEXT_KEYS, { error: m.unknownMail }),
  language: z.enum(LANGUAGES, { error: m.unknownMail }),
});

export const mailTextInput = z.object(textFields);
export type MailTextInput = z.infer<typeof mailTextInput>;

/** A text to preview or to send as a test: any mail, any language, edited or not yet saved. */
export const mailDraftInput = z.object({
  key: z.enum(MAIL_TEXT_KEYS, { error: m.unknownMail }),
  language: z.enum(LANGUAGES, { error: m.unknownMail }),
  ...textFields,
});
export type MailDraftInput = z.infer<typeof mailDraftInput>;

const textVersion = z.object({ subject: z.string(), body: z.string() });

/** Every editable mail with its placeholders, and per language the text in use and today's default. */
export const companyMailTexts = z.object({
  mails: z.array(
    z.object({
      key: z.enum(MAIL_TEXT_KEYS),
      placeholders: z.array(z.string()),
      texts: z.array(
        z.object({
          language: z.enum(LANGUAGES),
          current: textVersion,
          default: textVersion,
          edited: z.boolean(),
        }),
      ),
    }),
  ),
});
export type CompanyMailTexts = z.infer<typeof companyMailTexts>;

/** A mail as the company would send it: subject, the branded HTML, the plain-text part. */
export const mailPreview = z.object({ subject: z.string(), html: z.string(), text: z.string(), from: z.string() });
export type MailPreview = z.infer<typeof mailPreview>;

export const mailTestReply = z.object({ to: z.string() });
