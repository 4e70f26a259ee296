import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Anchor, Button, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { partnerCloudInput, type PartnerCloud, type PartnerCloudInput } from '@mawingu/contracts/admin/catalogue';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { useDeletePartnerCloud, usePartnerClouds, useSavePartnerCloud } from './catalogue-api.ts';
import { ImageField, QueryView, SectionHeader } from './catalogue-ui.tsx';
import { EditDeleteActions } from './row-actions.tsx';
import { DataList } from './data-list.tsx';
import { EditModal } from './edit-modal.tsx';

const numberField = { valueAsNumber: true } as const;

/** Partner cloud providers: the marketplace's Clouds section and the Partner Cloud Services page. */
export default function PartnerCloudsPage() {
  const { t } = useTranslation('adminCatalogue');
  const companyId = useScopedCompanyId();
  const clouds = usePartnerClouds(companyId);
  const save = useSavePartnerCloud(companyId);
  const remove = useDeletePartnerCloud(companyId);
  const [editing, setEditing] = useState<PartnerCloud | 'new' | null>(null);
  const current = editing === 'new' ? null : editing;

  return (
    <section aria-labelledby="catalogue-partners-title">
      <SectionHeader id="catalogue-partners-title" title={t('partners.title')} description={t('partners.intro')}>
        <Button onClick={() => setEditing('new')}>{t('partners.add')}</Button>
      </SectionHeader>
      <QueryView query={clouds}>
        {(list) => (
          <DataList
            rows={list}
            rowKey={(c) => c.id}
            rowLabel={(c) => c.cloudTitle}
            empty={t('partners.empty')}
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
            actions={(c) => (
              <EditDeleteActions
                area="partners"
                name={c.cloudTitle}
                onEdit={() => setEditing(c)}
                onDelete={() => remove.mutateAsync(c.id)}
              />
            )}
          />
        )}
      </QueryView>
      <EditModal<PartnerCloudInput>
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={current ? t('partners.editTitle', { name: current.cloudTitle }) : t('partners.add')}
        schema={partnerCloudInput}
        values={
          current
            ? {
                cloudTitle: current.cloudTitle,
                description: current.description,
                imagePath: current.imagePath ?? '',
                websiteUrl: current.websiteUrl,
                sortOrder: current.sortOrder,
              }
            : { cloudTitle: '', description: '', imagePath: '', websiteUrl: '', sortOrder: 0 }
        }
        savedText={t('common.savedToast')}
        onSave={(body) => save.mutateAsync({ id: current?.id ?? null, body })}
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
            <Controller
              control={form.control}
              name="imagePath"
              render={({ field }) => (
                <ImageField
                  companyId={companyId}
                  label={t('partners.image')}
                  value={field.value}
                  onChange={field.onChange}
                  error={form.formState.errors.imagePath?.message}
                />
              )}
            />
            <TextInput
              {...form.register('sortOrder', numberField)}
              type="number"
              inputMode="numeric"
              label={t('common.sortOrder')}
              error={text(form.formState.errors.sortOrder?.message)}
              maw={160}
            />
          </Stack>
        )}
      </EditModal>
    </section>
  );
}
