import type { Language } from './languages.ts';
import { OTP_VALID_MINUTES } from './auth.ts';
import { resolveParticles } from './korean-particles.ts';
import { EN_MAIL_TEXTS } from './mail-texts-en.ts';
import { KO_MAIL_TEXTS } from './mail-texts-ko.ts';
import { MAIL_TEXT_KEYS, type MailTextBody, type MailTextKey } from './mail-text-keys.ts';

/**
 * The mails whose texts a company may edit in the console (issue 17, point 1), each with the
 * placeholders it offers and today's text as the default, per language. The API builds these mails
 * from the same defaults (so the console shows exactly what is sent until the owner edits them).
 */
export { MAIL_TEXT_KEYS, type MailTextBody, type MailTextKey } from './mail-text-keys.ts';

export const isMailTextKey = (value: unknown): value is MailTextKey => MAIL_TEXT_KEYS.includes(value as MailTextKey);

/** Placeholders each mail offers: `{name}` is the customer's first name (or a polite stand-in). */
export const MAIL_PLACEHOLDERS: Record<MailTextKey, readonly string[]> = {
  'signup-code': ['name', 'company', 'code', 'minutes'],
  'login-code': ['name', 'company', 'code', 'minutes'],
  'password-reset': ['name', 'company', 'link'],
  'newsletter-welcome': ['company', 'link'],
  // A sentence that applies only sometimes ({conversion}, {next}, {access}, {attachments}) is empty
  // when it does not; the empty paragraph it leaves is dropped.
  'payment-received': ['name', 'company', 'order', 'amount', 'purchase', 'paymentMode', 'conversion', 'next'],
  'vm-ready': ['name', 'company', 'vm', 'os', 'cpu', 'memory', 'disk', 'paidUntil', 'access'],
  'ticket-answered': ['name', 'company', 'ticket', 'issueType', 'status', 'response', 'attachments', 'link'],
  'expiry-reminder': ['name', 'company', 'vm', 'date', 'graceDays'],
  'vm-expired': ['name', 'company', 'vm', 'date'],
};

export const DEFAULT_MAIL_TEXTS: Record<Language, Record<MailTextKey, MailTextBody>> = { en: EN_MAIL_TEXTS, ko: KO_MAIL_TEXTS };

/** Who the greeting names when the customer's first name is not known (yet). */
export const UNNAMED_RECIPIENT: Record<Language, string> = { en: 'there', ko: '고객' };

/** The code mails' fixed value of `{minutes}`. */
export const CODE_MINUTES = String(OTP_VALID_MINUTES);

const PLACEHOLDER = /\{([^{}\s]*)\}/g;

/** The placeholders a text uses that the mail does not offer (e.g. `{nmae}`, `{}`), each once. */
export function unknownPlaceholders(key: MailTextKey, text: string): string[] {
  const offered = MAIL_PLACEHOLDERS[key];
  const unknown = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !offered.includes(name));
  return [...new Set(unknown)];
}

/**
 * A text with its placeholders filled; one left unknown stays as written. A paragraph left empty by
 * a sentence that does not apply is dropped, and Korean particles after a filled-in word resolved.
 */
export function fillMailText(text: string, vars: Record<string, string>): string {
  const filled = text.replace(PLACEHOLDER, (all, name: string) => vars[name] ?? all);
  return resolveParticles(filled.replace(/\n[ \t]*(\n[ \t]*)+\n/g, '\n\n').trim());
}
