import { z } from 'zod';
import { envelope } from './envelope.ts';
import { siteUrl } from './fields.ts';

export const companyConfigurationRequest = z.object({ customerUrl: siteUrl });
export type CompanyConfigurationRequest = z.infer<typeof companyConfigurationRequest>;

/** Mantine's ten shades of the brand colour and the shade filled components use. */
export const brandPalette = z.object({
  colors: z.array(z.string()).length(10),
  shade: z.number().int().min(0).max(9),
});
export type BrandPalette = z.infer<typeof brandPalette>;

/** Neutral blue, for the time before a company's configuration is known. */
export const DEFAULT_BRAND_PALETTE: BrandPalette = {
  colors: ['#e4f4ff', '#cde3ff', '#9ac5ff', '#64a4ff', '#3888fe', '#1d77fe', '#0069ff', '#005de4', '#0053cd', '#0047b5'],
  shade: 6,
};

/**
 * The spec's company configuration (portal spec section 3), plus the brand colour for the theme and
 * the home page's banner message.
 */
export const companyConfiguration = z.object({
  companyName: z.string(),
  imagePath: z.string().nullable(),
  websiteUrl: z.string(),
  wwwUrl: z.string(),
  facebook: z.string(),
  instagram: z.string(),
  twitter: z.string(),
  linkedIn: z.string(),
  youtube: z.string(),
  contactNo: z.string(),
  country: z.string(),
  emailID: z.string(),
  officeAddress: z.string(),
  city: z.string(),
  registrationAgreement: z.string().nullable(),
  termCondition: z.string().nullable(),
  privacyPolicy: z.string().nullable(),
  companyVideoPath: z.string().nullable(),
  regionID: z.number().int().nullable(),
  maintenanceModeRedirect: z.string(),
  maintenanceModeMsg: z.string(),
  brandColor: z.string(),
  brandPalette: brandPalette,
  bannerMessage: z.string(),
});
export type CompanyConfiguration = z.infer<typeof companyConfiguration>;

export const companyConfigurationResponse = envelope(companyConfiguration.nullable());

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

export const dropdownListRequest = z.object({ customerUrl: siteUrl });
export const menuItem = z.object({ menuName: z.string(), redirectURL: z.string() });
export type MenuItem = z.infer<typeof menuItem>;
export const dropdownListResponse = envelope(z.array(menuItem));

export const companyAddressRequest = z.object({ websiteUrl: siteUrl });
export type CompanyAddressRequest = z.infer<typeof companyAddressRequest>;
/** An office of the company ("Our Reach" on home, offices on About); "NA" parts are shown blank. */
export const companyAddress = z.object({ address: z.string(), city: z.string(), country: z.string() });
export type CompanyAddress = z.infer<typeof companyAddress>;
export const companyAddressResponse = envelope(z.array(companyAddress));

/** Spec section 9: the home page shows at most three addresses. */
export const HOME_ADDRESS_LIMIT = 3;
