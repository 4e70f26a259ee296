import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@mawingu/contracts/languages';
import en from './en.json';

export { LANGUAGES, type Language };

const STORAGE_KEY = 'language';

function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return LANGUAGES.find((language) => language === value) ?? 'en';
  } catch {
    return 'en';
  }
}

// English is bundled (default and fallback: the first render has its texts); other languages are
// fetched when chosen, so English visitors do not download them.
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, unknown> }>> = {
  ko: () => import('./ko.json'),
};

/** A language's texts of the site (the default wording), whatever language is shown now. */
export async function siteWordingOf(language: Language): Promise<Record<string, unknown>> {
  return language === 'en' ? en : (await loaders[language]()).default;
}

/** Loads a language's texts if needed, then switches to it. */
export async function setLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    const texts = await loaders[language]();
    i18n.addResourceBundle(language, 'translation', texts.default, true, true);
  }
  await i18n.changeLanguage(language);
}

/**
 * Feature namespaces (`i18n/<namespace>/<language>.json`, e.g. `auth/en.json`) are separate chunks,
 * fetched when a page first asks for them (`useTranslation('auth')` suspends until then): the
 * public pages' first load does not carry the account pages' texts.
 */
const namespaceFiles = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.json');
export const NAMESPACES = [...new Set(Object.keys(namespaceFiles).map((file) => file.split('/')[1]!))];

const lazyNamespaces = {
  type: 'backend' as const,
  init() {},
  read(language: string, namespace: string, done: (error: unknown, texts: Record<string, unknown> | null) => void) {
    const load = namespaceFiles[`./${namespace}/${language}.json`];
    if (!load) return done(null, {});
    load().then(
      (module) => done(null, module.default),
      (error: unknown) => done(error, null),
    );
  },
};

void i18n
  .use(initReactI18next)
  .use(lazyNamespaces)
  .init({
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    ns: ['translation'],
    defaultNS: 'translation',
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: LANGUAGES,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode may refuse storage; the choice then lasts for this visit only.
  }
});
document.documentElement.lang = i18n.language;
// A visitor who chose another language before gets it as soon as its texts arrive; the first
// render waits for them (main.tsx), so the page does not flash up in English first.
const remembered = storedLanguage();
export const rememberedLanguageReady: Promise<void> =
  remembered === 'en' ? Promise.resolve() : setLanguage(remembered).catch(() => undefined);

export default i18n;
