import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteTextKey } from '@mawingu/contracts/site-texts';
import { useCompanyConfiguration } from '../api/company/get-company-configuration.ts';

/**
 * A text of the public site as the brand wrote it in the visitor's language (issue 17, point 1),
 * else `fallback` (the site's own wording). Types only from the contract: no zod on first load.
 */
export function useSiteText(): (key: SiteTextKey, fallback: string) => string {
  const texts = useCompanyConfiguration()?.siteTexts;
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage === 'ko' ? 'ko' : 'en';
  return useCallback((key, fallback) => texts?.[language]?.[key]?.trim() || fallback, [texts, language]);
}
