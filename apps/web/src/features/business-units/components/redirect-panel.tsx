import { Button, Card, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toExternalHref } from '../../../lib/external-url.ts';

/** serviceOption RedirectionURL: the spec's "Click Here Know More", opening the address in a new tab. */
export function RedirectPanel({ redirectUrl }: { redirectUrl: string }) {
  const { t } = useTranslation();
  const href = toExternalHref(redirectUrl);
  return (
    <Card padding="lg">
      <Text c="dimmed" size="sm" mb="md">
        {t('businessUnit.redirectText')}
      </Text>
      {href ? (
        <Button
          component="a"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          rightSection={<IconExternalLink size={16} stroke={1.8} aria-hidden />}
          aria-label={`${t('businessUnit.knowMore')} ${t('nav.opensInNewTab')}`}
        >
          {t('businessUnit.knowMore')}
        </Button>
      ) : (
        <Text size="sm">{t('businessUnit.noLink')}</Text>
      )}
    </Card>
  );
}
