import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { SiteTexts } from '@mawingu/contracts/site-texts';

/** One row per white-label brand. Text fields default to '' so "not configured" is one value. */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  logoPath: text('logo_path'),
  videoPath: text('video_path'),
  contactNo: text('contact_no').notNull().default(''),
  email: text('email').notNull().default(''),
  officeAddress: text('office_address').notNull().default(''),
  city: text('city').notNull().default(''),
  /** Printed on invoices. */
  postalCode: text('postal_code').notNull().default(''),
  country: text('country').notNull().default(''),
  /** The company's VAT registration number, printed on invoices. */
  vatNumber: text('vat_number').notNull().default(''),
  facebook: text('facebook').notNull().default(''),
  instagram: text('instagram').notNull().default(''),
  twitter: text('twitter').notNull().default(''),
  linkedIn: text('linkedin').notNull().default(''),
  youtube: text('youtube').notNull().default(''),
  wwwUrl: text('www_url').notNull().default(''),
  registrationAgreementPath: text('registration_agreement_path'),
  termsPath: text('terms_path'),
  privacyPath: text('privacy_path'),
  homeRegionId: integer('home_region_id'),
  brandColor: text('brand_color').notNull().default('#1c6dd0'),
  bannerMessage: text('banner_message').notNull().default(''),
  /** The site texts the brand wrote, by language and key (contracts/site-texts.ts); {} shows the defaults. */
  siteTexts: jsonb('site_texts').$type<SiteTexts>().notNull().default({}),
  maintenanceMode: boolean('maintenance_mode').notNull().default(false),
  maintenanceMessage: text('maintenance_message').notNull().default(''),
  maintenanceRedirect: text('maintenance_redirect').notNull().default(''),
  /** The spec's runMerakiScript: while set, public IPs cannot be assigned ("In maintanance mode…"). */
  runMerakiScript: boolean('run_meraki_script').notNull().default(false),
  /** Days an expired VM stays stopped (renewable) before it is archived. */
  expiryGraceDays: integer('expiry_grace_days').notNull().default(7),
  /** The company's ZAR→USD rate for PayPal (issue 7); null uses the server's ZAR_TO_USD_RATE. */
  zarToUsdRate: numeric('zar_to_usd_rate', { precision: 12, scale: 6 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
});

/** Site origins (scheme://host[:port]) under which a company's portal is served. */
export const companyOrigins = pgTable('company_origins', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  origin: text('origin').notNull().unique(),
});

/** Offices shown under "Our Reach" on the home page. */
export const companyAddresses = pgTable(
  'company_addresses',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('company_addresses_company_idx').on(t.companyId)],
);

/** The header's Benefits dropdown. */
export const menuItems = pgTable(
  'menu_items',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    menuName: text('menu_name').notNull(),
    redirectUrl: text('redirect_url').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('menu_items_company_idx').on(t.companyId)],
);
