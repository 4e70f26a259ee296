import '../mantine-purchase-styles.ts';
import { Alert, Button, Container, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { decodeMultiRenewValue } from '@mawingu/contracts/multi-renew-value';
import { messages } from '@mawingu/contracts/messages';
import { useVmDataForMultipleRenew } from '../../../api/renewals/get-vm-data-for-multiple-renew.ts';
import { paths } from '../../../app/paths.ts';
import { useSpecTextIn } from '../../../lib/spec-text-in.ts';
import { MultiRenewView } from '../renewals/multi-renew-view.tsx';

/**
 * /renewMultipleVM/{value}: renew several VMs at once (kind 5). A value that is not one is sent as
 * an empty list, so the page shows the server's own refusal like any other.
 */
export default function RenewMultipleVmPage() {
  const { t } = useTranslation('renewals');
  const specText = useSpecTextIn('purchase');
  const { value } = useParams();
  const ids = decodeMultiRenewValue(value ?? '') ?? [];
  const query = useVmDataForMultipleRenew(ids);
  const reply = query.data;

  if (query.isPending) {
    return (
      <Container py={{ base: 20, sm: 32 }} aria-busy="true">
        <Stack gap="lg">
          <Skeleton height={72} radius="md" />
          <Skeleton height={280} radius="md" />
        </Stack>
      </Container>
    );
  }
  if (!reply?.data) {
    return (
      <Container py={{ base: 32, sm: 48 }} size="sm">
        <Alert color="red" variant="light" title={t('multi.loadFailed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{specText(reply?.message ?? messages.serverError)}</Text>
            <Button size="xs" variant="default" component={Link} to={paths.customerProfile.getHref(2)}>
              {t('multi.toAccount')}
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }
  return <MultiRenewView details={reply.data} />;
}
