import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import { products } from './catalog.ts';
import { companies } from './companies.ts';

/** DOMAIN.md's VM state machine; `deleted` rows are kept for restore within a retention window. */
export const VM_STATES = ['provisioning', 'running', 'stopped', 'expired', 'archived', 'failed', 'deleted'] as const;
export type VmState = (typeof VM_STATES)[number];

/** A customer's virtual machine as the portal knows it; the hypervisor holds the machine itself. */
export const vms = pgTable(
  'vms',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The new-VM order that bought it: one VM per order. (Foreign key to orders added with that table's owner.) */
    orderId: integer('order_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The adapter that holds the machine (simulator, scaleComputing, openNebula, nodeWeaver). */
    provider: text('provider').notNull(),
    /** The hypervisor's id of the machine (the spec's virDomainUUID); null until the hypervisor accepted it. */
    externalId: text('external_id'),
    name: text('name').notNull(),
    alias: text('alias'),
    /** The product's operating system at purchase, shown on the account page. */
    os: text('os').notNull(),
    state: text('state', { enum: VM_STATES }).notNull().default('provisioning'),
    /** Set by an operator: every customer action is refused while it is set. */
    blocked: boolean('blocked').notNull().default(false),
    cpu: integer('cpu').notNull(),
    ramGb: integer('ram_gb').notNull(),
    diskGb: integer('disk_gb').notNull(),
    regionId: integer('region_id'),
    /** Days bought with the order; end_at = start_at + days once the machine runs. */
    days: integer('days').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('vms_order_uq').on(t.orderId),
    index('vms_customer_idx').on(t.companyId, t.customerId),
    index('vms_state_end_idx').on(t.state, t.endAt),
  ],
);

/**
 * The simulator hypervisor's own machines (the embedded default). It stands for the remote
 * hypervisor, so the portal's code reads it only through the Hypervisor port.
 */
export const simulatorVms = pgTable('simulator_vms', {
  id: text('id').primaryKey(),
  /** A retried create finds the machine the first attempt made. */
  idempotencyKey: text('idempotency_key').notNull().unique(),
  name: text('name').notNull(),
  template: text('template').notNull(),
  cpu: integer('cpu').notNull(),
  ramGb: integer('ram_gb').notNull(),
  diskGb: integer('disk_gb').notNull(),
  /** creating | running | stopped | deleted; `creating` turns `running` once ready_at has passed. */
  state: text('state').notNull(),
  readyAt: timestamp('ready_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
});
