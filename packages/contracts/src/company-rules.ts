import type { BrandPalette, CompanyConfiguration } from './company.ts';

/** Neutral blue, for the time before a company's configuration is known. */
export const DEFAULT_BRAND_PALETTE: BrandPalette = {
  colors: ['#e4f4ff', '#cde3ff', '#9ac5ff', '#64a4ff', '#3888fe', '#1d77fe', '#0069ff', '#005de4', '#0053cd', '#0047b5'],
  shade: 6,
};

/** The fields without which the portal shows "Company not registered yet" (portal spec section 4). */
export const REQUIRED_COMPANY_FIELDS = [
  'contactNo',
  'country',
  'emailID',
  'officeAddress',
  'registrationAgreement',
  'termCondition',
] as const satisfies readonly (keyof CompanyConfiguration)[];

/** True when every field the spec requires is present; "NA" counts as missing. */
export function isCompanyConfigurationComplete(config: CompanyConfiguration | null | undefined): boolean {
  if (!config) return false;
  return REQUIRED_COMPANY_FIELDS.every((field) => {
    const value = config[field];
    return typeof value === 'string' && value.trim() !== '' && value.trim() !== 'NA';
  });
}

/** Spec section 9: the home page shows at most three addresses. */
export const HOME_ADDRESS_LIMIT = 3;
