/**
 * The languages of the site, and of the mails sent to a customer: English, the spec's, and Korean.
 * The site sends its language with every call (Accept-Language); the API keeps a customer's with
 * the account (signup, login) for the mails it sends later.
 */
export const LANGUAGES = ['en', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);
