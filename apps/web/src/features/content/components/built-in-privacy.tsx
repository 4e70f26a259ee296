import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type SectionKey = 'collect' | 'use' | 'share' | 'keep' | 'security' | 'rights';
const SECTIONS: readonly SectionKey[] = ['collect', 'use', 'share', 'keep', 'security', 'rights'];

/** The built-in privacy policy with the consent text the South African POPI Act asks for. */
export function BuiltInPrivacy({ companyName }: { companyName: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      {SECTIONS.map((key) => (
        <section key={key} aria-labelledby={`privacy-${key}`}>
          <Title order={2} fz="lg" mb={6} id={`privacy-${key}`}>
            {t(`privacy.sections.${key}.title`)}
          </Title>
          <Text lh={1.7}>{t(`privacy.sections.${key}.body`)}</Text>
        </section>
      ))}
      <Alert
        variant="light"
        radius="md"
        icon={<IconShieldCheck size={22} aria-hidden />}
        title={
          <Title order={2} fz="md">
            {t('privacy.consentTitle')}
          </Title>
        }
        data-testid="popia-consent"
      >
        <Text size="sm" lh={1.7}>
          {companyName ? t('privacy.consent', { companyName }) : t('privacy.consentNoCompany')}
        </Text>
      </Alert>
      <Text c="dimmed" size="sm">
        {t('privacy.contact')}
      </Text>
    </Stack>
  );
}
