import '../mantine-purchase-styles.ts';
import { useEffect, useRef } from 'react';
import { Container, Grid, Skeleton, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { messages } from '@mawingu/contracts/messages';
import { useVmDetailForRenew } from '../../../api/renewals/get-vm-detail-for-renew.ts';
import { paths } from '../../../app/paths.ts';
import { useSpecTextIn } from '../../../lib/spec-text-in.ts';
import { showErrorToast } from '../../../lib/toast.ts';
import { RenewVmView } from '../renewals/renew-vm-view.tsx';
import { useBack } from '../use-back.ts';

function Loading() {
  const { t } = useTranslation('renewals');
  return (
    <Container py={{ base: 20, sm: 32 }} aria-busy="true" aria-label={t('renew.loading')}>
      <Stack gap="lg">
        <Skeleton height={72} radius="md" />
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
            <Skeleton height={320} radius="md" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
            <Skeleton height={320} radius="md" />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

/** /renewvm/{purchaseId}: renew one VM (kind 3). A load refused by the server goes back and shows its message. */
export default function RenewVmPage() {
  const specText = useSpecTextIn('purchase');
  const { purchaseId } = useParams();
  const id = /^\d{1,10}$/.test(purchaseId ?? '') ? Number(purchaseId) : 0;
  const query = useVmDetailForRenew(id);
  const back = useBack(paths.customerProfile.getHref(2));
  const reply = query.data;
  const failed = id === 0 || (!query.isPending && !reply?.data);
  const message = id === 0 ? messages.vmNotFound : (reply?.message ?? messages.serverError);

  // Spec: a details load failure goes back one screen and shows the message as an error (once,
  // though StrictMode runs the effect twice).
  const left = useRef(false);
  useEffect(() => {
    if (!failed || left.current) return;
    left.current = true;
    showErrorToast(specText(message));
    back();
  }, [failed, message, specText, back]);

  if (!reply?.data) return <Loading />;
  return <RenewVmView key={reply.data.VMProductDetail.ID} details={reply.data} />;
}
