import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Divider, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { discountInput, type Discount, type DiscountInput } from '@mawingu/contracts/admin/catalogue';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { useDeleteDiscount, useDiscounts, useProducts, useSaveDiscount } from './catalogue-api.ts';
import { placeApiErrors, QueryView, SaveForm, SectionHeader, useCatalogueText } from './catalogue-ui.tsx';
import { EditDeleteActions } from './row-actions.tsx';
import { DataList } from './data-list.tsx';
import { EditModal } from './edit-modal.tsx';

const ZERO = { ramPercent: '0', diskPercent: '0', cpuPercent: '0' };

function PercentFields({ form }: { form: UseFormReturn<DiscountInput> }) {
  const { t } = useTranslation('adminCatalogue');
  const text = useCatalogueText();
  const errors = form.formState.errors;
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      {(['ramPercent', 'diskPercent', 'cpuPercent'] as const).map((field) => (
        <TextInput
          key={field}
          {...form.register(field)}
          label={t(`discounts.${field}`)}
          inputMode="decimal"
          rightSection="%"
          error={text(errors[field]?.message)}
          autoComplete="off"
        />
      ))}
    </SimpleGrid>
  );
}

/** The company's default discount (every product without its own). */
function DefaultDiscountForm({ current }: { current: Discount | undefined }) {
  const { t } = useTranslation('adminCatalogue');
  const text = useCatalogueText();
  const companyId = useScopedCompanyId();
  const save = useSaveDiscount(companyId);
  const form = useForm<DiscountInput>({
    resolver: zodResolver(discountInput) as never,
    values: {
      productId: null,
      ...(current ? { ramPercent: current.ramPercent, diskPercent: current.diskPercent, cpuPercent: current.cpuPercent } : ZERO),
    },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      showSuccessToast(t('common.savedToast'));
    } catch (err) {
      placeApiErrors(err, form);
      showErrorToast(text(err instanceof Error ? err.message : String(err)) ?? '');
    }
  });
  return (
    <SaveForm onSubmit={submit} pending={save.isPending}>
      <PercentFields form={form} />
    </SaveForm>
  );
}

/** Category discounts in percent (memory, disk, processor): the company's default and products' own. */
export default function DiscountsPage() {
  const { t } = useTranslation('adminCatalogue');
  const companyId = useScopedCompanyId();
  const discounts = useDiscounts(companyId);
  const products = useProducts(companyId);
  const save = useSaveDiscount(companyId);
  const remove = useDeleteDiscount(companyId);
  const [editing, setEditing] = useState<Discount | 'new' | null>(null);
  const current = editing === 'new' ? null : editing;
  const own = (discounts.data ?? []).filter((d) => d.productId !== null);
  const free = (products.data ?? []).filter((p) => !own.some((d) => d.productId === p.id));

  return (
    <Stack gap="xl">
      <section aria-labelledby="catalogue-default-discount-title">
        <SectionHeader id="catalogue-default-discount-title" title={t('discounts.defaultTitle')} description={t('discounts.intro')} />
        <QueryView query={discounts}>{(list) => <DefaultDiscountForm current={list.find((d) => d.productId === null)} />}</QueryView>
      </section>
      <Divider />
      <section aria-labelledby="catalogue-product-discounts-title">
        <SectionHeader id="catalogue-product-discounts-title" title={t('discounts.productTitle')} description={t('discounts.productIntro')}>
          <Button onClick={() => setEditing('new')} disabled={free.length === 0}>
            {t('discounts.add')}
          </Button>
        </SectionHeader>
        <QueryView query={discounts}>
          {() => (
            <DataList
              rows={own}
              rowKey={(d) => d.id}
              rowLabel={(d) => d.productName ?? ''}
              empty={t('discounts.empty')}
              columns={[
                { key: 'product', label: t('discounts.product'), render: (d) => d.productName },
                { key: 'ram', label: t('discounts.ramPercent'), render: (d) => `${d.ramPercent} %`, numeric: true },
                { key: 'disk', label: t('discounts.diskPercent'), render: (d) => `${d.diskPercent} %`, numeric: true },
                { key: 'cpu', label: t('discounts.cpuPercent'), render: (d) => `${d.cpuPercent} %`, numeric: true },
              ]}
              actions={(d) => (
                <EditDeleteActions
                  area="discounts"
                  name={d.productName ?? ''}
                  onEdit={() => setEditing(d)}
                  onDelete={() => remove.mutateAsync(d.id)}
                />
              )}
            />
          )}
        </QueryView>
      </section>
      <EditModal<DiscountInput>
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={current ? t('discounts.editTitle', { name: current.productName ?? '' }) : t('discounts.add')}
        schema={discountInput}
        values={
          current
            ? {
                productId: current.productId,
                ramPercent: current.ramPercent,
                diskPercent: current.diskPercent,
                cpuPercent: current.cpuPercent,
              }
            : { productId: free[0]?.id ?? null, ...ZERO }
        }
        savedText={t('common.savedToast')}
        onSave={(body) => save.mutateAsync(body)}
      >
        {(form, text) => (
          <>
            {current ? null : (
              <Controller
                control={form.control}
                name="productId"
                render={({ field }) => (
                  <NativeSelect
                    label={t('discounts.product')}
                    value={field.value === null ? '' : String(field.value)}
                    onChange={(event) => field.onChange(Number(event.currentTarget.value))}
                    data={free.map((p) => ({ value: String(p.id), label: p.name }))}
                    error={text(form.formState.errors.productId?.message)}
                  />
                )}
              />
            )}
            <PercentFields form={form} />
          </>
        )}
      </EditModal>
    </Stack>
  );
}
