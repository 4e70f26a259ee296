import { z } from 'zod';
import { envelope } from './envelope.ts';
import { siteUrl } from './fields.ts';
import { messages } from './messages.ts';
import { MAX_ID } from './ids.ts';

export const getAllNewsRequest = z.object({ websiteUrl: siteUrl });
export type GetAllNewsRequest = z.infer<typeof getAllNewsRequest>;

/** A news item as the spec names its fields (portal spec section 3). Content may be HTML. */
export const newsItem = z.object({
  ID: z.number().int(),
  newsTitle: z.string(),
  newsContent: z.string(),
  imagePath: z.string().nullable(),
  newsLinks: z.array(z.string()),
});
export type NewsItem = z.infer<typeof newsItem>;

export const getAllNewsResponse = envelope(z.array(newsItem));

// A numeric string is accepted too: the spec's ID travels from a card's data attribute.
export const getNewsDetailRequest = z.object({
  ID: z.coerce
    .number({ error: messages.newsNotAvailable })
    .int(messages.newsNotAvailable)
    .positive(messages.newsNotAvailable)
    .max(MAX_ID, messages.newsNotAvailable),
  websiteUrl: siteUrl,
});
export type GetNewsDetailRequest = z.input<typeof getNewsDetailRequest>;

export const getNewsDetailResponse = envelope(newsItem);
