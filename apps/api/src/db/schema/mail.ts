import { integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mail kept instead of sent when no SMTP server is configured; read at /dev/outbox. */
export const outboxMails = pgTable('outbox_mails', {
  id: serial('id').primaryKey(),
  /** The id the mail job carries: a retried job finds its row and writes nothing twice. */
  mailId: uuid('mail_id').notNull().unique(),
  companyId: integer('company_id'),
  from: text('from').notNull(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  attachments: jsonb('attachments').$type<{ filename: string; contentType: string; size: number }[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
