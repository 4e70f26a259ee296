import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import { companies } from './companies.ts';
import { operators } from './operators.ts';

/**
 * An operator's "log in as" a customer for support (issue 17, point 2; ADR 0118): who, for whom,
 * why, the one-use handoff the customer's site exchanges for the session (its SHA-256 only, valid
 * a minute), the session family it became, and when it ended. The session itself is an ordinary
 * row of `sessions` of that family; the access token names this row, so the server knows every
 * call of it is the operator's, refuses payments and credentials, and the site shows the banner.
 */
export const supportSessions = pgTable(
  'support_sessions',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    /** For the audit of the end; never sent to the customer's side. */
    operatorEmail: text('operator_email').notNull(),
    /** The operator's name as the banner shows it (never their e-mail). */
    operatorName: text('operator_name').notNull(),
    /** The consent the operator recorded, e.g. "customer asked on the phone, ticket #12". */
    reason: text('reason').notNull(),
    handoffHash: text('handoff_hash').notNull().unique(),
    handoffExpiresAt: timestamp('handoff_expires_at', { withTimezone: true }).notNull(),
    /** Set when the handoff was exchanged (once). */
    familyId: uuid('family_id'),
    /** When the session ends on its own; refreshes never move it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_sessions_family_idx').on(t.familyId), index('support_sessions_customer_idx').on(t.customerId)],
);
