import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import { companies } from './companies.ts';
import { operators } from './operators.ts';

/**
 * Operators' internal notes on a customer (issue 17, point 2): never shown to the customer. The
 * author's name is kept as written, so a note still says who wrote it after the operator leaves.
 */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('customer_notes_customer_idx').on(t.customerId, t.createdAt)],
);
