import { Button, Card, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight, IconCloudComputing, IconCloudOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CloudServiceCard } from '@mawingu/contracts/product-services';
import { paths } from '../../../app/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';

/** serviceOption CloudService: a card per cloud service, Proceed opening its marketplace section. */
export function CloudServiceCards({ clouds }: { clouds: CloudServiceCard[] }) {
  const { t } = useTranslation();
  if (clouds.length === 0) {
    return (
      <Card padding={0}>
        <EmptyState icon={IconCloudOff} title={t('spec.noDataAvailable')} />
      </Card>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      {clouds.map((cloud) => (
        <Card key={cloud.ID} padding="lg">
          <Stack gap="sm" h="100%">
            {cloud.imagePath && cloud.imagePath !== 'NA' ? (
              <img src={cloud.imagePath} alt="" width={44} height={44} style={{ objectFit: 'contain' }} />
            ) : (
              <ThemeIcon size={44} radius="md" variant="light">
                <IconCloudComputing size={24} stroke={1.6} aria-hidden />
              </ThemeIcon>
            )}
            <Text component="h3" fw={600} size="lg" m={0}>
              {cloud.cloudTitle}
            </Text>
            {cloud.description && (
              <Text size="sm" c="dimmed" lineClamp={3}>
                {cloud.description}
              </Text>
            )}
            <Button
              component={Link}
              to={paths.marketplace.getHref(cloud.serviceName)}
              rightSection={<IconArrowRight size={16} stroke={1.8} aria-hidden />}
              mt="auto"
              style={{ alignSelf: 'flex-start' }}
              aria-label={t('businessUnit.proceedTo', { name: cloud.cloudTitle })}
            >
              {t('businessUnit.proceed')}
            </Button>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
