import { z } from 'zod';
import { envelope } from './envelope.ts';
import { siteUrl } from './fields.ts';

/** The FAQ page's tabs, in the spec's order (portal spec section 2). */
export const FAQ_TABS = ['General', 'Products', 'Profile', 'Contact'] as const;
export const faqTab = z.enum(FAQ_TABS);
export type FaqTab = z.infer<typeof faqTab>;

/**
 * `faq/getFaq`: not named by the spec, which leaves the FAQ's source open
 * (docs/decisions/0026-faq-from-the-database-with-live-search.md).
 */
export const getFaqRequest = z.object({ websiteUrl: siteUrl });
export type GetFaqRequest = z.infer<typeof getFaqRequest>;

export const faqEntry = z.object({ ID: z.number().int(), tab: faqTab, question: z.string(), answer: z.string() });
export type FaqEntry = z.infer<typeof faqEntry>;

export const getFaqResponse = envelope(z.array(faqEntry));
