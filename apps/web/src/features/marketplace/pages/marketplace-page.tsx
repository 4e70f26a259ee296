import { useRef, useState } from 'react';
import { Alert, Button, Card, Collapse, Container, Group, SimpleGrid, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconArrowUp, IconCloudOff } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STATUS } from '@mawingu/contracts/envelope';
import type { ProductFilter } from '@mawingu/contracts/catalog';
import { useFilteredProducts } from '../../../api/catalog/get-filtered-products.ts';
import { useProducts } from '../../../api/catalog/get-products.ts';
import { CloudCard } from '../../../components/cloud-card.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { osKindOf } from '../../../components/os-icon.tsx';
import { useSpecText } from '../../../lib/spec-text.ts';
import { AddonsPanel } from '../components/addons-panel.tsx';
import { CatalogueSection } from '../components/catalogue-section.tsx';
import { DomainCheck } from '../components/domain-check.tsx';
import { MarketplaceHeader, type SectionLink } from '../components/marketplace-header.tsx';
import classes from '../components/marketplace.module.css';
import { QuickSearch } from '../components/quick-search.tsx';
import { SslPanel } from '../components/ssl-panel.tsx';
import { VmCardGrid, VmCardSkeletons } from '../components/vm-card-grid.tsx';
import { EMPTY_FILTER } from '../quick-search-state.ts';

function Marketplace({ serviceName }: { serviceName: string }) {
  const { t } = useTranslation();
  const specText = useSpecText();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isWide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const [filterOpen, filter] = useDisclosure(false);
  const [draft, setDraft] = useState<ProductFilter>(EMPTY_FILTER);
  const [applied, setApplied] = useState<ProductFilter | null>(null);

  const products = useProducts(serviceName);
  const filtered = useFilteredProducts(serviceName, applied);
  const data = products.data?.data ?? null;
  const failed = products.data && products.data.status !== STATUS.ok;
  const filterFailed = applied && filtered.data && filtered.data.status !== STATUS.ok;

  // Spec: Apply shows the first result's products; Reset restores the full lists.
  const shown = applied && filtered.data?.data?.[0] ? filtered.data.data[0] : data;
  // Each product shows once: Kubernetes nodes under Containers, not also among the VMs.
  const isContainer = (p: { osType: string }) => osKindOf(p.osType) === 'kubernetes';
  const vms = (shown?.VMProducts ?? []).filter((p) => !isContainer(p));
  const custom = (shown?.GoldVMData ?? []).filter((p) => !isContainer(p));
  const containers = [...(shown?.VMProducts ?? []), ...(shown?.GoldVMData ?? [])].filter(isContainer);
  const loading = products.isPending || (applied !== null && filtered.isFetching);

  const sections: SectionLink[] = [
    { id: 'explore-vm', label: t('marketplace.exploreVm') },
    { id: 'explore-custom-vm', label: t('marketplace.exploreCustomVm') },
    { id: 'clouds', label: t('marketplace.clouds') },
    { id: 'explore-domain', label: t('marketplace.exploreDomain') },
    { id: 'containers', label: t('marketplace.containers') },
    { id: 'addons', label: t('marketplace.addons') },
    { id: 'get-ssl', label: t('marketplace.getSsl') },
  ];

  const backToTop = () => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    headingRef.current?.focus({ preventScroll: true });
  };

  const quickSearch = data && (
    <QuickSearch
      data={data.filterData}
      draft={draft}
      onChange={setDraft}
      onApply={() => setApplied({ ...draft })}
      onReset={() => {
        setDraft(EMPTY_FILTER);
        setApplied(null);
      }}
      applying={applied !== null && filtered.isFetching}
    />
  );

  return (
    <>
      <MarketplaceHeader sections={sections} headingRef={headingRef} />
      <Container py={{ base: 24, sm: 40 }}>
        {failed ? (
          <Alert color="red" title={t('marketplace.loadFailed')}>
            <Text size="sm" mb="sm">
              {specText(products.data!.message)}
            </Text>
            <Button size="xs" variant="default" onClick={() => void products.refetch()}>
              {t('marketplace.retry')}
            </Button>
          </Alert>
        ) : (
          <div className={classes.layout}>
            <div className={classes.aside}>
              {isWide ? (
                quickSearch
              ) : (
                <>
                  <Button
                    variant="default"
                    fullWidth
                    leftSection={<IconAdjustmentsHorizontal size={18} stroke={1.8} aria-hidden />}
                    onClick={filter.toggle}
                    aria-expanded={filterOpen}
                    aria-controls="quick-search-panel"
                  >
                    {t('marketplace.quickSearch')}
                  </Button>
                  <Collapse expanded={filterOpen} id="quick-search-panel">
                    <div style={{ paddingTop: 12 }}>{quickSearch}</div>
                  </Collapse>
                </>
              )}
            </div>

            <div className={classes.sections}>
              {applied && !loading && (
                <Group gap="xs" role="status">
                  <Text size="sm" c="dimmed">
                    {filterFailed
                      ? specText(filtered.data!.message)
                      : t('marketplace.filterApplied', { count: vms.length + custom.length + containers.length })}
                  </Text>
                </Group>
              )}
              <CatalogueSection id="explore-vm" title={t('marketplace.exploreVm')} count={loading ? undefined : vms.length}>
                <VmCardGrid products={vms} loading={loading} />
              </CatalogueSection>
              <CatalogueSection
                id="explore-custom-vm"
                title={t('marketplace.exploreCustomVm')}
                text={t('marketplace.customVmText')}
                count={loading ? undefined : custom.length}
              >
                <VmCardGrid products={custom} loading={loading} custom />
              </CatalogueSection>
              <CatalogueSection id="clouds" title={t('marketplace.clouds')} text={t('marketplace.cloudsText')}>
                {!data ? (
                  <VmCardSkeletons />
                ) : data.cloudData.length === 0 ? (
                  <Card padding={0}>
                    <EmptyState icon={IconCloudOff} title={t('spec.noDataAvailable')} />
                  </Card>
                ) : (
                  <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
                    {data.cloudData.map((cloud) => (
                      <CloudCard key={cloud.ID} cloud={cloud} />
                    ))}
                  </SimpleGrid>
                )}
              </CatalogueSection>
              <CatalogueSection id="explore-domain" title={t('marketplace.exploreDomain')} text={t('marketplace.domainText')}>
                <DomainCheck />
              </CatalogueSection>
              <CatalogueSection
                id="containers"
                title={t('marketplace.containers')}
                text={t('marketplace.containersText')}
                count={loading ? undefined : containers.length}
              >
                <VmCardGrid products={containers} loading={loading} />
              </CatalogueSection>
              <CatalogueSection id="addons" title={t('marketplace.addons')} text={t('marketplace.addonsText')}>
                {data ? <AddonsPanel specs={data.filterData.specs} /> : <VmCardSkeletons />}
              </CatalogueSection>
              <CatalogueSection id="get-ssl" title={t('marketplace.getSsl')}>
                <SslPanel />
              </CatalogueSection>
              <Group justify="center" mt="md">
                <Button variant="subtle" leftSection={<IconArrowUp size={16} stroke={1.8} aria-hidden />} onClick={backToTop}>
                  {t('marketplace.backToTop')}
                </Button>
              </Group>
            </div>
          </div>
        )}
      </Container>
    </>
  );
}

/** /marketplace/{serviceName}: "all" or one product section; a new section starts a fresh filter. */
export default function MarketplacePage() {
  const { serviceName = 'all' } = useParams();
  return <Marketplace key={serviceName} serviceName={serviceName} />;
}
