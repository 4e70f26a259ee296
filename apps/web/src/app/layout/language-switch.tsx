import { UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage } from '../../i18n/i18n.ts';
import classes from './language-switch.module.css';

/**
 * Every language of the site, each named in itself ("English", "한국어") so that a visitor finds
 * their own whatever the page shows now; the current one is pressed. The footer shows it small,
 * the phone menu as a full-width pair.
 */
export function LanguageSwitch({ variant }: { variant: 'footer' | 'drawer' }) {
  const { t, i18n } = useTranslation();
  return (
    <div className={classes.group} data-variant={variant} role="group" aria-label={t('footer.language')}>
      {LANGUAGES.map((language) => (
        <UnstyledButton
          key={language}
          className={classes.button}
          aria-pressed={i18n.resolvedLanguage === language}
          lang={language}
          onClick={() => void setLanguage(language)}
        >
          {t(`languages.${language}`)}
        </UnstyledButton>
      ))}
    </div>
  );
}
