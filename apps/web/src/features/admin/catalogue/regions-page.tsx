import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, SimpleGrid, TextInput } from '@mantine/core';
import { regionInput, type Region, type RegionInput } from '@mawingu/contracts/admin/catalogue';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { useDeleteRegion, useRegions, useSaveRegion } from './catalogue-api.ts';
import { QueryView, SectionHeader } from './catalogue-ui.tsx';
import { EditDeleteActions } from './row-actions.tsx';
import { DataList } from './data-list.tsx';
import { EditModal } from './edit-modal.tsx';

const EMPTY: RegionInput = { name: '', iso2: '', currency: 'ZAR', taxPercent: '' };

/** Regions the company sells in: the country, its currency and its tax (VAT) percentage. */
export default function RegionsPage() {
  const { t } = useTranslation('adminCatalogue');
  const companyId = useScopedCompanyId();
  const regions = useRegions(companyId);
  const save = useSaveRegion(companyId);
  const remove = useDeleteRegion(companyId);
  const [editing, setEditing] = useState<Region | 'new' | null>(null);
  const current = editing === 'new' ? null : editing;

  return (
    <section aria-labelledby="catalogue-regions-title">
      <SectionHeader id="catalogue-regions-title" title={t('regions.title')} description={t('regions.intro')}>
        <Button onClick={() => setEditing('new')}>{t('regions.add')}</Button>
      </SectionHeader>
      <QueryView query={regions}>
        {(list) => (
          <DataList
            rows={list}
            rowKey={(r) => r.id}
            rowLabel={(r) => r.name}
            empty={t('regions.empty')}
            columns={[
              { key: 'name', label: t('regions.name'), render: (r) => r.name },
              { key: 'iso2', label: t('regions.iso2'), render: (r) => r.iso2 },
              { key: 'currency', label: t('regions.currency'), render: (r) => r.currency },
              { key: 'tax', label: t('regions.tax'), render: (r) => `${r.taxPercent} %`, numeric: true },
              {
                key: 'use',
                label: t('regions.use'),
                render: (r) =>
                  r.productCount > 0 ? (
                    <Badge variant="light">{t('regions.productsListed', { count: r.productCount })}</Badge>
                  ) : r.inUse ? (
                    <Badge variant="light" color="gray">
                      {t('regions.inUse')}
                    </Badge>
                  ) : (
                    t('regions.unused')
                  ),
              },
            ]}
            actions={(r) => (
              <EditDeleteActions
                area="regions"
                name={r.name}
                onEdit={() => setEditing(r)}
                onDelete={r.inUse ? undefined : () => remove.mutateAsync(r.id)}
              />
            )}
          />
        )}
      </QueryView>
      <EditModal<RegionInput>
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={current ? t('regions.editTitle', { name: current.name }) : t('regions.add')}
        schema={regionInput}
        values={current ? { name: current.name, iso2: current.iso2, currency: current.currency, taxPercent: current.taxPercent } : EMPTY}
        savedText={t('common.savedToast')}
        onSave={(body) => save.mutateAsync({ id: current?.id ?? null, body })}
      >
        {(form, text) => (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              {...form.register('name')}
              label={t('regions.name')}
              description={t('regions.nameHelp')}
              withAsterisk
              error={text(form.formState.errors.name?.message)}
              data-autofocus
            />
            <TextInput
              {...form.register('iso2')}
              label={t('regions.iso2')}
              withAsterisk
              maxLength={2}
              error={text(form.formState.errors.iso2?.message)}
              autoComplete="off"
            />
            <TextInput
              {...form.register('currency')}
              label={t('regions.currency')}
              withAsterisk
              maxLength={3}
              error={text(form.formState.errors.currency?.message)}
              autoComplete="off"
            />
            <TextInput
              {...form.register('taxPercent')}
              label={t('regions.tax')}
              description={t('regions.taxHelp')}
              withAsterisk
              inputMode="decimal"
              rightSection="%"
              error={text(form.formState.errors.taxPercent?.message)}
              autoComplete="off"
            />
          </SimpleGrid>
        )}
      </EditModal>
    </section>
  );
}
