import { z } from 'zod';
import { emailField, siteUrl } from './fields.ts';
import { messages } from './messages.ts';

/** Longest "Write to us" message accepted; a letter, not a document. */
export const CONTACT_MESSAGE_MAX = 5000;

/** "Write to us" (portal spec section 5): e-mail and message trimmed, both required. */
export const writeToUsFields = z.object({
  emailID: emailField(),
  content: z
    .string({ error: messages.descriptionRequired })
    .trim()
    .min(1, messages.descriptionRequired)
    .max(CONTACT_MESSAGE_MAX, messages.messageTooLong),
});
export type WriteToUsFields = z.infer<typeof writeToUsFields>;

export const writeToUsRequest = writeToUsFields.extend({ websiteUrl: siteUrl });
export type WriteToUsRequest = z.infer<typeof writeToUsRequest>;
