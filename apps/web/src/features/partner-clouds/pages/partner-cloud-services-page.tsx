import { Alert, Button, Card, Container, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STATUS } from '@mawingu/contracts/envelope';
import { useExternalCloud } from '../../../api/catalog/get-external-cloud.ts';
import { paths } from '../../../app/paths.ts';
import { CloudCard } from '../../../components/cloud-card.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSpecText } from '../../../lib/spec-text.ts';

/** /partnerCloudServices: the external partner cloud providers of the company. */
export default function PartnerCloudServicesPage() {
  const { t } = useTranslation();
  const specText = useSpecText();
  const query = useExternalCloud();
  const reply = query.data;
  const clouds = reply?.data ?? [];

  let content;
  if (query.isPending) {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-hidden>
        {[0, 1, 2].map((i) => (
          <Card key={i} padding="lg">
            <Stack>
              <Skeleton height={40} width="60%" />
              <Skeleton height={14} />
              <Skeleton height={14} width="70%" />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  } else if (reply && reply.status !== STATUS.ok) {
    content = (
      <Alert color="red" title={t('partnerClouds.loadFailed')}>
        <Text size="sm" mb="sm">
          {specText(reply.message)}
        </Text>
        <Button size="xs" variant="default" onClick={() => void query.refetch()}>
          {t('marketplace.retry')}
        </Button>
      </Alert>
    );
  } else if (clouds.length === 0) {
    content = (
      <Card padding={0}>
        <EmptyState icon={IconCloudOff} title={t('spec.noDataAvailable')} text={t('partnerClouds.emptyText')}>
          <Button component={Link} to={paths.marketplace.getHref('all')} variant="light" mt="sm">
            {t('businessUnit.toMarketplace')}
          </Button>
        </EmptyState>
      </Card>
    );
  } else {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {clouds.map((cloud) => (
          <CloudCard key={cloud.ID} cloud={cloud} headingLevel={2} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <>
      <PageHeader title={t('partnerClouds.title')} subtitle={t('partnerClouds.subtitle')} />
      <Container py={{ base: 24, sm: 40 }}>{content}</Container>
    </>
  );
}
