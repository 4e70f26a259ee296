import { useTranslation } from 'react-i18next';
import { Anchor, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { partnerCloudInput, type PartnerCloud, type PartnerCloudInput } from '@mawingu/contracts/admin/catalogue';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { useDeletePartnerCloud, usePartnerClouds, useSavePartnerCloud } from './catalogue-api.ts';
import { FormImageField, SortOrderField } from './catalogue-ui.tsx';
import { EditableRows } from './editable-rows.tsx';

const valuesOf = (cloud: PartnerCloud | null): PartnerCloudInput =>
  cloud
    ? {
        cloudTitle: cloud.cloudTitle,
        description: cloud.description,
        imagePath: cloud.imagePath ?? '',
        websiteUrl: cloud.websiteUrl,
        sortOrder: cloud.sortOrder,
      }
    : { cloudTitle: '', description: '', imagePath: '', websiteUrl: '', sortOrder: 0 };

/** Partner cloud providers: the marketplace's Clouds section and the Partner Cloud Services page. */
export default function PartnerCloudsPage() {
  const { t } = useTranslation('adminCatalogue');
  const companyId = useScopedCompanyId();
  const clouds = usePartnerClouds(companyId);
  const save = useSavePartnerCloud(companyId);
  const remove = useDeletePartnerCloud(companyId);

  return (
    <EditableRows<PartnerCloud, PartnerCloudInput>
      area="partners"
      query={clouds}
      name={(c) => c.cloudTitle}
      columns={[
        { key: 'title', label: t('partners.name'), render: (c) => c.cloudTitle },
        {
          key: 'site',
          label: t('partners.website'),
          render: (c) => (
            <Anchor href={c.websiteUrl} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
              {c.websiteUrl}
            </Anchor>
          ),
        },
        { key: 'order', label: t('common.sortOrder'), render: (c) => c.sortOrder, numeric: true },
      ]}
      onDelete={(c) => remove.mutateAsync(c.id)}
      schema={partnerCloudInput}
      values={valuesOf}
      onSave={(id, body) => save.mutateAsync({ id, body })}
    >
      {(form, text) => (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              {...form.register('cloudTitle')}
              label={t('partners.name')}
              withAsterisk
              error={text(form.formState.errors.cloudTitle?.message)}
              data-autofocus
            />
            <TextInput
              {...form.register('websiteUrl')}
              label={t('partners.website')}
              withAsterisk
              placeholder="https://"
              inputMode="url"
              error={text(form.formState.errors.websiteUrl?.message)}
            />
          </SimpleGrid>
          <Textarea
            {...form.register('description')}
            label={t('partners.description')}
            autosize
            minRows={2}
            error={text(form.formState.errors.description?.message)}
          />
          <FormImageField form={form} name="imagePath" companyId={companyId} label={t('partners.image')} />
          <SortOrderField form={form} maw={160} />
        </Stack>
      )}
    </EditableRows>
  );
}
