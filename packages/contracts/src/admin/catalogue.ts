import { z } from 'zod';
import { DOMAIN_LABEL_PATTERN } from '../domains.ts';
import { SERVICE_OPTIONS } from '../product-services.ts';
import { MAX_ID } from '../ids.ts';
import {
  catalogueMessages,
  currencyCode,
  imagePath,
  optionalText,
  percentField,
  rateField,
  requiredText,
  webAddress,
  wholeNumber,
} from './catalogue-fields.ts';
import { productSummary } from './catalogue-products.ts';

/**
 * The console's catalogue (issue 7, point 3): products with their sliders and RAM → CPU ranges,
 * regions and tax, time periods, clone durations, discounts, the ZAR → USD rate, business units,
 * partner clouds and the domain list. Every route is under /api/admin/companies/:companyId/catalogue.
 *
 * Money, rates and percentages travel as decimal strings (never floats) and the server recomputes
 * every price from them. Texts are the API's own (English); the console translates the ones it knows.
 */
export * from './catalogue-fields.ts';
export * from './catalogue-products.ts';

const m = catalogueMessages;

// ---- regions and tax ----

export const regionInput = z.object({
  /** The country's name as the marketplace's region filter shows it. */
  name: requiredText(80),
  iso2: z
    .string({ error: m.iso2Format })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, m.iso2Format),
  currency: currencyCode,
  taxPercent: percentField,
});
export type RegionInput = z.input<typeof regionInput>;
export const region = z.object({
  id: z.number().int(),
  name: z.string(),
  iso2: z.string(),
  currency: z.string(),
  taxPercent: z.string(),
  /** Products sold only in listed regions that name this one. */
  productCount: z.number().int(),
  inUse: z.boolean(),
});
export type Region = z.infer<typeof region>;

// ---- time periods and clone durations ----

export const timePeriodInput = z.object({
  days: wholeNumber(1, 3650, m.daysRange),
  label: requiredText(40),
  sortOrder: wholeNumber(0, 100_000).default(0),
});
export type TimePeriodInput = z.input<typeof timePeriodInput>;
export const timePeriod = z.object({ id: z.number().int(), days: z.number().int(), label: z.string(), sortOrder: z.number().int() });
export type TimePeriod = z.infer<typeof timePeriod>;

export const cloneDurationsInput = z.object({
  /** In the order the clone page lists them; empty = the default list. */
  counts: z
    .array(wholeNumber(1, 365, m.cloneCountRange))
    .max(30, m.cloneCountsTooMany)
    .refine((counts) => new Set(counts).size === counts.length, m.cloneCountsDistinct),
});
export type CloneDurationsInput = z.input<typeof cloneDurationsInput>;
export const cloneDurations = z.object({
  counts: z.array(z.number().int()),
  /** True when the company has no list of its own and the clone page offers `defaults`. */
  usesDefault: z.boolean(),
  defaults: z.array(z.number().int()),
});
export type CloneDurations = z.infer<typeof cloneDurations>;

// ---- discounts ----

export const discountInput = z.object({
  /** null: the company's default for every product without its own row. */
  productId: z.number().int().positive().max(MAX_ID).nullable(),
  ramPercent: percentField,
  diskPercent: percentField,
  cpuPercent: percentField,
});
export type DiscountInput = z.input<typeof discountInput>;
export const discount = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  ramPercent: z.string(),
  diskPercent: z.string(),
  cpuPercent: z.string(),
});
export type Discount = z.infer<typeof discount>;

// ---- currency ----

export const currencyInput = z.object({
  /** null: use the server's ZAR_TO_USD_RATE. */
  zarToUsdRate: rateField.nullable(),
});
export type CurrencyInput = z.input<typeof currencyInput>;
export const currencySettings = z.object({
  zarToUsdRate: z.string().nullable(),
  serverRate: z.string(),
  /** The rate PayPal-type payments of this company use now. */
  effectiveRate: z.string(),
});
export type CurrencySettings = z.infer<typeof currencySettings>;

// ---- business units ----

export const cloudServiceInput = z.object({
  cloudTitle: requiredText(200),
  description: optionalText(2000).default(''),
  imagePath,
  /** Proceed opens /marketplace/{serviceName}. */
  serviceName: requiredText(60),
});
export type CloudServiceInput = z.input<typeof cloudServiceInput>;

export const businessUnitInput = z
  .object({
    businessName: requiredText(200),
    description: optionalText(4000).default(''),
    imagePath,
    serviceOption: z.enum(SERVICE_OPTIONS, { error: m.required }),
    redirectUrl: z.string().trim().max(2048, m.tooLong).default(''),
    sortOrder: wholeNumber(0, 100_000).default(0),
    /** The cards of a CloudService unit, in order (replaced as a whole). */
    cloudServices: z.array(cloudServiceInput).max(50).default([]),
  })
  .superRefine((value, ctx) => {
    if (value.serviceOption === 'RedirectionURL' && !value.redirectUrl)
      ctx.addIssue({ code: 'custom', path: ['redirectUrl'], message: m.redirectRequired });
    else if (value.redirectUrl && !/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value.redirectUrl))
      ctx.addIssue({ code: 'custom', path: ['redirectUrl'], message: m.urlFormat });
  });
export type BusinessUnitInput = z.input<typeof businessUnitInput>;
export const businessUnit = z.object({
  id: z.number().int(),
  businessName: z.string(),
  description: z.string(),
  imagePath: z.string().nullable(),
  serviceOption: z.string(),
  redirectUrl: z.string(),
  sortOrder: z.number().int(),
  cloudServices: z.array(
    z.object({
      id: z.number().int(),
      cloudTitle: z.string(),
      description: z.string(),
      imagePath: z.string().nullable(),
      serviceName: z.string(),
    }),
  ),
});
export type BusinessUnit = z.infer<typeof businessUnit>;

// ---- partner clouds ----

export const partnerCloudInput = z.object({
  cloudTitle: requiredText(200),
  description: optionalText(2000).default(''),
  imagePath,
  websiteUrl: webAddress,
  sortOrder: wholeNumber(0, 100_000).default(0),
});
export type PartnerCloudInput = z.input<typeof partnerCloudInput>;
export const partnerCloud = z.object({
  id: z.number().int(),
  cloudTitle: z.string(),
  description: z.string(),
  imagePath: z.string().nullable(),
  websiteUrl: z.string(),
  sortOrder: z.number().int(),
});
export type PartnerCloud = z.infer<typeof partnerCloud>;

// ---- domains ----

/** A name the marketplace's Explore Domain answers "This Domain is already taken." for (".com" added when absent). */
export const domainInput = z.object({
  domain: z
    .string({ error: m.domainInvalid })
    .trim()
    .toLowerCase()
    .min(1, m.domainInvalid)
    .max(67, m.domainInvalid)
    .regex(DOMAIN_LABEL_PATTERN, m.domainInvalid),
});
export type DomainInput = z.input<typeof domainInput>;
export const domainList = z.object({
  /** local: this list decides; rdap: the .com registry decides and the list is not read. */
  check: z.enum(['local', 'rdap']),
  suffix: z.string(),
  domains: z.array(z.object({ id: z.number().int(), domain: z.string() })),
});
export type DomainList = z.infer<typeof domainList>;

// ---- images ----

export const CATALOGUE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const uploadedImage = z.object({ path: z.string() });
export type UploadedImage = z.infer<typeof uploadedImage>;

/** The lists and replies the catalogue's calls answer with (catalogue-calls.ts). */
export const productSummaries = z.array(productSummary);
export const regionList = z.array(region);
export const timePeriodList = z.array(timePeriod);
export const discountList = z.array(discount);
export const businessUnitList = z.array(businessUnit);
export const partnerCloudList = z.array(partnerCloud);
export const addedDomain = z.object({ id: z.number().int(), domain: z.string() });
