import { z } from 'zod';
import { LANGUAGES } from './languages.ts';

/**
 * Texts of the public site a brand writes itself (issue 17, point 1): today's wording (the SPA's
 * translations) is the default, so a key left empty shows it. Per language; a language the brand
 * did not write falls back to the default of that language, never to another language's text.
 */
export const SITE_TEXT_KEYS = [
  'homeHeadline',
  'homeSubline',
  'aboutVision',
  'aboutMission',
  'aboutTechnology',
  'helpHours',
  'blog1Title',
  'blog1Text',
  'blog2Title',
  'blog2Text',
  'blog3Title',
  'blog3Text',
] as const;
export type SiteTextKey = (typeof SITE_TEXT_KEYS)[number];
export const SITE_TEXT_MAX = 600;

export const siteTextsMessages = {
  tooLong: `At most ${SITE_TEXT_MAX} characters.`,
  saved: 'Site texts saved. The site shows them at once.',
} as const;

const textsOfLanguage = z.partialRecord(z.enum(SITE_TEXT_KEYS), z.string().trim().max(SITE_TEXT_MAX, siteTextsMessages.tooLong));
export type SiteTextsOfLanguage = z.infer<typeof textsOfLanguage>;

/** The brand's texts by language; a missing or empty one is the default. */
export const siteTexts = z.partialRecord(z.enum(LANGUAGES), textsOfLanguage);
export type SiteTexts = z.infer<typeof siteTexts>;

/** PUT …/companies/:companyId/site-texts: every text of every language, as the console's form holds them. */
export const updateSiteTextsRequest = z.object({ texts: siteTexts });
export type UpdateSiteTextsRequest = z.infer<typeof updateSiteTextsRequest>;

/** Only the texts the brand wrote: empty ones dropped, so the default shows. */
export function writtenTexts(texts: SiteTexts): SiteTexts {
  const out: SiteTexts = {};
  for (const language of LANGUAGES) {
    const written = Object.entries(texts[language] ?? {}).filter(([, text]) => typeof text === 'string' && text.trim() !== '');
    if (written.length > 0) out[language] = Object.fromEntries(written.map(([key, text]) => [key, text!.trim()]));
  }
  return out;
}
