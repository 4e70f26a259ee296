import { useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  Alert,
  Anchor,
  Autocomplete,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IP_TYPES,
  OS_TYPES,
  PROVIDERS,
  productInput,
  SPEC_NAMES,
  type Product,
  type ProductInput,
  type Region,
  type SpecInput,
} from '@mawingu/contracts/admin/catalogue';
import { priceNewVm } from '@mawingu/contracts/pricing/bill';
import { formatMoney } from '../../../lib/money.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { useProduct, useRegions, useSaveProduct } from './catalogue-api.ts';
import { FormImageField, placeApiErrors, QueryView, useCatalogueText } from './catalogue-ui.tsx';
import { numberField, RangeRows, SpecRows } from './product-rows.tsx';

type Values = ProductInput;

const DEFAULT_SPECS: Record<(typeof SPEC_NAMES)[number], SpecInput> = {
  Processor: { name: 'Processor', unit: 'vCPU', defaultCount: 2, minValue: 1, maxValue: 8, step: 1, costPerUnit: '', sequence: 0 },
  Memory: { name: 'Memory', unit: 'GB', defaultCount: 4, minValue: 1, maxValue: 16, step: 1, costPerUnit: '', sequence: 1 },
  Disk: { name: 'Disk', unit: 'GB', defaultCount: 40, minValue: 20, maxValue: 200, step: 10, costPerUnit: '', sequence: 2 },
};

/** The form's values for a product (or a new one): the three sliders always, in slider order. */
function valuesOf(product: Product | null, regions: Region[]): Values {
  const specs = SPEC_NAMES.map((name) => {
    const own = product?.specs.find((s) => s.name === name);
    return own ? { ...own, name } : DEFAULT_SPECS[name];
  });
  return {
    name: product?.name ?? '',
    serviceName: product?.serviceName ?? 'virtualmachine',
    provider: product?.provider ?? 'simulator',
    template: product?.template ?? '',
    osType: product?.osType ?? 'ubuntu',
    imagePath: product?.imagePath ?? '',
    description: product?.description ?? '',
    currency: product?.currency ?? regions[0]?.currency ?? 'ZAR',
    ipType: (product?.ipType as Values['ipType']) ?? 'Public IP',
    isGoldCopy: product?.isGoldCopy ?? false,
    microsoftLicense: product?.microsoftLicense ?? false,
    active: product?.active ?? true,
    sortOrder: product?.sortOrder ?? 0,
    regionIds: product?.regionIds ?? [],
    specs,
    ramCpuRanges: product?.ramCpuRanges ?? [],
  };
}

/** The 30-day list price at the default sizes, as the marketplace card will show it (null while a cost is not a price). */
function useListPrice(control: Control<Values>): string | null {
  const specs = useWatch({ control, name: 'specs' });
  try {
    if (specs.some((s) => !/^\d+(\.\d+)?$/.test(String(s.costPerUnit).trim()) || !Number.isInteger(s.defaultCount))) return null;
    return priceNewVm({
      lines: specs.map((s) => ({ name: s.name, unit: s.unit, costPerUnit: String(s.costPerUnit).trim(), count: s.defaultCount })),
      days: 30,
      taxPercent: '0',
    }).price;
  } catch {
    return null;
  }
}

function ProductForm({ product, regions }: { product: Product | null; regions: Region[] }) {
  const { t } = useTranslation('adminCatalogue');
  const text = useCatalogueText();
  const companyId = useScopedCompanyId();
  const navigate = useNavigate();
  const saveProduct = useSaveProduct(companyId);
  const [formError, setFormError] = useState<string | null>(null);
  const defaults = useMemo(() => valuesOf(product, regions), [product, regions]);
  const form = useForm<Values>({ resolver: zodResolver(productInput) as never, defaultValues: defaults });
  const errors = form.formState.errors;
  const listPrice = useListPrice(form.control);
  const currency = useWatch({ control: form.control, name: 'currency' });
  const provider = useWatch({ control: form.control, name: 'provider' });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await saveProduct.mutateAsync({ id: product?.id ?? null, body: values });
      showSuccessToast(t('editor.savedToast', { name: saved.name }));
      void navigate(`/admin/c/${companyId}/catalogue`);
    } catch (err) {
      const unplaced = placeApiErrors(err, form);
      setFormError(text(unplaced ?? undefined) ?? null);
      showErrorToast(text(err instanceof Error ? err.message : String(err)) ?? '');
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="product-editor-title">
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md">
          <Title order={3} size="h4" mb="sm">
            {t('editor.general')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              {...form.register('name')}
              label={t('editor.name')}
              withAsterisk
              error={text(errors.name?.message)}
              maxLength={120}
            />
            <TextInput
              {...form.register('serviceName')}
              label={t('editor.serviceName')}
              description={t('editor.serviceNameHelp')}
              withAsterisk
              error={text(errors.serviceName?.message)}
            />
            <Controller
              control={form.control}
              name="osType"
              render={({ field }) => (
                <Autocomplete
                  label={t('editor.osType')}
                  description={t('editor.osTypeHelp')}
                  withAsterisk
                  data={[...OS_TYPES]}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={text(errors.osType?.message)}
                />
              )}
            />
            <NativeSelect
              {...form.register('ipType')}
              label={t('editor.ipType')}
              data={IP_TYPES.map((value) => ({ value, label: t(`editor.ipTypes.${value === 'Public IP' ? 'public' : 'private'}`) }))}
              error={text(errors.ipType?.message)}
            />
          </SimpleGrid>
          <Textarea
            {...form.register('description')}
            label={t('editor.description')}
            mt="md"
            autosize
            minRows={2}
            maxRows={6}
            error={text(errors.description?.message)}
          />
          <Stack mt="md">
            <FormImageField form={form} name="imagePath" companyId={companyId} label={t('editor.image')} />
          </Stack>
        </Paper>

        <Paper withBorder p="md" radius="md">
          <Title order={3} size="h4" mb="sm">
            {t('editor.hosting')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NativeSelect
              {...form.register('provider')}
              label={t('editor.provider')}
              data={PROVIDERS.map((value) => ({ value, label: t(`editor.providers.${value}`) }))}
              error={text(errors.provider?.message)}
            />
            <TextInput
              {...form.register('template')}
              label={t('editor.template')}
              description={t(`editor.templateHelp.${provider}`)}
              error={text(errors.template?.message)}
              maxLength={200}
            />
          </SimpleGrid>
          {(provider === 'openNebula' || provider === 'nodeWeaver') && (
            <Text size="xs" c="dimmed" mt="xs">
              {t('editor.specsHiddenNote')}
            </Text>
          )}
        </Paper>

        <Paper withBorder p="md" radius="md">
          <Title order={3} size="h4" mb="sm">
            {t('editor.selling')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput
              {...form.register('currency')}
              label={t('editor.currency')}
              description={t('editor.currencyHelp')}
              withAsterisk
              maxLength={3}
              error={text(errors.currency?.message)}
              autoComplete="off"
            />
            <TextInput
              {...form.register('sortOrder', numberField)}
              type="number"
              inputMode="numeric"
              label={t('editor.sortOrder')}
              error={text(errors.sortOrder?.message)}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="regionIds"
            render={({ field }) => (
              <Checkbox.Group
                label={t('editor.regions')}
                description={t('editor.regionsHelp')}
                value={(field.value ?? []).map(String)}
                onChange={(values) => field.onChange(values.map(Number))}
                error={text(errors.regionIds?.message)}
                mt="md"
              >
                <Group mt="xs" gap="md">
                  {regions.length === 0 && (
                    <Text size="sm" c="dimmed">
                      {t('editor.noRegions')}
                    </Text>
                  )}
                  {regions.map((r) => (
                    <Checkbox
                      key={r.id}
                      value={String(r.id)}
                      label={`${r.name} (${r.currency}, ${t('editor.taxShort', { tax: r.taxPercent })})`}
                    />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
          />
          <Stack gap="xs" mt="md">
            <Controller
              control={form.control}
              name="isGoldCopy"
              render={({ field }) => (
                <Checkbox
                  checked={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                  label={t('editor.goldCopy')}
                  description={t('editor.goldCopyHelp')}
                />
              )}
            />
            <Controller
              control={form.control}
              name="microsoftLicense"
              render={({ field }) => (
                <Checkbox
                  checked={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                  label={t('editor.microsoftLicense')}
                  description={t('editor.microsoftLicenseHelp')}
                />
              )}
            />
            <Controller
              control={form.control}
              name="active"
              render={({ field }) => (
                <Switch
                  checked={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                  label={t('editor.active')}
                  description={t('editor.activeHelp')}
                  mt="xs"
                />
              )}
            />
          </Stack>
        </Paper>

        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" align="flex-end" mb="sm" gap="xs">
            <Title order={3} size="h4">
              {t('editor.specs')}
            </Title>
            <Text size="sm" aria-live="polite">
              {t('editor.listPrice')}: <strong>{listPrice === null ? '—' : formatMoney(listPrice, currency || 'ZAR')}</strong>
            </Text>
          </Group>
          <SpecRows form={form} />
        </Paper>

        <Paper withBorder p="md" radius="md">
          <Title order={3} size="h4" mb={4}>
            {t('editor.ranges')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('editor.rangesHelp')}
          </Text>
          <RangeRows form={form} />
        </Paper>

        {product && (product.orderCount > 0 || product.vmCount > 0) && (
          <Alert color="blue" variant="light">
            {t('editor.frozenNote', { orders: product.orderCount, vms: product.vmCount })}
          </Alert>
        )}
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={`/admin/c/${companyId}/catalogue`}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saveProduct.isPending}>
            {product ? t('editor.save') : t('editor.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Adds or edits a product: general, hosting (provider, template), selling (currency, regions, flags), sliders and RAM → CPU ranges. */
export default function ProductEditorPage() {
  const { t } = useTranslation('adminCatalogue');
  const companyId = useScopedCompanyId();
  const { productId } = useParams();
  const id = productId ? Number(productId) : null;
  const product = useProduct(companyId, id);
  const regions = useRegions(companyId);
  return (
    <>
      <Anchor component={Link} to={`/admin/c/${companyId}/catalogue`} size="sm">
        ← {t('editor.back')}
      </Anchor>
      <Title order={2} size="h3" mt="xs" mb="md" id="product-editor-title">
        {id === null ? t('editor.newTitle') : (product.data?.name ?? t('editor.editTitle'))}
      </Title>
      <QueryView query={regions}>
        {(regionList) =>
          id === null ? (
            <ProductForm product={null} regions={regionList} />
          ) : (
            <QueryView query={product}>{(loaded) => <ProductForm key={loaded.id} product={loaded} regions={regionList} />}</QueryView>
          )
        }
      </QueryView>
    </>
  );
}
