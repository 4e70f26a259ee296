import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import ko from './ko.json';

export const LANGUAGES = ['en', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];

const STORAGE_KEY = 'language';

function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return LANGUAGES.find((language) => language === value) ?? 'en';
  } catch {
    return 'en';
  }
}

// Synchronous init with bundled resources: the first render already has its texts.
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, ko: { translation: ko } },
  lng: storedLanguage(),
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

export default i18n;
