import { z } from 'zod';
import { MAX_ID } from '../ids.ts';

/**
 * The console's legal entities (issue 18, point 1): who sells and invoices in each region. A
 * region without an entity sells as the company itself (its own details, its own series).
 */
export const legalEntityMessages = {
  saved: 'Legal entity saved.',
  removed: 'Legal entity removed.',
  sellersSaved: 'Sellers per region saved.',
  nameRequired: 'Enter the entity’s registered name.',
  nameTooLong: 'At most 120 characters.',
  addressRequired: 'Enter the registered address.',
  addressTooLong: 'At most 300 characters.',
  taxCountryInvalid: 'Choose South Africa (SARS VAT) or Kenya (KRA).',
  vatNumberInvalid: 'A South African VAT number is 10 digits starting with 4, e.g. 4123456789.',
  taxNumberTooLong: 'At most 20 characters.',
  kraPinInvalid: 'A KRA PIN is a letter, 9 digits and a letter, e.g. P051234567X.',
  prefixInvalid: 'Use 1 to 12 letters, digits, "-" or "/", e.g. KE-.',
  prefixTaken: 'Another legal entity of this company uses this series prefix.',
  timeZoneInvalid: 'Choose a time zone such as Africa/Johannesburg or Africa/Nairobi.',
  currencyInvalid: 'Use a three-letter currency code such as ZAR or KES.',
  vatBaseInvalid: 'Choose whether VAT is charged on the discounted price (yes or no).',
  notFound: 'Legal entity not found.',
  inUse: 'This entity has issued invoices or sells in a region: it stays (edit it instead).',
  regionNotFound: 'This region is not one of the company’s.',
  regionTwice: 'This region is listed twice.',
  entityNotFound: 'Choose one of the company’s legal entities, or the company itself.',
} as const;

const texts = legalEntityMessages;

/** Whether Intl knows an IANA time zone name (both the SPA and the server can ask). */
function knownTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const TAX_COUNTRIES = ['ZA', 'KE'] as const;

export const legalEntityInput = z
  .object({
    name: z.string({ error: texts.nameRequired }).trim().min(1, texts.nameRequired).max(120, texts.nameTooLong),
    address: z.string({ error: texts.addressRequired }).trim().min(1, texts.addressRequired).max(300, texts.addressTooLong),
    taxCountry: z.enum(TAX_COUNTRIES, { error: texts.taxCountryInvalid }),
    /** Empty when the entity is not registered (then its documents carry no tax number). */
    taxNumber: z.string().trim().toUpperCase().max(20, texts.taxNumberTooLong).default(''),
    seriesPrefix: z
      .string({ error: texts.prefixInvalid })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9/-]{1,12}$/, texts.prefixInvalid),
    timeZone: z.string({ error: texts.timeZoneInvalid }).trim().refine(knownTimeZone, texts.timeZoneInvalid),
    currency: z
      .string({ error: texts.currencyInvalid })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, texts.currencyInvalid),
    /** VAT on the discounted price instead of the list price (default: the spec's list price). */
    vatOnDiscountedPrice: z.boolean({ error: texts.vatBaseInvalid }).default(false),
  })
  .superRefine((v, ctx) => {
    if (v.taxNumber === '') return;
    if (v.taxCountry === 'ZA' && !/^4\d{9}$/.test(v.taxNumber))
      ctx.addIssue({ code: 'custom', path: ['taxNumber'], message: texts.vatNumberInvalid });
    if (v.taxCountry === 'KE' && !/^[A-Z]\d{9}[A-Z]$/.test(v.taxNumber))
      ctx.addIssue({ code: 'custom', path: ['taxNumber'], message: texts.kraPinInvalid });
  });
export type LegalEntityInput = z.input<typeof legalEntityInput>;

export const legalEntity = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  taxCountry: z.enum(TAX_COUNTRIES),
  taxNumber: z.string(),
  seriesPrefix: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  vatOnDiscountedPrice: z.boolean(),
  /** Invoices it has issued: an entity with any cannot be removed. */
  invoiceCount: z.number().int(),
});
export type LegalEntity = z.infer<typeof legalEntity>;

export const regionSeller = z.object({
  id: z.number().int(),
  name: z.string(),
  currency: z.string(),
  /** The entity that sells there; null: the company itself. */
  legalEntityId: z.number().int().nullable(),
});

export const legalEntitiesReply = z.object({ entities: z.array(legalEntity), regions: z.array(regionSeller) });
export type LegalEntitiesReply = z.infer<typeof legalEntitiesReply>;

export const regionSellersUpdate = z.object({
  regions: z
    .array(
      z.object({
        regionId: z.number().int().positive().max(MAX_ID),
        legalEntityId: z.number().int().positive().max(MAX_ID).nullable(),
      }),
    )
    .max(200),
});
export type RegionSellersUpdate = z.infer<typeof regionSellersUpdate>;

export const legalEntityParams = z.object({
  companyId: z.coerce.number().int().positive().max(MAX_ID),
  entityId: z.coerce.number().int().positive().max(MAX_ID),
});
