import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { files } from './files.ts';
import { products } from './catalog.ts';
import { operators } from './operators.ts';

/**
 * A customer of one company (role "user" of the spec). The e-mail is unique per company, stored
 * lower-case: the same person may be a customer of two brands with two unrelated accounts.
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** argon2id (PHC string). */
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().default('user'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Dialling code as the country list gives it, e.g. "+27". */
    countryCode: text('country_code').notNull(),
    contactNo: text('contact_no').notNull(),
    /** The billing country's name (the spec's `region`). */
    region: text('region').notNull(),
    companyName: text('company_name').notNull().default(''),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postCode: text('post_code').notNull(),
    vatNumber: text('vat_number').notNull().default(''),
    /** The customer's KRA PIN (A123456789B), printed on Kenyan entities' invoices and sent to eTIMS; '' for none. */
    kraPin: text('kra_pin').notNull().default(''),
    imageFileId: uuid('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** The site's language at signup and at the last login ('en', 'ko'): the mails are written in it. */
    language: text('language').notNull().default('en'),
    /** Set by the first correct one-time code after signup. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Set by an operator's suspension: the customer cannot log in and their sessions stop working until reactivated. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** The operator's reason, shown to the customer when a login is refused. */
    suspendedReason: text('suspended_reason'),
    /** Set when an operator closes the account at the customer's request (ADR 0114): no login, VMs stopped and blocked. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedReason: text('closed_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('customers_company_email_uq').on(t.companyId, t.email)],
);

/**
 * One-time codes: 6 digits, stored as a hash, valid 10 minutes, at most 5 tries. `publicId` is the
 * spec's `ID` in /loginotp/{ID}/{emailId}/{flag}: unguessable, and says nothing about the customer.
 */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: serial('id').primaryKey(),
    publicId: uuid('public_id').notNull().unique().defaultRandom(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** 'signup' (flag 1) or 'login' (flag 2). */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otp_challenges_customer_idx').on(t.customerId, t.createdAt)],
);

/**
 * Refresh tokens, one row per issued token. A login starts a family; each refresh retires the row
 * and issues the next one in the same family. Presenting a retired token revokes the whole family.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** SHA-256 of the refresh token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when this token was exchanged for the next one. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    /** Set on logout or on reuse of a rotated token (for every row of the family). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_family_idx').on(t.familyId), index('sessions_customer_idx').on(t.customerId)],
);

/** Password reset links: single use, expiring, stored as a hash. */
export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fixed-window counters behind the per-account limits (failed logins per e-mail, wrong codes per
 * account, resends per challenge, mails per address). Kept in the database so every API instance
 * sees one count and a flood of other keys cannot evict it, as it could from an in-memory LRU.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** What is counted, e.g. 'login-pair' (login-guard.ts) or 'otp-resend'. */
    scope: text('scope').notNull(),
    /** For whom: the lower-cased e-mail (with the client address for 'login-pair'), a client address, or a challenge's public id. */
    subject: text('subject').notNull(),
    count: integer('count').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.scope, t.subject] }), index('attempt_counters_window_idx').on(t.windowStartedAt)],
);

/** Notifications a customer reads under the bell; written only through the notification service. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** What the notice is about (contracts NOTIFICATION_LINKS: products, purchaseHistory, ticket); null for notices without one. */
    linkTo: text('link_to'),
    /** The ticket's id when linkTo is 'ticket'. */
    linkId: integer('link_id'),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_customer_idx').on(t.customerId, t.createdAt)],
);

/** The issue types a customer picks from when raising a ticket, per company. */
export const ticketIssueTypes = pgTable(
  'ticket_issue_types',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    issueName: text('issue_name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [unique('ticket_issue_types_company_name_uq').on(t.companyId, t.issueName)],
);

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    issueType: text('issue_type').notNull(),
    description: text('description').notNull(),
    /** 'Open' until an operator's response sets another status (e.g. 'Resolved'). */
    status: text('status').notNull().default('Open'),
    /** Set by an operator (issue 17, point 4): low, normal, high or urgent. */
    priority: text('priority').notNull().default('normal'),
    /** The operator (of this company) the ticket is assigned to; null while unassigned. */
    assignedOperatorId: integer('assigned_operator_id').references(() => operators.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tickets_priority_ck', sql`${t.priority} in ('low', 'normal', 'high', 'urgent')`),
    index('tickets_customer_idx').on(t.customerId, t.createdAt),
    // The console's queue and the dashboard's open-ticket count read one company's tickets.
    index('tickets_company_idx').on(t.companyId, t.createdAt),
  ],
);

/**
 * The conversation of a ticket: operators' answers and the customer's replies (issue 17, point 4).
 * The ticket page's "Ticket Response" tab shows the first operator answer (spec); the rest follows it.
 */
export const ticketResponses = pgTable(
  'ticket_responses',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** The ticket's status this message left it in. */
    status: text('status').notNull(),
    response: text('response').notNull(),
    /** Who answered (operator name or "cli", or the customer's name), for the record. */
    answeredBy: text('answered_by').notNull(),
    /** 'operator' for an answer, 'customer' for the customer's reply. */
    author: text('author').notNull().default('operator'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ticket_responses_author_ck', sql`${t.author} in ('operator', 'customer')`),
    index('ticket_responses_ticket_idx').on(t.ticketId, t.createdAt),
  ],
);

/** Saved answers an operator picks from when answering (per company; issue 17, point 4). */
export const ticketCannedReplies = pgTable(
  'ticket_canned_replies',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('ticket_canned_replies_company_title_uq').on(t.companyId, t.title)],
);

/** Operators' internal notes on a ticket: never shown, mailed or sent to the customer. */
export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    /** Who wrote it (operator name or e-mail), kept when the operator is removed. */
    writtenBy: text('written_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_notes_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** Files attached to a ticket (by the customer) or to a response (by an operator). */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    responseId: integer('response_id').references(() => ticketResponses.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
  },
  (t) => [index('ticket_attachments_ticket_idx').on(t.ticketId)],
);

/** A configurator state saved for later (document 2's payload); not a reservation. */
export const savedConfigurations = pgTable(
  'saved_configurations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    processorCount: integer('processor_count').notNull(),
    memoryCount: integer('memory_count').notNull(),
    memoryUnit: text('memory_unit').notNull().default('GB'),
    driveCount: integer('drive_count').notNull(),
    driveUnit: text('drive_unit').notNull().default('GB'),
    /** Region id, null when the customer had not chosen one (the spec's 0). */
    regionId: integer('region_id'),
    /** Days, null when not chosen (the spec's 0). */
    timePeriod: integer('time_period'),
    /** The total the configurator showed, for display only; orders recompute prices. */
    totalAmount: numeric('total_amount', { precision: 14, scale: 2 }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('saved_configurations_customer_idx').on(t.customerId, t.createdAt)],
);
