import { useEffect } from 'react';
import { Alert, Anchor, Breadcrumbs, Button, Card, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STATUS } from '@mawingu/contracts/envelope';
import { businessSlug, type ProductDetails } from '@mawingu/contracts/product-services';
import { useProductDetails } from '../../../api/product-services/get-product-details.ts';
import { useProductServiceList } from '../../../api/product-services/get-product-services.ts';
import { paths } from '../../../app/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useSpecText } from '../../../lib/spec-text.ts';
import { storeBusinessName } from '../business-name-storage.ts';
import classes from '../components/business-unit.module.css';
import { CloudServiceCards } from '../components/cloud-service-cards.tsx';
import { EnquiryForm } from '../components/enquiry-form.tsx';
import { RedirectPanel } from '../components/redirect-panel.tsx';
import { SideMenu } from '../components/side-menu.tsx';

function OptionContent({ unit }: { unit: ProductDetails['businessData'] }) {
  switch (unit.serviceOption) {
    case 'RedirectionURL':
      return <RedirectPanel redirectUrl={unit.redirectUrl} />;
    case 'CloudService':
      return <CloudServiceCards clouds={unit.cloudService} />;
    case 'SendEmailForEnquiry':
      return <EnquiryForm key={unit.businessName} businessName={unit.businessName} />;
  }
}

/** /businessunit/{businessName} (also /businessUnit/…): one "product and service" page. */
export default function BusinessUnitPage() {
  const { t } = useTranslation();
  const specText = useSpecText();
  const name = businessSlug(useParams().businessName ?? '');
  const details = useProductDetails(name);
  const units = useProductServiceList();

  useEffect(() => {
    if (name) storeBusinessName(name);
  }, [name]);

  const reply = details.data;
  const unit = reply?.data?.businessData ?? null;
  const menu = reply?.data?.sideMenu.map((m) => m.businessName) ?? units.map((u) => u.businessName);
  const title = unit?.businessName ?? name;

  let content;
  if (details.isPending) {
    content = (
      <Card padding="lg">
        <Stack>
          <Skeleton height={20} width="40%" />
          <Skeleton height={14} />
          <Skeleton height={14} width="80%" />
        </Stack>
      </Card>
    );
  } else if (unit) {
    content = <OptionContent unit={unit} />;
  } else if (reply?.status === STATUS.notFound) {
    content = (
      <Card padding={0}>
        <EmptyState icon={IconMoodEmpty} title={specText(reply.message)} text={t('businessUnit.notFoundText')}>
          <Button component={Link} to={paths.marketplace.getHref('all')} variant="light" mt="sm">
            {t('businessUnit.toMarketplace')}
          </Button>
        </EmptyState>
      </Card>
    );
  } else {
    content = (
      <Alert color="red" title={t('businessUnit.loadFailed')}>
        <Text size="sm" mb="sm">
          {specText(reply?.message ?? '')}
        </Text>
        <Button size="xs" variant="default" onClick={() => void details.refetch()}>
          {t('marketplace.retry')}
        </Button>
      </Alert>
    );
  }

  return (
    <>
      <div className={classes.band}>
        <Container py={{ base: 24, sm: 36 }}>
          <nav aria-label={t('businessUnit.breadcrumb')}>
            <Breadcrumbs separator="›" mb="sm" styles={{ root: { flexWrap: 'wrap' } }}>
              <Anchor component={Link} to={paths.home.getHref()} size="sm">
                {t('nav.home')}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t('businessUnit.sideMenu')}
              </Text>
              <Text size="sm" fw={500} aria-current="page">
                {unit?.businessName ?? name}
              </Text>
            </Breadcrumbs>
          </nav>
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          {unit?.description && (
            <Text c="dimmed" mt="xs" maw={720}>
              {unit.description}
            </Text>
          )}
        </Container>
      </div>
      <Container py={{ base: 24, sm: 40 }}>
        <div className={classes.layout}>
          <SideMenu names={menu} current={unit?.businessName ?? name} />
          <div>{content}</div>
        </div>
      </Container>
    </>
  );
}
