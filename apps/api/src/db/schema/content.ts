import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    imagePath: text('image_path'),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    /** The site shows the item from this moment on (a later date schedules it). */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** A draft is the console's only, whatever its date. */
    draft: boolean('draft').notNull().default(false),
  },
  (t) => [index('news_company_idx').on(t.companyId, t.publishedAt)],
);

/** FAQ questions, grouped into the spec's tabs (General, Products, Profile, Contact). */
export const faqEntries = pgTable(
  'faq_entries',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    tab: text('tab').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('faq_entries_company_idx').on(t.companyId, t.tab)],
);

/** Newsletter subscriptions; the unsubscribe token is stored only as a hash and works once. */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    unsubscribeTokenHash: text('unsubscribe_token_hash'),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [unique('newsletter_subscribers_company_email_uq').on(t.companyId, t.email)],
);

/** "Write to us" messages from the help page. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_company_idx').on(t.companyId)],
);

/** Enquiries sent from a business unit page (serviceOption SendEmailForEnquiry). */
export const enquiries = pgTable(
  'enquiries',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    productService: text('product_service').notNull(),
    queryData: text('query_data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('enquiries_company_idx').on(t.companyId)],
);
