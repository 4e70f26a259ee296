import { z } from 'zod';
import { EMAIL_PATTERN } from '../fields.ts';
import { MAX_ID } from '../ids.ts';

/**
 * Companies (white label) in the operator console (issue 7, point 2): the list, creating a company
 * and its whole configuration in sections. Texts are the API's own (English), shown as they come.
 */
export const companiesMessages = {
  created: 'Company created.',
  saved: 'Saved. The website shows the change now.',
  uploaded: 'Uploaded. The website shows it now.',
  nameRequired: 'Enter the company name.',
  nameTooLong: 'The company name has at most 120 characters.',
  slugRequired: 'Enter a slug (a short name for the company).',
  slugFormat: 'Use 2 to 40 lower-case letters, digits and dashes, e.g. acme-cloud.',
  slugTaken: 'Another company already uses this slug.',
  originsRequired: 'Add at least one website address.',
  originsTooMany: 'A company has at most 10 website addresses.',
  originInvalid: 'Enter a website address like https://cloud.example.com.',
  originRepeated: 'This website address is listed twice.',
  colorInvalid: 'Enter a colour as #rrggbb, e.g. #1c6dd0.',
  bannerTooLong: 'The banner message has at most 200 characters.',
  urlInvalid: 'Enter an address starting with https:// or http://.',
  videoUrlInvalid: 'Enter a video address starting with https://, or upload a video.',
  phoneRequired: 'Enter the phone number.',
  phoneInvalid: 'Enter a phone number: digits, spaces and + - ( ), 6 to 20 characters.',
  emailRequired: 'Enter the e-mail address.',
  emailInvalid: 'Enter a valid e-mail address.',
  officeAddressRequired: 'Enter the office address.',
  countryRequired: 'Enter the country.',
  tooLong: 'This text is too long.',
  postalCodeInvalid: 'Use letters, digits, spaces and dashes (at most 10).',
  vatInvalid: 'Use letters, digits, spaces, dots and dashes (at most 20).',
  addressRequired: 'Enter the street address.',
  cityRequired: 'Enter the city.',
  addressCountryRequired: 'Enter the country.',
  addressesTooMany: 'A company has at most 20 addresses.',
  menuNameRequired: 'Enter the menu item name.',
  menuNameTooLong: 'A menu item name has at most 40 characters.',
  menuTooMany: 'The benefits menu has at most 10 items.',
  agreementRequired: 'Enter the registration agreement text.',
  agreementTooLong: 'The agreement text has at most 20,000 characters.',
  maintenanceMessageRequired: 'Enter the message visitors see during maintenance.',
  maintenanceMessageTooLong: 'The maintenance message has at most 500 characters.',
  maintenanceRedirectOwnSite:
    "The redirect cannot be one of this company's own website addresses (visitors would come back to the maintenance page).",
  graceDaysInvalid: 'Enter a whole number of days from 0 to 365.',
  logoRequired: 'Choose a logo image.',
  logoType: 'The logo must be a PNG, JPEG, WebP or GIF image.',
  logoTooLarge: 'The logo must be at most 2 MB.',
  videoRequired: 'Choose a video.',
  videoType: 'The video must be an MP4 or WebM file.',
  videoTooLarge: 'The video must be at most 20 MB.',
  pdfRequired: 'Choose a PDF file.',
  pdfType: 'The file must be a PDF document.',
  pdfTooLarge: 'The PDF must be at most 10 MB.',
  documentUnknown: 'Unknown document.',
  ownerOnly: 'Only the owner may create companies.',
} as const;

/** "example.com already belongs to another company": the 409 of a website address. */
export const originTakenMessage = (origin: string) => `${origin} is already the website address of another company.`;

/** A company the operator may work on: the console's company picker and the companies list. */
export const consoleCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** The company's website addresses (origins), in the order they were added. */
  origins: z.array(z.string()),
  /** The brand colour (#rrggbb): the console draws the company's charts in it. */
  brandColor: z.string(),
});
export type ConsoleCompany = z.infer<typeof consoleCompany>;
export const consoleCompanyList = z.array(consoleCompany);

/** Limits the forms and the API share. */
export const COMPANY_LIMITS = {
  origins: 10,
  addresses: 20,
  menuItems: 10,
  logoBytes: 2 * 1024 * 1024,
  videoBytes: 20 * 1024 * 1024,
  pdfBytes: 10 * 1024 * 1024,
  agreementChars: 20_000,
} as const;

/**
 * The terms value meaning "the site's built-in text". The spec requires a terms value for a
 * registered company; the customer site shows its built-in terms for a value that is not a usable
 * address (see docs/decisions/0030-terms-and-privacy-in-a-paged-viewer.md), so this marker keeps
 * the company registered.
 */
export const BUILT_IN_DOCUMENT = 'built-in';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const PHONE = /^\+?[0-9 ()-]{6,20}$/;
const POSTAL_CODE = /^[A-Za-z0-9 -]{0,10}$/;
const VAT = /^[A-Za-z0-9 .-]{0,20}$/;

/** A normalised site origin (scheme://host[:port], lower case), or null for anything that is not http(s). */
export function originOf(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin.toLowerCase();
  } catch {
    return null;
  }
}

function isHttpUrl(value: string, schemes: readonly string[] = ['http:', 'https:']): boolean {
  try {
    const url = new URL(value);
    return schemes.includes(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

const text = (max: number, message: string = companiesMessages.tooLong) => z.string().trim().max(max, message);
const required = (max: number, requiredMessage: string, tooLong: string = companiesMessages.tooLong) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(max, tooLong);
/** An optional link: empty, or an http(s) address. */
const optionalUrl = (message: string = companiesMessages.urlInvalid) =>
  z
    .string()
    .trim()
    .max(2048, message)
    .refine((v) => v === '' || isHttpUrl(v), message);

export const companyName = required(120, companiesMessages.nameRequired, companiesMessages.nameTooLong);
export const companySlug = z
  .string({ error: companiesMessages.slugRequired })
  .trim()
  .min(1, companiesMessages.slugRequired)
  .min(2, companiesMessages.slugFormat)
  .max(40, companiesMessages.slugFormat)
  .regex(SLUG_PATTERN, companiesMessages.slugFormat);
export const siteOrigin = z
  .string({ error: companiesMessages.originInvalid })
  .trim()
  .min(1, companiesMessages.originInvalid)
  .max(2048, companiesMessages.originInvalid)
  .refine((v) => originOf(v) !== null, companiesMessages.originInvalid);
/** The website addresses of a company: 1 to 10, none twice once normalised (the repeat is named). */
export const siteOrigins = z
  .array(siteOrigin, { error: companiesMessages.originsRequired })
  .min(1, companiesMessages.originsRequired)
  .max(COMPANY_LIMITS.origins, companiesMessages.originsTooMany)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((raw, i) => {
      const origin = originOf(raw);
      if (!origin) return;
      if (seen.has(origin)) ctx.addIssue({ code: 'custom', path: [i], message: companiesMessages.originRepeated });
      seen.add(origin);
    });
  });

export const brandColor = z.string({ error: companiesMessages.colorInvalid }).trim().regex(HEX_COLOR, companiesMessages.colorInvalid);
const phone = z
  .string({ error: companiesMessages.phoneRequired })
  .trim()
  .min(1, companiesMessages.phoneRequired)
  .regex(PHONE, companiesMessages.phoneInvalid);
const email = z
  .string({ error: companiesMessages.emailRequired })
  .trim()
  .min(1, companiesMessages.emailRequired)
  .max(254, companiesMessages.emailInvalid)
  .regex(EMAIL_PATTERN, companiesMessages.emailInvalid);

// ---- sections (each whole, as the console's forms send them) ----

export const brandSection = z.object({
  name: companyName,
  brandColor,
  bannerMessage: text(200, companiesMessages.bannerTooLong),
  /** An external video (https, the site's media policy); '' = none. An uploaded video is kept while this is absent. */
  videoUrl: z
    .string()
    .trim()
    .max(2048, companiesMessages.videoUrlInvalid)
    .refine((v) => v === '' || isHttpUrl(v, ['https:']), companiesMessages.videoUrlInvalid),
});

export const contactSection = z.object({
  contactNo: phone,
  email,
  officeAddress: required(200, companiesMessages.officeAddressRequired),
  city: text(80),
  postalCode: z.string().trim().regex(POSTAL_CODE, companiesMessages.postalCodeInvalid),
  country: required(80, companiesMessages.countryRequired),
  vatNumber: z.string().trim().regex(VAT, companiesMessages.vatInvalid),
});

export const companyAddressInput = z.object({
  address: required(200, companiesMessages.addressRequired),
  city: required(80, companiesMessages.cityRequired),
  country: required(80, companiesMessages.addressCountryRequired),
});
export const addressesSection = z.array(companyAddressInput).max(COMPANY_LIMITS.addresses, companiesMessages.addressesTooMany);

export const socialSection = z.object({
  facebook: optionalUrl(),
  instagram: optionalUrl(),
  twitter: optionalUrl(),
  linkedIn: optionalUrl(),
  youtube: optionalUrl(),
});

export const menuItemInput = z.object({
  menuName: required(40, companiesMessages.menuNameRequired, companiesMessages.menuNameTooLong),
  redirectUrl: z
    .string({ error: companiesMessages.urlInvalid })
    .trim()
    .max(2048, companiesMessages.urlInvalid)
    .refine((v) => isHttpUrl(v), companiesMessages.urlInvalid),
});
export const menusSection = z.object({
  /** The header's "www" link; '' hides it. */
  wwwUrl: optionalUrl(),
  /** The header's Benefits dropdown, in order; empty hides it. */
  benefits: z.array(menuItemInput).max(COMPANY_LIMITS.menuItems, companiesMessages.menuTooMany),
});

export const documentsSection = z.object({
  /** Written in the console and served as a text document (the signup modal shows it). */
  registrationAgreementText: required(
    COMPANY_LIMITS.agreementChars,
    companiesMessages.agreementRequired,
    companiesMessages.agreementTooLong,
  ),
  /** Back to the site's built-in text (a PDF is set by uploading it). */
  terms: z.literal(BUILT_IN_DOCUMENT),
  privacy: z.literal(BUILT_IN_DOCUMENT),
});

const maintenanceBase = z.object({
  enabled: z.boolean(),
  message: text(500, companiesMessages.maintenanceMessageTooLong),
  /** Where the maintenance page sends visitors after a few seconds; '' = stay. */
  redirectUrl: optionalUrl(),
});
/** The maintenance form: a message is needed while maintenance is on. */
export const maintenanceSection = maintenanceBase.superRefine((value, ctx) => {
  if (value.enabled && value.message.trim() === '') {
    ctx.addIssue({ code: 'custom', path: ['message'], message: companiesMessages.maintenanceMessageRequired });
  }
});

export const vmSection = z.object({
  /** Days an expired VM stays stopped (renewable) before it is archived. */
  expiryGraceDays: z
    .number({ error: companiesMessages.graceDaysInvalid })
    .int(companiesMessages.graceDaysInvalid)
    .min(0, companiesMessages.graceDaysInvalid)
    .max(365, companiesMessages.graceDaysInvalid),
  /** The spec's runMerakiScript: while on, public IPs cannot be assigned ("In maintanance mode…"). */
  ipMaintenance: z.boolean(),
});

// ---- create ----

/** A new company: its names, its website addresses, and the contact details its site requires. */
export const createCompanyRequest = z.object({
  name: companyName,
  slug: companySlug,
  origins: siteOrigins,
  contactNo: phone,
  email,
  officeAddress: required(200, companiesMessages.officeAddressRequired),
  country: required(80, companiesMessages.countryRequired),
});
export type CreateCompanyRequest = z.input<typeof createCompanyRequest>;

// ---- settings: read ----

export const documentState = z.object({
  /** builtin: the site's own text; text: written in the console; file: an uploaded PDF (or another address); none: not set. */
  source: z.enum(['builtin', 'text', 'file', 'none']),
  url: z.string().nullable(),
  fileName: z.string().nullable(),
  /** The agreement's text when it is a text document of this company. */
  text: z.string().nullable(),
});
export type DocumentState = z.infer<typeof documentState>;

export const COMPANY_DOCUMENTS = ['registrationAgreement', 'terms', 'privacy'] as const;
export type CompanyDocument = (typeof COMPANY_DOCUMENTS)[number];

export const companySettings = z.object({
  id: z.number().int(),
  slug: z.string(),
  brand: z.object({
    name: z.string(),
    brandColor: z.string(),
    bannerMessage: z.string(),
    logoUrl: z.string().nullable(),
    /** The video the home page shows: an uploaded file (uploaded: true) or an external address. */
    videoUrl: z.string().nullable(),
    videoUploaded: z.boolean(),
  }),
  contact: z.object({
    contactNo: z.string(),
    email: z.string(),
    officeAddress: z.string(),
    city: z.string(),
    postalCode: z.string(),
    country: z.string(),
    vatNumber: z.string(),
  }),
  addresses: z.array(z.object({ address: z.string(), city: z.string(), country: z.string() })),
  social: z.object({ facebook: z.string(), instagram: z.string(), twitter: z.string(), linkedIn: z.string(), youtube: z.string() }),
  menus: z.object({ wwwUrl: z.string(), benefits: z.array(z.object({ menuName: z.string(), redirectUrl: z.string() })) }),
  documents: z.object({ registrationAgreement: documentState, terms: documentState, privacy: documentState }),
  maintenance: z.object({ enabled: z.boolean(), message: z.string(), redirectUrl: z.string() }),
  origins: z.array(z.string()),
  vm: z.object({ expiryGraceDays: z.number().int(), ipMaintenance: z.boolean() }),
  /** The spec's required fields the site still lacks ("Company not registered yet" until none). */
  missing: z.array(z.string()),
});
export type CompanySettings = z.infer<typeof companySettings>;

// ---- settings: write ----

/**
 * PUT settings: any of the sections; a section that is sent changes only the fields it holds
 * (lists — addresses, benefits, origins — are replaced whole). The console's forms send one
 * section at a time.
 */
export const updateCompanySettingsRequest = z
  .object({
    brand: brandSection.extend({ removeLogo: z.literal(true).optional() }).partial(),
    contact: contactSection.partial(),
    addresses: addressesSection,
    social: socialSection.partial(),
    menus: menusSection.partial(),
    documents: documentsSection.partial(),
    maintenance: maintenanceBase.partial(),
    origins: siteOrigins,
    vm: vmSection.partial(),
  })
  .partial();
export type UpdateCompanySettingsRequest = z.input<typeof updateCompanySettingsRequest>;

/** `:companyId` of the console's company-scoped routes (/api/admin/companies/:companyId/…), shared by their areas. */
export const companyIdParams = z.object({ companyId: z.coerce.number().int().positive().max(MAX_ID) });
export const documentParams = companyIdParams.extend({
  document: z.enum(COMPANY_DOCUMENTS, { error: companiesMessages.documentUnknown }),
});

/** Multipart field names of the uploads. */
export const UPLOAD_FIELD = { logo: 'logo', video: 'video', document: 'file' } as const;
