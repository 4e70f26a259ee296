import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed console login attempts (issue 7), fixed windows shared by every API instance: per e-mail
 * and per client address for passwords, per operator for second-factor codes. Operators span
 * companies, so the customers' per-company `attempt_counters` cannot hold them.
 */
export const operatorAttemptCounters = pgTable(
  'operator_attempt_counters',
  {
    /** What is counted: 'login-pair', 'login-address', 'login-account' (login-guard.ts), 'verify'. */
    scope: text('scope').notNull(),
    /** For whom: the lower-cased e-mail (with the client address for 'login-pair'), the client address, or the operator id. */
    subject: text('subject').notNull(),
    count: integer('count').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.subject] }), index('operator_attempt_counters_window_idx').on(t.windowStartedAt)],
);
