import type { CompanyConfiguration } from '@mawingu/contracts/company';

type FieldType = 'string' | 'string|null' | 'integer|null' | 'palette' | 'texts';

/**
 * Every field of the company configuration with its JSON type. Keyed by the contract's type, so a
 * field added to the contract does not compile until it is listed here; a test holds this check
 * to the contract's schema.
 */
const FIELD_TYPES: Record<keyof CompanyConfiguration, FieldType> = {
  companyName: 'string',
  imagePath: 'string|null',
  websiteUrl: 'string',
  wwwUrl: 'string',
  facebook: 'string',
  instagram: 'string',
  twitter: 'string',
  linkedIn: 'string',
  youtube: 'string',
  contactNo: 'string',
  country: 'string',
  emailID: 'string',
  officeAddress: 'string',
  city: 'string',
  registrationAgreement: 'string|null',
  termCondition: 'string|null',
  privacyPolicy: 'string|null',
  companyVideoPath: 'string|null',
  regionID: 'integer|null',
  maintenanceModeRedirect: 'string',
  maintenanceModeMsg: 'string',
  brandColor: 'string',
  brandPalette: 'palette',
  bannerMessage: 'string',
  siteTexts: 'texts',
};

/** The brand's site texts: per language, an object of strings. */
function isTexts(value: unknown): boolean {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  return (
    isObject(value) && Object.values(value).every((texts) => isObject(texts) && Object.values(texts).every((t) => typeof t === 'string'))
  );
}

function isPalette(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { colors, shade } = value as { colors?: unknown; shade?: unknown };
  return (
    Array.isArray(colors) &&
    colors.length === 10 &&
    colors.every((c) => typeof c === 'string') &&
    Number.isInteger(shade) &&
    (shade as number) >= 0 &&
    (shade as number) <= 9
  );
}

function hasType(value: unknown, type: FieldType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'string|null':
      return value === null || typeof value === 'string';
    case 'integer|null':
      return value === null || Number.isInteger(value);
    case 'palette':
      return isPalette(value);
    case 'texts':
      return isTexts(value);
  }
}

/**
 * The contract's `companyConfiguration` check written out by hand: the stored mirror is read on the
 * first render of every page, and zod would be 25 KB gzip of that first load. Returns the fields of
 * the contract only, like the schema's parse.
 */
export function asCompanyConfiguration(value: unknown): CompanyConfiguration | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const entries = Object.entries(FIELD_TYPES);
  if (!entries.every(([field, type]) => hasType(record[field], type))) return null;
  return Object.fromEntries(entries.map(([field]) => [field, record[field]])) as CompanyConfiguration;
}
