/** The mails whose texts a company may edit (see mail-texts.ts for their placeholders and defaults). */
export const MAIL_TEXT_KEYS = [
  'signup-code',
  'login-code',
  'password-reset',
  'newsletter-welcome',
  'payment-received',
  'vm-ready',
  'ticket-answered',
  'expiry-reminder',
  'vm-expired',
] as const;
export type MailTextKey = (typeof MAIL_TEXT_KEYS)[number];

export type MailTextBody = { subject: string; body: string };
