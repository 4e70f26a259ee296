import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Group, ScrollArea, Stack, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ProductSummary, Region } from '@mawingu/contracts/admin/catalogue';
import { formatMoney } from '../../../lib/money.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { useWide } from '../shell/use-wide.ts';
import { useDeleteProduct, useProducts, useRegions, useSetProductActive } from './catalogue-api.ts';
import { ConfirmButton, QueryView, SectionHeader, useCatalogueText } from './catalogue-ui.tsx';
import classes from './catalogue.module.css';

const PROVIDER_LABEL = { simulator: 'Simulator', hc3: 'HC3', openNebula: 'OpenNebula', nodeWeaver: 'NodeWeaver' } as const;

function useProductActions(companyId: number) {
  const { t } = useTranslation('adminCatalogue');
  const text = useCatalogueText();
  const setActive = useSetProductActive(companyId);
  const remove = useDeleteProduct(companyId);
  async function toggle(product: ProductSummary, active: boolean) {
    try {
      await setActive.mutateAsync({ id: product.id, active });
      showSuccessToast(t(active ? 'products.enabledToast' : 'products.disabledToast', { name: product.name }));
    } catch (err) {
      showErrorToast(text(err instanceof Error ? err.message : String(err)) ?? '');
    }
  }
  return { toggle, remove, busy: setActive.isPending };
}

function RegionNames({ product, regions }: { product: ProductSummary; regions: Region[] }) {
  const { t } = useTranslation('adminCatalogue');
  if (product.regionIds.length === 0) return <>{t('products.everyRegion')}</>;
  return <>{product.regionIds.map((id) => regions.find((r) => r.id === id)?.name ?? `#${id}`).join(', ')}</>;
}

function StatusSwitch({ product, onChange, busy }: { product: ProductSummary; onChange: (active: boolean) => void; busy: boolean }) {
  const { t } = useTranslation('adminCatalogue');
  return (
    <Switch
      checked={product.active}
      onChange={(event) => onChange(event.currentTarget.checked)}
      disabled={busy}
      label={product.active ? t('products.enabled') : t('products.disabled')}
      aria-label={t('products.enabledFor', { name: product.name })}
    />
  );
}

function DeleteProduct({ product, onDelete }: { product: ProductSummary; onDelete: () => Promise<unknown> }) {
  const { t } = useTranslation('adminCatalogue');
  // A product with orders or VMs is only disabled: its orders and VMs name it.
  if (product.orderCount > 0 || product.vmCount > 0) return null;
  return (
    <ConfirmButton
      label={t('common.delete')}
      ariaLabel={t('products.deleteNamed', { name: product.name })}
      title={t('products.deleteTitle')}
      question={t('products.deleteQuestion', { name: product.name })}
      onConfirm={onDelete}
    />
  );
}

/** The company's products: list price, regions, flags, orders; enable or disable; open the editor. */
export default function ProductsPage() {
  const { t } = useTranslation('adminCatalogue');
  const companyId = useScopedCompanyId();
  const wide = useWide();
  const products = useProducts(companyId);
  const regions = useRegions(companyId);
  const { toggle, remove, busy } = useProductActions(companyId);
  const editHref = (id: number) => `/admin/c/${companyId}/catalogue/products/${id}`;
  const deleteOne = async (product: ProductSummary) => {
    await remove.mutateAsync(product.id);
    showSuccessToast(t('products.deletedToast', { name: product.name }));
  };

  return (
    <section aria-labelledby="catalogue-products-title">
      <SectionHeader id="catalogue-products-title" title={t('products.title')} description={t('products.intro')}>
        <Button component={Link} to={`/admin/c/${companyId}/catalogue/products/new`}>
          {t('products.add')}
        </Button>
      </SectionHeader>
      <QueryView query={products}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">{t('products.empty')}</Text>
          ) : wide ? (
            <ScrollArea type="auto">
              <Table striped highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('products.name')}</Table.Th>
                    <Table.Th>{t('products.provider')}</Table.Th>
                    <Table.Th className={classes.numeric}>{t('products.listPrice')}</Table.Th>
                    <Table.Th>{t('products.regions')}</Table.Th>
                    <Table.Th className={classes.numeric}>{t('products.orders')}</Table.Th>
                    <Table.Th>{t('products.status')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((p) => (
                    <Table.Tr key={p.id}>
                      <Table.Td>
                        <Anchor component={Link} to={editHref(p.id)} fw={600}>
                          {p.name}
                        </Anchor>
                        <Group gap={6} mt={2}>
                          <Text size="xs" c="dimmed">
                            {p.osType} · {p.serviceName}
                          </Text>
                          {p.isGoldCopy && (
                            <Badge size="xs" color="yellow" variant="light">
                              {t('products.gold')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>{PROVIDER_LABEL[p.provider]}</Table.Td>
                      <Table.Td className={classes.numeric}>{formatMoney(p.listPrice, p.currency)}</Table.Td>
                      <Table.Td>
                        <RegionNames product={p} regions={regions.data ?? []} />
                      </Table.Td>
                      <Table.Td className={classes.numeric}>
                        {p.orderCount} / {p.vmCount}
                      </Table.Td>
                      <Table.Td>
                        <StatusSwitch product={p} busy={busy} onChange={(active) => void toggle(p, active)} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap" justify="flex-end">
                          <Button
                            size="xs"
                            variant="subtle"
                            component={Link}
                            to={editHref(p.id)}
                            aria-label={t('products.editNamed', { name: p.name })}
                          >
                            {t('common.edit')}
                          </Button>
                          <DeleteProduct product={p} onDelete={() => deleteOne(p)} />
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          ) : (
            <Stack gap="sm">
              {list.map((p) => (
                <article key={p.id} className={classes.card} aria-label={p.name}>
                  <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Anchor component={Link} to={editHref(p.id)} fw={600}>
                        {p.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {p.osType} · {PROVIDER_LABEL[p.provider]}
                      </Text>
                    </Stack>
                    <Text fw={600} className={classes.numeric}>
                      {formatMoney(p.listPrice, p.currency)}
                    </Text>
                  </Group>
                  <Text size="sm" mt={6}>
                    {t('products.regions')}: <RegionNames product={p} regions={regions.data ?? []} />
                  </Text>
                  <Text size="sm">{t('products.ordersVms', { orders: p.orderCount, vms: p.vmCount })}</Text>
                  {p.isGoldCopy && (
                    <Badge size="xs" color="yellow" variant="light" mt={4}>
                      {t('products.gold')}
                    </Badge>
                  )}
                  <Group justify="space-between" mt="sm" gap="xs">
                    <StatusSwitch product={p} busy={busy} onChange={(active) => void toggle(p, active)} />
                    <Group gap={4}>
                      <Button
                        size="xs"
                        variant="subtle"
                        component={Link}
                        to={editHref(p.id)}
                        aria-label={t('products.editNamed', { name: p.name })}
                      >
                        {t('common.edit')}
                      </Button>
                      <DeleteProduct product={p} onDelete={() => deleteOne(p)} />
                    </Group>
                  </Group>
                </article>
              ))}
            </Stack>
          )
        }
      </QueryView>
      <Text size="xs" c="dimmed" mt="md">
        {t('products.listPriceNote')}
      </Text>
    </section>
  );
}
