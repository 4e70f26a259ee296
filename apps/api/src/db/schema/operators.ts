import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

/**
 * People who run the shop (issue 7): owner (every company, company_id null), admin (all of one
 * company), support (read customers, orders, VMs and tickets of one company; answer tickets).
 * Not customers: they log in on /admin with a password and a TOTP second factor.
 */
export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    /** Lower-case; one operator account per e-mail across the platform. */
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    /** argon2id (PHC string), as customers'. */
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** The TOTP secret sealed with the server's secret box; null until the operator enrols. */
    totpSecretSealed: text('totp_secret_sealed'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last accepted TOTP time step: a code is accepted once (no replay within its window). */
    totpLastStep: integer('totp_last_step'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * An e-mailed invitation to choose a password: the SHA-256 of its one-use token (the token
     * itself is only in the mail) and when it lapses; null once accepted or for a password set by hand.
     */
    invitationTokenHash: text('invitation_token_hash').unique(),
    invitationExpiresAt: timestamp('invitation_expires_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('operators_role_ck', sql`${t.role} in ('owner', 'admin', 'support')`),
    // The owner spans companies; everyone else belongs to exactly one.
    check('operators_scope_ck', sql`(${t.role} = 'owner') = (${t.companyId} is null)`),
    index('operators_company_idx').on(t.companyId),
  ],
);

/** One-use recovery codes (hashed), for an operator who lost the authenticator. */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('operator_recovery_codes_operator_idx').on(t.operatorId)],
);

/** A console login; the access token names it, so logout (revoked_at) takes effect at once. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);

/**
 * Every operator action and every money state change: who (operator, or null for the system), in
 * which company, what (action, target), the record before and after, and why (reconciliation).
 * Append-only: nothing updates or deletes these rows.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    /** Kept as text so the entry still says who after the operator is removed. */
    actorEmail: text('actor_email').notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_company_at_idx').on(t.companyId, t.at),
    index('audit_log_operator_at_idx').on(t.operatorId, t.at),
    index('audit_log_action_idx').on(t.action),
  ],
);

/**
 * A company's own gateway credentials (issue 7, point 4), sealed with the server's secret box and
 * never sent back in full. Without a row the server's configuration (or the local sandbox) serves.
 */
export const companyGatewayCredentials = pgTable(
  'company_gateway_credentials',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    /** 'test' (the gateway's sandbox; proforma invoices) or 'live'. */
    mode: text('mode').notNull().default('test'),
    /** JSON of the gateway's credential fields, sealed (AES-256-GCM). */
    credentialsSealed: text('credentials_sealed').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.gateway] }),
    check('company_gateway_credentials_gateway_ck', sql`${t.gateway} in ('payfast', 'ozow', 'pesapal', 'paypal')`),
    check('company_gateway_credentials_mode_ck', sql`${t.mode} in ('test', 'live')`),
  ],
);
