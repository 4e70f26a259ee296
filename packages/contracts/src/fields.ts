import { z } from 'zod';
import { messages } from './messages.ts';

/**
 * The site origin a call is made from; the spec sends it as `websiteUrl` or `customerUrl`.
 * Kept loose (any non-empty string up to 2048 chars): an unknown origin is answered with the
 * not-registered state, not a validation error.
 */
export const siteUrl = z.string().trim().min(1, 'Website URL required').max(2048);

/**
 * Newsletter pattern of the spec: word characters with optional +, . or - parts, @, a domain, ending
 * in a letter or digit. Written without nested optional quantifiers: the spec's form of it
 * backtracks exponentially on a long non-matching input (a request could stall the server).
 */
export const EMAIL_PATTERN = /^\w+(?:[.+-]\w+)*@\w+(?:[.-]\w+)*\.\w{2,}$/;

/** An e-mail field that is required and valid, with the spec's messages for that form. */
export function emailField(required: string = messages.emailRequired, invalid: string = messages.emailInvalid) {
  return z.string({ error: required }).trim().min(1, required).max(254, invalid).regex(EMAIL_PATTERN, invalid);
}
