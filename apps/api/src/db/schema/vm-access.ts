import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import { companies } from './companies.ts';
import { orders } from './orders.ts';

/** SSH public keys a customer keeps in the profile (modules/vm-access); public, so stored as given. */
export const customerSshKeys = pgTable(
  'customer_ssh_keys',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    /** The `authorized_keys` line: type, base64 body, comment. */
    publicKey: text('public_key').notNull(),
    /** OpenSSH's SHA256 fingerprint: one key once per customer. */
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    uniqueIndex('customer_ssh_keys_fingerprint_uq').on(t.customerId, t.fingerprint),
    index('customer_ssh_keys_customer_idx').on(t.companyId, t.customerId),
  ],
);

/** The keys picked for a new-VM order, copied when ordered: the machine gets what was chosen, whatever the profile does later. */
export const orderSshKeys = pgTable(
  'order_ssh_keys',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    publicKey: text('public_key').notNull(),
    fingerprint: text('fingerprint').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.position] })],
);

/**
 * A customer's user on a cloud's self-service portal (the spec's registerUserOpenNebula): one per
 * customer and provider; the password sealed (secret-box), shown only to its owner.
 */
export const cloudAccounts = pgTable(
  'cloud_accounts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    username: text('username').notNull(),
    passwordSealed: text('password_sealed').notNull(),
    /** The cloud's id of the user (OpenNebula's user id). */
    externalUserId: text('external_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [uniqueIndex('cloud_accounts_customer_provider_uq').on(t.companyId, t.customerId, t.provider)],
);
