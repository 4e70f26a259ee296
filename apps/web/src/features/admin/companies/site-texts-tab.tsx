import { useEffect, useState, type FormEvent } from 'react';
import { SimpleGrid, Stack, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SITE_TEXT_MAX, type SiteTextKey, type SiteTexts } from '@mawingu/contracts/site-texts';
import { LANGUAGES, type Language } from '@mawingu/contracts/languages';
import { ApiError } from '../../../api/api-error.ts';
import { siteWordingOf } from '../../../i18n/i18n.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useSiteTexts, useUpdateSiteTexts } from './companies-api.ts';
import { SectionForm } from './section-form.tsx';
import type { CompanySettings } from '@mawingu/contracts/admin/companies';
import classes from './companies.module.css';

/** The site's texts a brand can write, grouped as its pages show them, each with the site's own wording as default. */
const GROUPS: { group: 'home' | 'about' | 'help' | 'blogs'; keys: { key: SiteTextKey; wording: string }[] }[] = [
  {
    group: 'home',
    keys: [
      { key: 'homeHeadline', wording: 'home.headline' },
      { key: 'homeSubline', wording: 'home.subline' },
    ],
  },
  {
    group: 'about',
    keys: [
      { key: 'aboutVision', wording: 'about.vision' },
      { key: 'aboutMission', wording: 'about.mission' },
      { key: 'aboutTechnology', wording: 'about.technologyText' },
    ],
  },
  { group: 'help', keys: [{ key: 'helpHours', wording: 'help.subtitle' }] },
  {
    group: 'blogs',
    keys: [
      { key: 'blog1Title', wording: 'blogs.windowsServer.title' },
      { key: 'blog1Text', wording: 'blogs.windowsServer.text' },
      { key: 'blog2Title', wording: 'blogs.windowsLaptop.title' },
      { key: 'blog2Text', wording: 'blogs.windowsLaptop.text' },
      { key: 'blog3Title', wording: 'blogs.linuxLaptop.title' },
      { key: 'blog3Text', wording: 'blogs.linuxLaptop.text' },
    ],
  },
];

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ko: '한국어' };

/** "home.headline" in a language's wording, with the brand's name where the wording names it. */
function wordingAt(texts: Record<string, unknown> | undefined, path: string, companyName: string): string {
  const found = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
  return typeof found === 'string' ? found.replace(/\{\{companyName\}\}/g, companyName) : '';
}

/** Settings › Site texts: the home hero, About, the help page's hours and the Blogs cards in the brand's words (issue 17, point 1). */
export function SiteTextsTab({ companyId, settings }: { companyId: number; settings: CompanySettings }) {
  const { t } = useTranslation('adminCompanies');
  const saved = useSiteTexts(companyId);
  const update = useUpdateSiteTexts(companyId);
  const wording = useQuery({
    queryKey: ['site-wording'],
    queryFn: async () => Object.fromEntries(await Promise.all(LANGUAGES.map(async (l) => [l, await siteWordingOf(l)] as const))),
    staleTime: Infinity,
  });
  const [texts, setTexts] = useState<SiteTexts>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    if (saved.data && !dirty) setTexts(saved.data);
  }, [saved.data, dirty]);

  const change = (language: Language, key: SiteTextKey, text: string) => {
    setDirty(true);
    setTexts((all) => ({ ...all, [language]: { ...all[language], [key]: text } }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    update.mutate(texts, {
      onSuccess: () => {
        setDirty(false);
        showSuccessToast(t('texts.saved'));
      },
      onError: (error) => setErrors(error instanceof ApiError ? (error.fieldErrors ?? { form: error.message }) : { form: t('loadFailed') }),
    });
  };
  const errorOf = (language: Language, key: SiteTextKey) =>
    Object.entries(errors).find(([field]) => field.includes(language) && field.endsWith(key))?.[1];

  return (
    <SectionForm
      title={t('texts.title')}
      description={t('texts.intro')}
      onSubmit={submit}
      dirty={dirty}
      saving={update.isPending}
      formError={errors.form}
    >
      {GROUPS.map(({ group, keys }) => (
        <Stack key={group} gap="sm" component="section" aria-labelledby={`texts-${group}`}>
          <Title order={4} size="h5" id={`texts-${group}`}>
            {t(`texts.groups.${group}`)}
          </Title>
          {keys.map(({ key, wording: path }) => (
            <SimpleGrid key={key} cols={{ base: 1, sm: 2 }} spacing="sm">
              {LANGUAGES.map((language) => (
                <Textarea
                  key={language}
                  lang={language}
                  label={t('texts.label', { field: t(`texts.keys.${key}`), language: LANGUAGE_NAMES[language] })}
                  placeholder={wordingAt(wording.data?.[language], path, settings.brand.name)}
                  classNames={{ input: classes.wordingPlaceholder }}
                  rows={key.endsWith('Title') || key === 'homeHeadline' ? 1 : 3}
                  maxLength={SITE_TEXT_MAX}
                  value={texts[language]?.[key] ?? ''}
                  onChange={(event) => change(language, key, event.currentTarget.value)}
                  error={errorOf(language, key)}
                />
              ))}
            </SimpleGrid>
          ))}
        </Stack>
      ))}
    </SectionForm>
  );
}
