import { Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useProductServiceList } from '../../../api/product-services/get-product-services.ts';
import { paths } from '../../../app/paths.ts';

/**
 * "Get SSL": certificates are sold through enquiry. Leads to the company's SSL product page when
 * it has one (a business unit named for SSL), otherwise to the contact page.
 */
export function SslPanel() {
  const { t } = useTranslation();
  const sslUnit = useProductServiceList().find((unit) => /\bssl\b/i.test(unit.businessName));
  const href = sslUnit ? paths.businessUnit.getHref(sslUnit.businessName) : paths.help.getHref();
  return (
    <Card padding="lg">
      <Group justify="space-between" align="center" gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start" style={{ flex: '1 1 320px' }}>
          <ThemeIcon size={44} radius="md" variant="light" color="teal">
            <IconLock size={24} stroke={1.6} aria-hidden />
          </ThemeIcon>
          <Stack gap={4}>
            <Text component="h3" fw={600} m={0}>
              {t('marketplace.sslTitle')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('marketplace.sslText')}
            </Text>
          </Stack>
        </Group>
        <Button component={Link} to={href} variant="light">
          {sslUnit ? t('marketplace.sslAction') : t('marketplace.sslContact')}
        </Button>
      </Group>
    </Card>
  );
}
