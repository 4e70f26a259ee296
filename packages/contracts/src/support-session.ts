import { z } from 'zod';
import { userData } from './auth.ts';
import { envelope } from './envelope.ts';

/**
 * An operator's support session on the customer's site ("log in as", issue 17 point 2; ADR 0118).
 * The console opens `/support-session#<handoff>`; the site exchanges the one-use handoff for a
 * session of the customer marked as the operator's, and shows the banner on every page.
 */
export const supportSessionExchangeRequest = z.object({
  token: z.string({ error: 'The support link is missing its token.' }).trim().min(20, 'The support link is missing its token.').max(200),
});
export type SupportSessionExchangeRequest = z.infer<typeof supportSessionExchangeRequest>;

/** What the banner says: whose account, which operator (by name only), until when. */
export const supportSessionBanner = z.object({
  customerName: z.string(),
  operatorName: z.string(),
  expiresAt: z.string(),
});
export type SupportSessionBanner = z.infer<typeof supportSessionBanner>;

export const supportSessionExchangeReply = z.object({ userData, supportSession: supportSessionBanner });
export type SupportSessionExchangeReply = z.infer<typeof supportSessionExchangeReply>;
export const supportSessionExchangeResponse = envelope(supportSessionExchangeReply);

/** The current session's support mark: null for the customer's own session. */
export const supportSessionCurrentReply = z.object({ supportSession: supportSessionBanner.nullable() });
export type SupportSessionCurrentReply = z.infer<typeof supportSessionCurrentReply>;
export const supportSessionCurrentResponse = envelope(supportSessionCurrentReply);

export const supportSessionEndReply = z.object({ ended: z.boolean() });
export const supportSessionEndResponse = envelope(supportSessionEndReply);
