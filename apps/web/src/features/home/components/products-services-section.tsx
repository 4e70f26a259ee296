import { lazy, Suspense, useDeferredValue } from 'react';
import { Button, Card, Container, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight, IconBox, IconCloudComputing, IconExternalLink, IconMailQuestion, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProductServiceCard, ServiceOption } from '@mawingu/contracts/product-services';
import { useProductServices } from '../../../api/product-services/get-product-services.ts';
import { paths } from '../../../app/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { SectionHeading } from '../../../components/section-heading.tsx';
import classes from './home.module.css';

const ICONS: Record<ServiceOption, Icon> = {
  CloudService: IconCloudComputing,
  SendEmailForEnquiry: IconMailQuestion,
  RedirectionURL: IconExternalLink,
};

function ServiceCard({ unit }: { unit: ProductServiceCard }) {
  const { t } = useTranslation();
  const UnitIcon = ICONS[unit.serviceOption];
  const image = unit.imagePath && unit.imagePath !== 'NA' ? unit.imagePath : null;
  return (
    <Card padding="lg" h="100%" className={classes.sectionCard}>
      <Stack gap="sm" h="100%">
        {image ? (
          <img src={image} alt="" width={44} height={44} style={{ objectFit: 'contain' }} />
        ) : (
          <ThemeIcon size={44} radius="md" variant="light">
            <UnitIcon size={24} stroke={1.6} aria-hidden />
          </ThemeIcon>
        )}
        <Text component="h3" fw={600} size="lg" m={0} style={{ overflowWrap: 'anywhere' }}>
          {unit.businessName}
        </Text>
        {/* Spec section 9: a product description is clamped to 3 lines. */}
        <Text size="sm" c="dimmed" lineClamp={3}>
          {unit.description}
        </Text>
        <Button
          component={Link}
          to={paths.businessUnit.getHref(unit.businessName)}
          variant="light"
          rightSection={<IconArrowRight size={16} stroke={1.8} aria-hidden />}
          mt="auto"
          style={{ alignSelf: 'flex-start' }}
          aria-label={t('productServices.exploreName', { name: unit.businessName })}
        >
          {t('productServices.explore')}
        </Button>
      </Stack>
    </Card>
  );
}

// The server's "none" message in the visitor's language needs the catalogue of server texts: fetched only when it shows.
const ServerText = lazy(() => import('../../../components/server-text.tsx'));

/**
 * Home: "Our Products & Services", a card per business unit with Explore. With none, the server's
 * message shows (spec section 8).
 */
export function ProductsServicesSection() {
  const { t } = useTranslation();
  // The cards render in a transition React slices, not in the blocking update the reply triggers.
  const reply = useDeferredValue(useProductServices().data);
  const units = reply?.data ?? [];

  let content;
  if (!reply) {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" aria-hidden>
        {[0, 1, 2].map((i) => (
          <Card key={i} padding="lg">
            <Stack>
              <Skeleton height={44} width={44} />
              <Skeleton height={18} width="60%" />
              <Skeleton height={14} />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  } else if (units.length === 0) {
    content = (
      <Card padding={0}>
        <EmptyState
          icon={IconBox}
          title={
            <Suspense fallback={reply.message}>
              <ServerText text={reply.message} />
            </Suspense>
          }
        />
      </Card>
    );
  } else {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {units.map((unit) => (
          <ServiceCard key={unit.ID} unit={unit} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <section className={classes.section} aria-labelledby="products-services-title">
      <Container>
        <SectionHeading id="products-services-title" title={t('productServices.title')} text={t('productServices.text')} />
        {content}
      </Container>
    </section>
  );
}
