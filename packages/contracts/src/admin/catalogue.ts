import { z } from 'zod';
import { DOMAIN_LABEL_PATTERN } from '../domains.ts';
import { SERVICE_OPTIONS } from '../product-services.ts';
import { MAX_ID } from '../ids.ts';

/**
 * The console's catalogue (issue 7, point 3): products with their sliders and RAM → CPU ranges,
 * regions and tax, time periods, clone durations, discounts, the ZAR → USD rate, business units,
 * partner clouds and the domain list. Every route is under /api/admin/companies/:companyId/catalogue.
 *
 * Money, rates and percentages travel as decimal strings (never floats) and the server recomputes
 * every price from them. Texts are the API's own (English); the console translates the ones it knows.
 */
export const catalogueMessages = {
  required: 'This field is required.',
  tooLong: 'This text is too long.',
  wholeNumber: 'Enter a whole number.',
  notNegative: 'Enter 0 or more.',
  costFormat: 'Enter an amount of 0 or more with at most 4 decimals, e.g. 120 or 1.5.',
  percentFormat: 'Enter a percentage from 0 to 100 with at most 2 decimals.',
  rateFormat: 'Enter a rate above 0 with at most 6 decimals, e.g. 0.063.',
  currencyFormat: 'Enter a three-letter currency code such as ZAR or KES.',
  iso2Format: 'Enter the two-letter country code, e.g. ZA.',
  imagePathFormat: 'Enter an address starting with https:// or a path of this site starting with /.',
  urlFormat: 'Enter an address starting with https:// or http://.',
  providerInvalid: 'Choose a provider: simulator, HC3, OpenNebula or NodeWeaver.',
  ipTypeInvalid: 'Choose Public IP or Private IP.',
  specsRequired: 'A product has the three sliders Processor, Memory and Disk, once each.',
  specNameInvalid: 'Choose Processor, Memory or Disk.',
  minAboveMax: 'The minimum must not be above the maximum.',
  defaultOutOfRange: 'The default must be between the minimum and the maximum.',
  defaultOffStep: 'The default must be the minimum plus a multiple of the step.',
  stepPositive: 'The step must be 1 or more.',
  rangeOrder: '"From" must not be above "to".',
  rangeOverlap: 'This memory range overlaps another one.',
  cpuOffSlider: 'The processor count must be a value of the Processor slider.',
  regionUnknown: 'Choose regions of this company.',
  regionCurrency: 'A region sells in another currency than this product; it could not be bought there.',
  noRegionForCurrency: 'No region of this company sells in this currency: add one first, or choose another currency.',
  productNameTaken: 'A product with this name exists.',
  productNotFound: 'Product not found.',
  productInUse: 'This product has orders or VMs: disable it instead of deleting it.',
  regionNameTaken: 'A region with this name exists.',
  regionNotFound: 'Region not found.',
  regionInUse: 'Orders, VMs or the company settings use this region: it cannot be deleted.',
  regionHasProducts: 'Products are listed for this region: remove it from them first.',
  regionCurrencyInUse: 'Products listed for this region are priced in its currency: change them first.',
  regionCurrencyGateway: 'This region offers {gateway}, which does not take {currency}: change the region’s gateways under Payments first.',
  daysRange: 'Enter a number of days from 1 to 3650.',
  periodTaken: 'This time period exists.',
  periodNotFound: 'Time period not found.',
  cloneCountRange: 'Enter a duration from 1 to 365.',
  cloneCountsDistinct: 'Each duration once.',
  cloneCountsTooMany: 'At most 30 durations.',
  discountNotFound: 'Discount not found.',
  discountProductUnknown: 'Choose a product of this company.',
  businessNameTaken: 'A business unit with this name exists.',
  businessNotFound: 'Business unit not found.',
  redirectRequired: 'A Redirection URL unit needs the address it opens.',
  partnerNotFound: 'Partner cloud not found.',
  domainInvalid: 'Enter a name such as example or example.com (letters, digits and hyphens).',
  domainTaken: 'This domain is on the list already.',
  domainNotFound: 'Domain not found.',
  imageRequired: 'Choose a PNG, JPEG, GIF or WebP image.',
  imageTooLarge: 'The image must be under 2 MB.',
  saved: 'Saved.',
  deleted: 'Deleted.',
} as const;
export type CatalogueMessageKey = keyof typeof catalogueMessages;

const m = catalogueMessages;

// ---- shared fields ----

const text = (max: number) => z.string({ error: m.required }).trim().min(1, m.required).max(max, m.tooLong);
const optionalText = (max: number) => z.string({ error: m.tooLong }).trim().max(max, m.tooLong);
const whole = (min: number, max: number, message: string = m.wholeNumber) =>
  z.number({ error: m.wholeNumber }).int(m.wholeNumber).min(min, message).max(max, message);

/** product_specs.cost_per_unit is numeric(14,4): up to 10 whole digits and 4 decimals, never negative. */
export const COST_PATTERN = /^\d{1,10}(?:\.\d{1,4})?$/;
export const costPerUnit = z.string({ error: m.costFormat }).trim().regex(COST_PATTERN, m.costFormat);

/** numeric(5,2) percentages from 0 to 100 (tax, discounts). */
export const PERCENT_PATTERN = /^(?:100(?:\.0{1,2})?|\d{1,2}(?:\.\d{1,2})?)$/;
export const percentField = z.string({ error: m.percentFormat }).trim().regex(PERCENT_PATTERN, m.percentFormat);

/** companies.zar_to_usd_rate is numeric(12,6): above 0, up to 6 whole digits and 6 decimals. */
export const RATE_PATTERN = /^\d{1,6}(?:\.\d{1,6})?$/;
export const rateField = z
  .string({ error: m.rateFormat })
  .trim()
  .regex(RATE_PATTERN, m.rateFormat)
  .refine((value) => /[1-9]/.test(value), m.rateFormat);

export const currencyCode = z
  .string({ error: m.currencyFormat })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, m.currencyFormat);

/** An image the site may show: a path of this site (an uploaded file: /api/files/…) or an http(s) address. */
export const IMAGE_PATH_PATTERN = /^(?:https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i;
export const imagePath = z
  .string({ error: m.imagePathFormat })
  .trim()
  .max(2048, m.tooLong)
  .refine((value) => value === '' || IMAGE_PATH_PATTERN.test(value), m.imagePathFormat)
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

export const webAddress = z
  .string({ error: m.urlFormat })
  .trim()
  .max(2048, m.tooLong)
  .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, m.urlFormat);

// ---- products ----

/**
 * Providers a product can name (the catalogue's serviceType, read by the hypervisor selection).
 * Stored as the names the site already reads ("Open Nebula" and "Node Weaver" hide the
 * specification table on the configurator).
 */
export const PROVIDERS = ['simulator', 'hc3', 'openNebula', 'nodeWeaver'] as const;
export const provider = z.enum(PROVIDERS, { error: m.providerInvalid });
export type Provider = z.infer<typeof provider>;
export const SERVICE_TYPE_OF: Record<Provider, string> = {
  simulator: 'simulator',
  hc3: 'scaleComputing',
  openNebula: 'Open Nebula',
  nodeWeaver: 'Node Weaver',
};

export const IP_TYPES = ['Public IP', 'Private IP'] as const;
export const SPEC_NAMES = ['Processor', 'Memory', 'Disk'] as const;
export type SpecName = (typeof SPEC_NAMES)[number];
/** OS families the site has logos for; any other OS type shows the generic one. */
export const OS_TYPES = ['ubuntu', 'windows', 'centos', 'red hat', 'kubernetes', 'edge'] as const;

export const specInput = z.object({
  name: z.enum(SPEC_NAMES, { error: m.specNameInvalid }),
  unit: text(16),
  defaultCount: whole(0, 1_000_000, m.notNegative),
  minValue: whole(0, 1_000_000, m.notNegative),
  maxValue: whole(0, 1_000_000, m.notNegative),
  step: whole(1, 1_000_000, m.stepPositive),
  costPerUnit,
  sequence: whole(0, 1000),
});
export type SpecInput = z.input<typeof specInput>;

export const ramCpuRangeInput = z.object({
  ramFrom: whole(0, 1_000_000, m.notNegative),
  ramTo: whole(0, 1_000_000, m.notNegative),
  cpuCount: whole(1, 100_000, m.wholeNumber),
});
export type RamCpuRangeInput = z.input<typeof ramCpuRangeInput>;

type SpecRow = z.output<typeof specInput>;
type RangeRow = z.output<typeof ramCpuRangeInput>;
type Issue = { path: (string | number)[]; message: string };

/** The rules across a product's rows; the paths name the field (specs.1.defaultCount, ramCpuRanges.0.ramTo). */
export function productRowIssues(specs: readonly SpecRow[], ranges: readonly RangeRow[]): Issue[] {
  const issues: Issue[] = [];
  const names = specs.map((s) => s.name);
  if (specs.length !== SPEC_NAMES.length || SPEC_NAMES.some((n) => !names.includes(n)))
    issues.push({ path: ['specs'], message: m.specsRequired });
  specs.forEach((s, i) => {
    if (s.minValue > s.maxValue) issues.push({ path: ['specs', i, 'maxValue'], message: m.minAboveMax });
    else if (s.defaultCount < s.minValue || s.defaultCount > s.maxValue)
      issues.push({ path: ['specs', i, 'defaultCount'], message: m.defaultOutOfRange });
    else if ((s.defaultCount - s.minValue) % s.step !== 0) issues.push({ path: ['specs', i, 'defaultCount'], message: m.defaultOffStep });
  });
  const cpu = specs.find((s) => s.name === 'Processor');
  ranges.forEach((r, i) => {
    if (r.ramFrom > r.ramTo) {
      issues.push({ path: ['ramCpuRanges', i, 'ramTo'], message: m.rangeOrder });
      return;
    }
    const overlaps = ranges.some((o, j) => j !== i && o.ramFrom <= o.ramTo && o.ramFrom <= r.ramTo && r.ramFrom <= o.ramTo);
    if (overlaps) issues.push({ path: ['ramCpuRanges', i, 'ramFrom'], message: m.rangeOverlap });
    // The configurator sets the processor from the range: it must be a count the slider allows.
    if (cpu && (r.cpuCount < cpu.minValue || r.cpuCount > cpu.maxValue || (r.cpuCount - cpu.minValue) % Math.max(cpu.step, 1) !== 0)) {
      issues.push({ path: ['ramCpuRanges', i, 'cpuCount'], message: m.cpuOffSlider });
    }
  });
  return issues;
}

const productFields = z.object({
  name: text(120),
  /** Marketplace section the product is listed under (/marketplace/{serviceName}). */
  serviceName: text(60),
  provider,
  /** HC3: template VM name or uuid; OpenNebula: template id. Empty: the OS type names it. */
  template: optionalText(200).default(''),
  osType: text(60),
  imagePath,
  description: optionalText(2000).default(''),
  currency: currencyCode,
  ipType: z.enum(IP_TYPES, { error: m.ipTypeInvalid }),
  /** Listed under "Explore Custom Virtual Machines" (the spec's GoldVMData); orders carry the Gold badge. */
  isGoldCopy: z.boolean(),
  /** Windows with a licence PDF to upload before Pay. */
  microsoftLicense: z.boolean(),
  active: z.boolean(),
  sortOrder: whole(0, 100_000).default(0),
  /** Regions the product is sold in; none = every region of the company. */
  regionIds: z.array(z.number().int().positive().max(MAX_ID)).max(200).default([]),
  specs: z.array(specInput).max(3, m.specsRequired),
  ramCpuRanges: z.array(ramCpuRangeInput).max(100).default([]),
});

export const productInput = productFields.superRefine((value, ctx) => {
  for (const issue of productRowIssues(value.specs, value.ramCpuRanges)) ctx.addIssue({ code: 'custom', ...issue });
});
export type ProductInput = z.input<typeof productInput>;
export type ProductValues = z.output<typeof productInput>;

export const productStatusInput = z.object({ active: z.boolean() });

export const specRow = z.object({
  name: z.string(),
  unit: z.string(),
  defaultCount: z.number().int(),
  minValue: z.number().int(),
  maxValue: z.number().int(),
  step: z.number().int(),
  costPerUnit: z.string(),
  sequence: z.number().int(),
});

export const product = z.object({
  id: z.number().int(),
  name: z.string(),
  serviceName: z.string(),
  provider,
  /** The stored serviceType as the site reads it. */
  serviceType: z.string(),
  template: z.string(),
  osType: z.string(),
  imagePath: z.string().nullable(),
  description: z.string(),
  currency: z.string(),
  ipType: z.string(),
  isGoldCopy: z.boolean(),
  microsoftLicense: z.boolean(),
  active: z.boolean(),
  sortOrder: z.number().int(),
  regionIds: z.array(z.number().int()),
  specs: z.array(specRow),
  ramCpuRanges: z.array(z.object({ ramFrom: z.number().int(), ramTo: z.number().int(), cpuCount: z.number().int() })),
  /** 30 days at the default sizes before tax, as the marketplace card shows it. */
  listPrice: z.string(),
  /** Orders and VMs of this product: a product with any is disabled, never deleted. */
  orderCount: z.number().int(),
  vmCount: z.number().int(),
});
export type Product = z.infer<typeof product>;

export const productSummary = product.omit({ specs: true, ramCpuRanges: true, description: true, template: true });
export type ProductSummary = z.infer<typeof productSummary>;

// ---- regions and tax ----

export const regionInput = z.object({
  /** The country's name as the marketplace's region filter shows it. */
  name: text(80),
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
  days: whole(1, 3650, m.daysRange),
  label: text(40),
  sortOrder: whole(0, 100_000).default(0),
});
export type TimePeriodInput = z.input<typeof timePeriodInput>;
export const timePeriod = z.object({ id: z.number().int(), days: z.number().int(), label: z.string(), sortOrder: z.number().int() });
export type TimePeriod = z.infer<typeof timePeriod>;

export const cloneDurationsInput = z.object({
  /** In the order the clone page lists them; empty = the default list. */
  counts: z
    .array(whole(1, 365, m.cloneCountRange))
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
  cloudTitle: text(200),
  description: optionalText(2000).default(''),
  imagePath,
  /** Proceed opens /marketplace/{serviceName}. */
  serviceName: text(60),
});
export type CloudServiceInput = z.input<typeof cloudServiceInput>;

export const businessUnitInput = z
  .object({
    businessName: text(200),
    description: optionalText(4000).default(''),
    imagePath,
    serviceOption: z.enum(SERVICE_OPTIONS, { error: m.required }),
    redirectUrl: z.string().trim().max(2048, m.tooLong).default(''),
    sortOrder: whole(0, 100_000).default(0),
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
  cloudTitle: text(200),
  description: optionalText(2000).default(''),
  imagePath,
  websiteUrl: webAddress,
  sortOrder: whole(0, 100_000).default(0),
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
