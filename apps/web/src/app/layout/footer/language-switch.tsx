import { Group, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage } from '../../../i18n/i18n.ts';
import classes from './footer.module.css';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Group gap={4} role="group" aria-label={t('footer.language')}>
      {LANGUAGES.map((language) => (
        <UnstyledButton
          key={language}
          className={classes.langButton}
          aria-pressed={i18n.resolvedLanguage === language}
          lang={language}
          onClick={() => void setLanguage(language)}
        >
          {t(`languages.${language}`)}
        </UnstyledButton>
      ))}
    </Group>
  );
}
