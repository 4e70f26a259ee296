import { z } from 'zod';
import { emailField, siteUrl } from './fields.ts';
import { messages } from './messages.ts';

/** Newsletter subscription (portal spec sections 3 and 5): the e-mail is trimmed and checked. */
export const subscribeUserRequest = z.object({ emailID: emailField(), websiteUrl: siteUrl });
export type SubscribeUserRequest = z.infer<typeof subscribeUserRequest>;

/** `queryStringValue` is the token of the unsubscribe link (`/newsletter?token=…`). */
export const unSubscribeUserRequest = z.object({
  queryStringValue: z
    .string({ error: messages.unsubscribeLinkInvalid })
    .trim()
    .min(1, messages.unsubscribeLinkInvalid)
    .max(200, messages.unsubscribeLinkInvalid),
  websiteUrl: siteUrl,
});
export type UnSubscribeUserRequest = z.infer<typeof unSubscribeUserRequest>;
