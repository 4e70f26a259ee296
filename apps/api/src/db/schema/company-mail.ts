import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

/**
 * How a company's mails leave (issue 17, point 1; ADR 0112): the sender they carry ('' = derived
 * from the company's name and site) and, when the company has one, its own SMTP server. Without
 * a host the server's transport (SMTP_URL or the outbox) carries them. The password is sealed
 * with the server's secret box and never sent back to the console.
 */
export const companyMailSettings = pgTable(
  'company_mail_settings',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    senderName: text('sender_name').notNull().default(''),
    senderAddress: text('sender_address').notNull().default(''),
    /** '' = no SMTP server of its own. */
    smtpHost: text('smtp_host').notNull().default(''),
    smtpPort: integer('smtp_port').notNull().default(587),
    /** 'tls' (implicit TLS, 465), 'starttls' (required upgrade, 587) or 'none'. */
    smtpSecurity: text('smtp_security').notNull().default('starttls'),
    smtpUser: text('smtp_user').notNull().default(''),
    smtpPasswordSealed: text('smtp_password_sealed'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('company_mail_settings_security_ck', sql`${t.smtpSecurity} in ('tls', 'starttls', 'none')`)],
);

/**
 * A company's own text of one of its mails in one language (ADR 0113); without a row the mail
 * is sent with the default text (packages/contracts/src/mail-texts.ts).
 */
export const companyMailTexts = pgTable(
  'company_mail_texts',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    mailKey: text('mail_key').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.mailKey, t.language] })],
);
