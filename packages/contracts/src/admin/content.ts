import { z } from 'zod';
import { EMAIL_PATTERN } from '../fields.ts';
import { FAQ_TABS } from '../faq.ts';
import { MAX_ID } from '../ids.ts';

/**
 * Console content (issue 7, point 6): news, FAQ entries per tab, notifications to one customer or
 * all, newsletter subscribers (list, CSV export) and a newsletter send. Routes live under
 * /api/admin/companies/:companyId/content/…. Texts are the API's own (English), shown as they come.
 */
export const contentMessages = {
  titleRequired: 'Enter a title.',
  titleTooLong: 'The title has at most 200 characters.',
  contentRequired: 'Enter the text of the news item.',
  contentTooLong: 'The text has at most 50,000 characters.',
  linkInvalid: 'Enter a full web address starting with http:// or https://.',
  tooManyLinks: 'A news item has at most 10 links.',
  imageInvalid: 'Upload the image again: this one is not an image of this company.',
  imageRequired: 'Choose an image file.',
  imageType: 'The image must be a JPEG, PNG, WebP or GIF file.',
  imageTooLarge: 'The image may be at most 5 MB.',
  dateInvalid: 'Enter a valid date and time.',
  newsNotFound: 'News item not found.',
  draftInvalid: 'Choose whether the item is a draft.',
  newsCreated: 'News item published.',
  newsUpdated: 'News item saved.',
  newsDraftSaved: 'Draft saved. The site does not show it.',
  newsScheduled: 'News item scheduled: the site shows it from its date.',
  newsDeleted: 'News item deleted.',
  imageUploaded: 'Image uploaded.',
  tabInvalid: 'Choose one of the tabs General, Products, Profile or Contact.',
  questionRequired: 'Enter the question.',
  questionTooLong: 'The question has at most 500 characters.',
  answerRequired: 'Enter the answer.',
  answerTooLong: 'The answer has at most 5,000 characters.',
  faqNotFound: 'FAQ entry not found.',
  faqCreated: 'FAQ entry added.',
  faqUpdated: 'FAQ entry saved.',
  faqDeleted: 'FAQ entry deleted.',
  faqOrderInvalid: 'List every entry of the tab exactly once.',
  faqReordered: 'Order saved.',
  audienceInvalid: 'Choose one customer or all customers.',
  customerRequired: 'Choose the customer.',
  customerNotFound: 'No customer of this company has this id or e-mail address.',
  emailInvalid: 'Enter a valid e-mail address.',
  notificationRequired: 'Enter the notification text.',
  notificationTooLong: 'The notification has at most 1,000 characters.',
  notificationSent: 'Notification sent.',
  subjectRequired: 'Enter a subject.',
  subjectTooLong: 'The subject has at most 200 characters.',
  bodyRequired: 'Enter the newsletter text.',
  bodyTooLong: 'The newsletter has at most 100,000 characters.',
  noActiveSubscribers: 'There are no active subscribers to send to.',
  noWebsite: 'This company has no website address for the unsubscribe link. Add one in the settings first.',
  newsletterQueued: 'Newsletter queued.',
  pageInvalid: 'The page is a whole number from 1.',
  pageSizeInvalid: 'Show 1 to 100 rows per page.',
  statusInvalid: 'Choose active, unsubscribed or all.',
  searchTooLong: 'The search has at most 254 characters.',
} as const;

const m = contentMessages;

// ---- news ----

export const NEWS_LINKS_MAX = 10;
export const NEWS_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The multipart field of the image upload. */
export const NEWS_IMAGE_FIELD = 'image';

/** True for an absolute http(s) address (the only links a news item may carry). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const newsLink = z
  .string({ error: m.linkInvalid })
  .trim()
  .max(2048, m.linkInvalid)
  .refine((value) => /^https?:\/\//i.test(value) && isHttpUrl(value), m.linkInvalid);

export const newsInput = z.object({
  title: z.string({ error: m.titleRequired }).trim().min(1, m.titleRequired).max(200, m.titleTooLong),
  /** Plain text or HTML; the site sanitises HTML before it shows it (no script ever runs). */
  content: z.string({ error: m.contentRequired }).trim().min(1, m.contentRequired).max(50_000, m.contentTooLong),
  /** An image uploaded with POST …/content/news/image (`/api/files/<id>`), or null for the site's placeholder. */
  imagePath: z.string({ error: m.imageInvalid }).trim().max(300, m.imageInvalid).nullable().default(null),
  links: z.array(newsLink, { error: m.linkInvalid }).max(NEWS_LINKS_MAX, m.tooManyLinks).default([]),
  /** ISO date-time; absent = now. The site shows the item from this moment on, newest first; a later date schedules it. */
  publishedAt: z.iso.datetime({ offset: true, error: m.dateInvalid }).optional(),
  /** A draft stays in the console, whatever its date. */
  draft: z.boolean({ error: m.draftInvalid }).default(false),
});
export type NewsInput = z.input<typeof newsInput>;

export const adminNewsItem = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  imagePath: z.string().nullable(),
  links: z.array(z.string()),
  publishedAt: z.string(),
  draft: z.boolean(),
});
export type AdminNewsItem = z.infer<typeof adminNewsItem>;

export const newsImageReply = z.object({ imagePath: z.string() });
export type NewsImageReply = z.infer<typeof newsImageReply>;

// ---- FAQ ----

export const faqTabField = z.enum(FAQ_TABS, { error: m.tabInvalid });

export const faqInput = z.object({
  tab: faqTabField,
  question: z.string({ error: m.questionRequired }).trim().min(1, m.questionRequired).max(500, m.questionTooLong),
  answer: z.string({ error: m.answerRequired }).trim().min(1, m.answerRequired).max(5000, m.answerTooLong),
});
export type FaqInput = z.input<typeof faqInput>;

export const adminFaqEntry = z.object({
  id: z.number().int(),
  tab: faqTabField,
  question: z.string(),
  answer: z.string(),
  sortOrder: z.number().int(),
});
export type AdminFaqEntry = z.infer<typeof adminFaqEntry>;

/** The new order of one tab: every entry id of the tab, first to last. */
export const faqOrderInput = z.object({
  tab: faqTabField,
  ids: z
    .array(z.number({ error: m.faqOrderInvalid }).int(m.faqOrderInvalid).positive(m.faqOrderInvalid).max(MAX_ID, m.faqOrderInvalid), {
      error: m.faqOrderInvalid,
    })
    .min(1, m.faqOrderInvalid)
    .max(500, m.faqOrderInvalid),
});
export type FaqOrderInput = z.infer<typeof faqOrderInput>;

// ---- notifications ----

export const NOTIFICATION_MAX = 1000;

export const notificationInput = z
  .object({
    audience: z.enum(['customer', 'all'], { error: m.audienceInvalid }),
    /** With audience "customer": the customer's id, or their e-mail address. */
    customerId: z
      .number({ error: m.customerRequired })
      .int(m.customerRequired)
      .positive(m.customerRequired)
      .max(MAX_ID, m.customerRequired)
      .optional(),
    email: z
      .string({ error: m.emailInvalid })
      .trim()
      .max(254, m.emailInvalid)
      .regex(EMAIL_PATTERN, m.emailInvalid)
      .transform((value) => value.toLowerCase())
      .optional(),
    text: z.string({ error: m.notificationRequired }).trim().min(1, m.notificationRequired).max(NOTIFICATION_MAX, m.notificationTooLong),
  })
  .superRefine((value, ctx) => {
    if (value.audience === 'customer' && value.customerId === undefined && value.email === undefined) {
      ctx.addIssue({ code: 'custom', path: ['customerId'], message: m.customerRequired });
    }
  });
export type NotificationInput = z.input<typeof notificationInput>;

export const notificationReply = z.object({ sent: z.number().int() });
export type NotificationReply = z.infer<typeof notificationReply>;

/** A customer the notification form can pick (search by name or e-mail). */
export const recipientQuery = z.object({ q: z.string({ error: m.searchTooLong }).trim().max(254, m.searchTooLong).default('') });
export const recipient = z.object({ id: z.number().int(), email: z.string(), name: z.string() });
export type Recipient = z.infer<typeof recipient>;
/** Matching customers, and how many customers the company has (whom "all" reaches). */
export const recipientsReply = z.object({ items: z.array(recipient), customerCount: z.number().int() });
export type RecipientsReply = z.infer<typeof recipientsReply>;

// ---- newsletter ----

export const SUBSCRIBER_STATUSES = ['all', 'active', 'unsubscribed'] as const;

export const subscribersQuery = z.object({
  page: z.coerce.number({ error: m.pageInvalid }).int(m.pageInvalid).min(1, m.pageInvalid).max(100_000, m.pageInvalid).default(1),
  pageSize: z.coerce
    .number({ error: m.pageSizeInvalid })
    .int(m.pageSizeInvalid)
    .min(1, m.pageSizeInvalid)
    .max(100, m.pageSizeInvalid)
    .default(25),
  q: z.string({ error: m.searchTooLong }).trim().max(254, m.searchTooLong).default(''),
  status: z.enum(SUBSCRIBER_STATUSES, { error: m.statusInvalid }).default('all'),
});
export type SubscribersQuery = z.input<typeof subscribersQuery>;

/** The export takes the list's search and status (no paging: every matching row). */
export const subscribersExportQuery = subscribersQuery.pick({ q: true, status: true });

export const subscriber = z.object({
  id: z.number().int(),
  email: z.string(),
  subscribedAt: z.string(),
  unsubscribedAt: z.string().nullable(),
});
export type Subscriber = z.infer<typeof subscriber>;

export const subscribersPage = z.object({
  items: z.array(subscriber),
  /** Rows matching the search and status. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Active subscribers of the company (whom a send reaches), whatever the search. */
  activeCount: z.number().int(),
});
export type SubscribersPage = z.infer<typeof subscribersPage>;

export const newsletterSendInput = z.object({
  subject: z.string({ error: m.subjectRequired }).trim().min(1, m.subjectRequired).max(200, m.subjectTooLong),
  /** Plain text or HTML. Each mail gets the subscriber's own unsubscribe link appended. */
  body: z.string({ error: m.bodyRequired }).trim().min(1, m.bodyRequired).max(100_000, m.bodyTooLong),
});
export type NewsletterSendInput = z.infer<typeof newsletterSendInput>;

export const newsletterSendReply = z.object({ queued: z.number().int() });
export type NewsletterSendReply = z.infer<typeof newsletterSendReply>;

/** The lists the content calls answer with (content-calls.ts). */
export const adminNewsList = z.array(adminNewsItem);
export const adminFaqList = z.array(adminFaqEntry);
