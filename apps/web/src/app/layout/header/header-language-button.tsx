import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type Language } from '../../../i18n/i18n.ts';
import classes from './header.module.css';

/**
 * The header's language switch: the other language, named in itself ("한국어" on an English page,
 * "English" on a Korean one), so a visitor who cannot read the page still recognises their own.
 * With two languages one press switches; the footer and the phone menu list them all. On a
 * customer's full desktop bar only its icon shows (header.module.css); the name stays its label.
 */
export function HeaderLanguageButton() {
  const { t, i18n } = useTranslation();
  const other: Language = LANGUAGES.find((language) => language !== i18n.resolvedLanguage) ?? 'en';
  return (
    <Button
      className={classes.languageButton}
      classNames={{ label: classes.languageLabel, section: classes.languageIcon }}
      variant="subtle"
      color="gray"
      size="sm"
      px={8}
      leftSection={<IconLanguage size={18} stroke={1.7} aria-hidden />}
      lang={other}
      title={t('footer.language')}
      onClick={() => void setLanguage(other)}
    >
      {t(`languages.${other}`)}
    </Button>
  );
}
