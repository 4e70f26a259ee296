import { boolean, index, integer, numeric, pgTable, primaryKey, serial, text, unique } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

/** Dialling codes with the mobile number length bounds the signup form enforces. Global, not per company. */
export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  countryCode: text('country_code').notNull(),
  countryName: text('country_name').notNull().unique(),
  iso2: text('iso2').notNull().unique(),
  mobileMinLength: integer('mobile_min_length').notNull(),
  mobileMaxLength: integer('mobile_max_length').notNull(),
});

/** Where a company sells, with the currency and VAT rate of that place. */
export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    iso2: text('iso2').notNull(),
    currency: text('currency').notNull(),
    taxPercent: numeric('tax_percent', { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [unique('regions_company_name_uq').on(t.companyId, t.name)],
);

/** A sellable VM product; prices live on its specification rows. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Marketplace section the product is listed under, e.g. "virtualmachine". */
    serviceName: text('service_name').notNull(),
    /** Hypervisor provider: scaleComputing, Open Nebula, Node Weaver or simulator. */
    serviceType: text('service_type').notNull(),
    osType: text('os_type').notNull(),
    /**
     * What the provider builds the VM from (HC3: template VM name or uuid; OpenNebula: template id).
     * Empty: the OS type names it, as before the console could set it.
     */
    template: text('template').notNull().default(''),
    imagePath: text('image_path'),
    description: text('description').notNull().default(''),
    /** A "gold copy" is a custom VM image (the spec's GoldVMData). */
    isGoldCopy: boolean('is_gold_copy').notNull().default(false),
    microsoftLicense: boolean('microsoft_license').notNull().default(false),
    /** Filter value of the marketplace's IP type: "Public IP" or "Private IP". */
    ipType: text('ip_type').notNull().default('Public IP'),
    currency: text('currency').notNull().default('ZAR'),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('products_company_service_idx').on(t.companyId, t.serviceName)],
);

/** One slider of the configurator: Memory, Disk or Processor, with its bounds and unit cost. */
export const productSpecs = pgTable(
  'product_specs',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    unit: text('unit').notNull(),
    defaultCount: integer('default_count').notNull(),
    minValue: integer('min_value').notNull(),
    maxValue: integer('max_value').notNull(),
    step: integer('step').notNull().default(1),
    costPerUnit: numeric('cost_per_unit', { precision: 14, scale: 4 }).notNull(),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [unique('product_specs_product_name_uq').on(t.productId, t.name)],
);

/**
 * Regions a product is sold in (the marketplace's region filter). A product with no rows here is
 * sold in every region of its company.
 */
export const productRegions = pgTable(
  'product_regions',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.regionId] }), index('product_regions_company_idx').on(t.companyId)],
);

/**
 * A "product and service" (business unit) page: what it shows depends on `serviceOption`:
 * RedirectionURL (a link), CloudService (cloud cards) or SendEmailForEnquiry (an enquiry form).
 */
export const businessUnits = pgTable(
  'business_units',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    description: text('description').notNull().default(''),
    imagePath: text('image_path'),
    serviceOption: text('service_option').notNull(),
    redirectUrl: text('redirect_url').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [unique('business_units_company_name_uq').on(t.companyId, t.businessName)],
);

/** Cloud service cards of a CloudService business unit; Proceed opens /marketplace/{serviceName}. */
export const cloudServices = pgTable(
  'cloud_services',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnits.id, { onDelete: 'cascade' }),
    cloudTitle: text('cloud_title').notNull(),
    description: text('description').notNull().default(''),
    imagePath: text('image_path'),
    serviceName: text('service_name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('cloud_services_unit_idx').on(t.businessUnitId)],
);

/** External partner cloud providers (marketplace Clouds section and /partnerCloudServices). */
export const partnerClouds = pgTable(
  'partner_clouds',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    cloudTitle: text('cloud_title').notNull(),
    description: text('description').notNull().default(''),
    imagePath: text('image_path'),
    websiteUrl: text('website_url').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('partner_clouds_company_idx').on(t.companyId)],
);

/** Domain names the embedded DomainAvailability adapter treats as taken (per company). */
export const takenDomains = pgTable(
  'taken_domains',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
  },
  (t) => [unique('taken_domains_company_domain_uq').on(t.companyId, t.domain)],
);
