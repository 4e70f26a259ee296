import { boolean, check, index, integer, numeric, pgTable, primaryKey, serial, text, unique } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companies } from './companies.ts';
import { products, regions } from './catalog.ts';

/**
 * What the configurator needs beyond products and their sliders (purchasing spec section 3,
 * "Product details response"): time periods, category discounts, RAM → CPU ranges and which
 * payment gateways a company offers where.
 */

/** The time-period selector ("Time (In Days)"): prices are per 30 days and scaled by days / 30. */
export const timePeriods = pgTable(
  'time_periods',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    days: integer('days').notNull(),
    label: text('label').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [unique('time_periods_company_days_uq').on(t.companyId, t.days), check('time_periods_days_ck', sql`${t.days} between 1 and 3650`)],
);

/**
 * Clone durations offered on the clone page (the spec's cloneDuration list: how many backup periods
 * a clone covers). A company without rows offers the default list (CLONE_DURATIONS).
 */
export const cloneDurations = pgTable(
  'clone_durations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    unique('clone_durations_company_count_uq').on(t.companyId, t.count),
    check('clone_durations_count_ck', sql`${t.count} between 1 and 365`),
  ],
);

/**
 * Category discounts in percent (spec: ramDiscount, diskDiscount, cpuDiscount). A row with a product
 * applies to that product; the row without one is the company's default for every other product.
 */
export const categoryDiscounts = pgTable(
  'category_discounts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, {
      onDelete: 'cascade',
    }),
    ramPercent: numeric('ram_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    diskPercent: numeric('disk_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    cpuPercent: numeric('cpu_percent', { precision: 5, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    unique('category_discounts_company_product_uq').on(t.companyId, t.productId).nullsNotDistinct(),
    check(
      'category_discounts_range_ck',
      sql`${t.ramPercent} between 0 and 100 and ${t.diskPercent} between 0 and 100 and ${t.cpuPercent} between 0 and 100`,
    ),
  ],
);

/** The spec's ramCpuDependecy: a memory size from–to (inclusive) selects the processor count. */
export const ramCpuRanges = pgTable(
  'ram_cpu_ranges',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    ramFrom: integer('ram_from').notNull(),
    ramTo: integer('ram_to').notNull(),
    cpuCount: integer('cpu_count').notNull(),
  },
  (t) => [index('ram_cpu_ranges_product_idx').on(t.productId), check('ram_cpu_ranges_order_ck', sql`${t.ramFrom} <= ${t.ramTo}`)],
);

/** A company's payment switches: bypass (the spec's byPassflag 1) skips the gateway altogether. */
export const paymentSettings = pgTable('payment_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  bypass: boolean('bypass').notNull().default(false),
});

/**
 * Gateways a company offers in a region (payfast, ozow, pesapal, paypal), in the order the dialog
 * lists them. Only names: credentials are server configuration and never stored or sent here.
 */
export const regionGateways = pgTable(
  'region_gateways',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.regionId, t.gateway] }),
    index('region_gateways_company_idx').on(t.companyId),
    check('region_gateways_gateway_ck', sql`${t.gateway} in ('payfast', 'ozow', 'pesapal', 'paypal')`),
  ],
);
