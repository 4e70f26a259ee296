import '../mantine-purchase-styles.ts';
import { Alert, Button, Container, Grid, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useVmProductDetail } from '../../../api/purchase/get-vm-product-detail.ts';
import { paths } from '../../../app/paths.ts';
import { useSpecTextIn } from '../../../lib/spec-text-in.ts';
import { Configurator } from '../components/configurator.tsx';

function Loading() {
  return (
    <Container py={{ base: 20, sm: 32 }} aria-busy="true">
      <Stack gap="lg">
        <Skeleton height={72} radius="md" />
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
            <Stack gap="lg">
              <Skeleton height={120} radius="md" />
              <Skeleton height={280} radius="md" />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
            <Skeleton height={360} radius="md" />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

/** /productdetails/{productID}: the configuration screen of a new VM (purchasing spec section 2). */
export default function ProductDetailsPage() {
  const { t } = useTranslation('purchase');
  const specText = useSpecTextIn('purchase');
  const { productID } = useParams();
  const id = /^\d{1,10}$/.test(productID ?? '') ? Number(productID) : 0;
  const query = useVmProductDetail(id);

  if (id > 0 && query.isPending) return <Loading />;
  const reply = query.data;
  if (!reply?.data) {
    return (
      <Container py={{ base: 32, sm: 48 }} size="sm">
        <Alert color="red" variant="light" title={t('configure.loadFailed')}>
          <Stack gap="xs" align="flex-start">
            {reply?.message && <Text size="sm">{specText(reply.message)}</Text>}
            <Button.Group>
              {id > 0 && (
                <Button size="xs" variant="default" onClick={() => void query.refetch()}>
                  {t('configure.retry')}
                </Button>
              )}
              <Button size="xs" variant="default" component={Link} to={paths.marketplace.getHref()}>
                {t('configure.browse')}
              </Button>
            </Button.Group>
          </Stack>
        </Alert>
      </Container>
    );
  }
  return <Configurator key={reply.data.productid} details={reply.data} />;
}
