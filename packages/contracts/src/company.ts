import { z } from 'zod';
import { siteTexts } from './site-texts.ts';
import { envelope } from './envelope.ts';
import { siteUrl } from './fields.ts';

// Plain values and rules (default palette, required fields, address limit) are in company-rules.ts,
// so the SPA's first load needs no zod for them; that file imports only this one's types.

export const companyConfigurationRequest = z.object({ customerUrl: siteUrl });
export type CompanyConfigurationRequest = z.infer<typeof companyConfigurationRequest>;

/** Mantine's ten shades of the brand colour and the shade filled components use. */
export const brandPalette = z.object({
  colors: z.array(z.string()).length(10),
  shade: z.number().int().min(0).max(9),
});
export type BrandPalette = z.infer<typeof brandPalette>;

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
  /** The site texts the brand wrote (issue 17); the SPA's own wording where one is missing. */
  siteTexts,
});
export type CompanyConfiguration = z.infer<typeof companyConfiguration>;

export const companyConfigurationResponse = envelope(companyConfiguration.nullable());

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
