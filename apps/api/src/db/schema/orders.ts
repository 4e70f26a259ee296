import { boolean, check, index, integer, numeric, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ORDER_STATUSES } from '@mawingu/contracts/order-status';
import { companies } from './companies.ts';
import { customers } from './accounts.ts';
import { products, regions } from './catalog.ts';

/**
 * One purchase of any kind (commingFrom: 1 new, 2 clone or snapshot, 3 renew, 4 update, 5 multi-renew)
 * with the amounts the server computed from the catalogue when it was created. Prices that change
 * later never alter an order: its figures and lines are frozen here.
 *
 * status: see ORDER_STATUSES (contracts/order-status.ts); moved only by modules/orders/order-status.ts.
 */
export const orderStatus = pgEnum('order_status', ORDER_STATUSES);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: integer('kind').notNull(),
    status: orderStatus('status').notNull().default('created'),
    /** Unguessable and unique: what gateways carry back (m_payment_id, TransactionReference, …). */
    reference: text('reference').notNull().unique(),
    productId: integer('product_id').references(() => products.id),
    productName: text('product_name').notNull(),
    /** New VMs (kind 1): the name the customer gave the VM (unique among their VMs); null on older orders. */
    vmName: text('vm_name'),
    regionId: integer('region_id').references(() => regions.id),
    regionName: text('region_name').notNull(),
    days: integer('days').notNull(),
    currency: text('currency').notNull(),
    taxPercent: numeric('tax_percent', { precision: 5, scale: 2 }).notNull(),
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
    tax: numeric('tax', { precision: 14, scale: 2 }).notNull(),
    discount: numeric('discount', { precision: 14, scale: 2 }).notNull(),
    /** Renewals only (kinds 3 and 5); 0 otherwise. */
    arrears: numeric('arrears', { precision: 14, scale: 2 }).notNull().default('0'),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    /** The gateway the customer chose ('payfast' | 'ozow' | 'pesapal' | 'paypal'), null when not chosen yet or bypassed. */
    gateway: text('gateway'),
    /** The company's bypass switch when the order was made (byPassflag 1: no gateway). */
    bypass: boolean('bypass').notNull().default(false),
    isGoldCopy: boolean('is_gold_copy').notNull().default(false),
    /** A Windows product that needs the customer's licence PDF (microsoftLicense 1). */
    needsLicence: boolean('needs_licence').notNull().default(false),
    /** When a verified gateway result (or the bypass) paid it; null until then. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('orders_customer_idx').on(t.companyId, t.customerId, t.createdAt),
    // The console dashboard's revenue: one company's orders paid within a period.
    index('orders_company_paid_idx').on(t.companyId, t.paidAt),
    check('orders_kind_ck', sql`${t.kind} between 1 and 5`),
    check('orders_amounts_ck', sql`${t.price} >= 0 and ${t.tax} >= 0 and ${t.discount} >= 0 and ${t.arrears} >= 0 and ${t.total} >= 0`),
  ],
);

/** A bill line as the order was priced: item, unit, size, unit cost, discount % and amount. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull(),
    name: text('name').notNull(),
    unit: text('unit').notNull(),
    count: integer('count').notNull(),
    costPerUnit: numeric('cost_per_unit', {
      precision: 14,
      scale: 4,
    }).notNull(),
    discountPercent: numeric('discount_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);
