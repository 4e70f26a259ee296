import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { customers } from './accounts.ts';
import { operators } from './operators.ts';

/**
 * Operators' internal notes on a customer (issue 17, point 2), written and read by the console's
 * customer page only (overview domain): no customer route reads this table.
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
    note: text('note').notNull(),
    /** The operator who wrote it; null once that operator is removed (the name below stays). */
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    /** Who wrote it (operator name or e-mail), kept when the operator is removed. */
    writtenBy: text('written_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_notes_customer_idx').on(t.companyId, t.customerId, t.createdAt)],
);
