import { Alert, Button, Container, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STATUS } from '@mawingu/contracts/envelope';
import { useCompanyConfigurationQuery } from '../../api/company/get-company-configuration.ts';

const ROUTED_STATUSES: readonly number[] = [STATUS.ok, STATUS.maintenance, STATUS.notFound];

/** Any other answer (no connection, server error): keep the message and offer a retry. */
export function ConfigurationErrorBanner() {
  const { t } = useTranslation();
  const query = useCompanyConfigurationQuery();
  const reply = query.isPlaceholderData ? undefined : query.data;
  if (!reply || ROUTED_STATUSES.includes(reply.status)) return null;

  return (
    <Container pt="md">
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('company.loadFailed')}>
        <Group justify="space-between" gap="sm">
          <Text size="sm">{reply.message}</Text>
          <Button size="xs" variant="light" color="red" loading={query.isFetching} onClick={() => void query.refetch()}>
            {t('company.retry')}
          </Button>
        </Group>
      </Alert>
    </Container>
  );
}
