import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { regions } from './catalog.ts';

/** The tax systems an entity invoices under: South African VAT (SARS) or Kenyan VAT (KRA). */
export const TAX_COUNTRIES = ['ZA', 'KE'] as const;
export type TaxCountry = (typeof TAX_COUNTRIES)[number];

/**
 * A legal entity of a company that sells and invoices (issue 18): its registered name and address,
 * its tax number (a VAT number in South Africa, a KRA PIN in Kenya), the prefix of its own invoice
 * series, the time zone its invoices are dated in and the currency it keeps its books in.
 */
export const legalEntities = pgTable(
  'legal_entities',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    taxCountry: text('tax_country', { enum: TAX_COUNTRIES }).notNull(),
    /** VAT registration number (ZA) or KRA PIN (KE); empty when not registered. */
    taxNumber: text('tax_number').notNull().default(''),
    /** Printed before the entity's invoice numbers ("KE-" → "KE-1"); unique within the company. */
    seriesPrefix: text('series_prefix').notNull(),
    /** IANA time zone of the invoice dates, e.g. Africa/Nairobi. */
    timeZone: text('time_zone').notNull(),
    currency: text('currency').notNull(),
    /**
     * VAT on the price after the category discount (the consideration actually charged) instead of
     * the spec's tax on the list price (docs/decisions/0126-vat-on-the-discounted-price.md).
     */
    vatOnDiscountedPrice: boolean('vat_on_discounted_price').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [uniqueIndex('legal_entities_prefix_uq').on(t.companyId, t.seriesPrefix), index('legal_entities_company_idx').on(t.companyId)],
);

/** The entity that sells in a region; a region without one sells as the company itself (its own details). */
export const regionSellers = pgTable(
  'region_sellers',
  {
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    legalEntityId: integer('legal_entity_id')
      .notNull()
      .references(() => legalEntities.id),
  },
  (t) => [primaryKey({ columns: [t.regionId] })],
);
