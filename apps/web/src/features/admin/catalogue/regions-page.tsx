import { useTranslation } from 'react-i18next';
import { Badge, SimpleGrid, TextInput } from '@mantine/core';
import { regionInput, type Region, type RegionInput } from '@mawingu/contracts/admin/catalogue';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { useDeleteRegion, useRegions, useSaveRegion } from './catalogue-api.ts';
import { EditableRows } from './editable-rows.tsx';

const EMPTY: RegionInput = { name: '', iso2: '', currency: 'ZAR', taxPercent: '' };

/** Regions the company sells in: the country, its currency and its tax (VAT) percentage. */
export default function RegionsPage() {
  const { t } = useTranslation('adminCatalogue');
  const companyId = useScopedCompanyId();
  const regions = useRegions(companyId);
  const save = useSaveRegion(companyId);
  const remove = useDeleteRegion(companyId);
  return (
    <EditableRows<Region, RegionInput>
      area="regions"
      query={regions}
      name={(r) => r.name}
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
      canDelete={(r) => !r.inUse}
      onDelete={(r) => remove.mutateAsync(r.id)}
      schema={regionInput}
      values={(r) => (r ? { name: r.name, iso2: r.iso2, currency: r.currency, taxPercent: r.taxPercent } : EMPTY)}
      onSave={(id, body) => save.mutateAsync({ id, body })}
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
    </EditableRows>
  );
}
