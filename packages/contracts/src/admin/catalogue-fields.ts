import { z } from 'zod';

/** The console catalogue's messages and the fields its inputs share (money, percentages, rates, images, addresses). */
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

export const requiredText = (max: number) => z.string({ error: m.required }).trim().min(1, m.required).max(max, m.tooLong);
export const optionalText = (max: number) => z.string({ error: m.tooLong }).trim().max(max, m.tooLong);
export const wholeNumber = (min: number, max: number, message: string = m.wholeNumber) =>
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
