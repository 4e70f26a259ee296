import { z } from 'zod';
import { envelope } from '../envelope.ts';

/**
 * A customer's support session and personal data from the console (issue 17, point 2): "log in
 * as" the customer with a consent reason (ADR 0118), and the export or erasure of their personal
 * data on request under POPIA and Kenya's Data Protection Act (ADR 0119).
 */
export const customerPrivacyMessages = {
  reasonRequired: 'Say why you log in as the customer (their consent, e.g. "customer asked on the phone, ticket #12").',
  reasonTooShort: 'Say a little more: at least 5 characters.',
  reasonTooLong: 'At most 300 characters.',
  supportSessionOpened: 'Support session opened in a new tab; it lasts 30 minutes.',
  supportSuspended: 'This account is suspended: reactivate it before logging in as the customer.',
  supportClosed: 'This account is closed: there is no account to log in to.',
  supportErased: "This customer's personal data has been erased: there is no account to log in to.",
  noSite: "This company has no website address to open the customer's site on. Add one under Companies.",
  confirmRequired: "Type the customer's e-mail address to confirm.",
  confirmMismatch: "That is not the customer's e-mail address: nothing was erased.",
  erased: "The customer's personal data has been erased.",
  alreadyErased: "This customer's personal data has already been erased.",
  eraseRefusedVms: 'Not erased: the customer still has virtual machines that are not deleted ({names}). Terminate them first.',
  eraseRefusedOrders: 'Not erased: the customer has open orders ({orders}). Wait until they are paid and fulfilled, or cancelled.',
} as const;

const m = customerPrivacyMessages;

export const supportSessionStartRequest = z.object({
  reason: z.string({ error: m.reasonRequired }).trim().min(1, m.reasonRequired).min(5, m.reasonTooShort).max(300, m.reasonTooLong),
});
export type SupportSessionStartRequest = z.infer<typeof supportSessionStartRequest>;

/**
 * Where to open the customer's site: the company's own address with the one-use handoff after `#`
 * (a fragment is never sent to a server, so no log or Referer keeps it); valid one minute.
 */
export const supportSessionStartReply = z.object({
  url: z.string(),
  handoffExpiresAt: z.string(),
  expiresAt: z.string(),
});
export type SupportSessionStartReply = z.infer<typeof supportSessionStartReply>;
export const supportSessionStartResponse = envelope(supportSessionStartReply);

export const customerEraseRequest = z.object({
  confirm: z.string({ error: m.confirmRequired }).trim().min(1, m.confirmRequired).max(320),
});
export type CustomerEraseRequest = z.infer<typeof customerEraseRequest>;

export const customerEraseReply = z.object({ customerId: z.number().int(), email: z.string(), erasedAt: z.string() });
export type CustomerEraseReply = z.infer<typeof customerEraseReply>;
export const customerEraseResponse = envelope(customerEraseReply);

/** The address an erased customer's account is left with: unique, never deliverable (RFC 6761 `.invalid`). */
export function erasedEmailOf(customerId: number): string {
  return `erased-${customerId}@invalid`;
}

/** Whether an account's personal data was erased (its e-mail is the erased address). */
export function isErasedEmail(email: string): boolean {
  return /^erased-\d+@invalid$/.test(email);
}
