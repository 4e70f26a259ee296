import { Container, Text } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCompanyConfiguration } from '../../../api/company/get-company-configuration.ts';
import classes from './home.module.css';

/** The company's banner message above the hero; nothing when the company has none. */
export function BannerMessage() {
  const { t } = useTranslation();
  const message = useCompanyConfiguration()?.bannerMessage.trim();
  if (!message) return null;
  return (
    <aside className={classes.banner} aria-label={t('home.bannerLabel')}>
      <Container className={classes.bannerInner}>
        <IconSpeakerphone size={18} stroke={1.7} aria-hidden className={classes.bannerIcon} />
        <Text size="sm" fw={500} data-testid="banner-message">
          {message}
        </Text>
      </Container>
    </aside>
  );
}
