import { Anchor, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuilding, IconMail, IconMapPin, IconPhone, IconWorld, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CompanyConfiguration } from '@mawingu/contracts/company';
import { SocialLinks } from '../../../components/social-links.tsx';
import { displayValue } from '../../../lib/display-value.ts';

function DetailRow({ icon: RowIcon, label, children }: { icon: Icon; label: string; children: React.ReactNode }) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <ThemeIcon size={36} radius="md" variant="light">
        <RowIcon size={18} stroke={1.7} aria-hidden />
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts="0.04em">
          {label}
        </Text>
        <Text style={{ overflowWrap: 'anywhere' }}>{children}</Text>
      </div>
    </Group>
  );
}

/** "Connect Us": the configuration's phone, e-mail, office, city and country ("NA" left out), social links. */
export function ContactDetails({ config }: { config: CompanyConfiguration | null }) {
  const { t } = useTranslation();
  const phone = displayValue(config?.contactNo);
  const email = displayValue(config?.emailID);
  const office = displayValue(config?.officeAddress);
  const city = displayValue(config?.city);
  const country = displayValue(config?.country);

  return (
    <Card padding="xl" component="section" aria-labelledby="help-connect" h="100%">
      <Title order={2} fz="xl" id="help-connect" mb="lg">
        {t('help.connectTitle')}
      </Title>
      <Stack gap="lg">
        {phone && (
          <DetailRow icon={IconPhone} label={t('help.phone')}>
            <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`} inherit>
              {phone}
            </Anchor>
          </DetailRow>
        )}
        {email && (
          <DetailRow icon={IconMail} label={t('help.email')}>
            <Anchor href={`mailto:${email}`} inherit>
              {email}
            </Anchor>
          </DetailRow>
        )}
        {office && (
          <DetailRow icon={IconBuilding} label={t('help.officeAddress')}>
            {office}
          </DetailRow>
        )}
        {city && (
          <DetailRow icon={IconMapPin} label={t('help.city')}>
            {city}
          </DetailRow>
        )}
        {country && (
          <DetailRow icon={IconWorld} label={t('help.country')}>
            {country}
          </DetailRow>
        )}
      </Stack>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts="0.04em" mt="xl" mb="xs">
        {t('help.followUs')}
      </Text>
      <SocialLinks config={config} />
    </Card>
  );
}
