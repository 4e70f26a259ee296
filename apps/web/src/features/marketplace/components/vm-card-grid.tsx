import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconServerOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { VmProductCard } from '@mawingu/contracts/catalog';
import { EmptyState } from '../../../components/empty-state.tsx';
import { VmCard } from './vm-card.tsx';

/** Three cards per row on desktop, two on a tablet, one on a phone (spec section 9). */
const COLS = { base: 1, sm: 2, lg: 3 };

export function VmCardSkeletons() {
  return (
    <SimpleGrid cols={COLS} spacing="lg" aria-hidden>
      {[0, 1, 2].map((i) => (
        <Card key={i} padding="lg">
          <Stack gap="md">
            <Skeleton height={40} width="70%" />
            <Skeleton height={36} />
            <Skeleton height={32} width="50%" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** A list of VM cards; an empty one shows the spec's "Data Not Found". */
export function VmCardGrid({ products, loading, custom = false }: { products: VmProductCard[]; loading: boolean; custom?: boolean }) {
  const { t } = useTranslation();
  if (loading) return <VmCardSkeletons />;
  if (products.length === 0) {
    return (
      <Card padding={0}>
        <EmptyState icon={IconServerOff} title={t('spec.dataNotFound')} text={t('marketplace.noProductsHint')} />
      </Card>
    );
  }
  return (
    <SimpleGrid cols={COLS} spacing="lg">
      {products.map((product) => (
        <VmCard key={product.productID} product={product} custom={custom} />
      ))}
    </SimpleGrid>
  );
}
