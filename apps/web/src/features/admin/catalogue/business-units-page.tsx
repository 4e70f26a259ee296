import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { businessUnitInput, type BusinessUnit, type BusinessUnitInput } from '@mawingu/contracts/admin/catalogue';
import { SERVICE_OPTIONS } from '@mawingu/contracts/product-services';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { useBusinessUnits, useDeleteBusinessUnit, useSaveBusinessUnit } from './catalogue-api.ts';
import { FormImageField, SortOrderField } from './catalogue-ui.tsx';
import { EditableRows } from './editable-rows.tsx';

/** The unit's form, the texts of its errors and the company its images go to. */
type UnitFormProps = {
  form: UseFormReturn<BusinessUnitInput>;
  text: (m: string | undefined) => string | undefined;
  companyId: number;
};

function CloudServiceRows({ form, text, companyId }: UnitFormProps) {
  const { t } = useTranslation('adminCatalogue');
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'cloudServices' });
  const errors = form.formState.errors.cloudServices;
  return (
    <Stack gap="sm">
      <Text fw={600} size="sm">
        {t('units.cards')}
      </Text>
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('units.noCards')}
        </Text>
      )}
      {fields.map((field, i) => (
        <Paper key={field.id} withBorder p="sm" radius="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              {...form.register(`cloudServices.${i}.cloudTitle`)}
              label={t('units.cardTitle', { n: i + 1 })}
              withAsterisk
              error={text(errors?.[i]?.cloudTitle?.message)}
            />
            <TextInput
              {...form.register(`cloudServices.${i}.serviceName`)}
              label={t('units.cardService', { n: i + 1 })}
              description={t('units.cardServiceHelp')}
              withAsterisk
              error={text(errors?.[i]?.serviceName?.message)}
            />
          </SimpleGrid>
          <Textarea
            {...form.register(`cloudServices.${i}.description`)}
            label={t('units.cardDescription', { n: i + 1 })}
            autosize
            minRows={1}
            mt="sm"
            error={text(errors?.[i]?.description?.message)}
          />
          <Stack mt="sm">
            <FormImageField
              form={form}
              name={`cloudServices.${i}.imagePath`}
              companyId={companyId}
              label={t('units.cardImage', { n: i + 1 })}
            />
          </Stack>
          <Group justify="flex-end" mt="xs">
            <Button size="xs" variant="subtle" color="red" onClick={() => remove(i)}>
              {t('units.removeCard', { n: i + 1 })}
            </Button>
          </Group>
        </Paper>
      ))}
      <Group>
        <Button
          size="xs"
          variant="default"
          onClick={() => append({ cloudTitle: '', serviceName: 'virtualmachine', description: '', imagePath: '' })}
        >
          {t('units.addCard')}
        </Button>
      </Group>
    </Stack>
  );
}

function UnitFields({ form, text, companyId }: UnitFormProps) {
  const { t } = useTranslation('adminCatalogue');
  const option = useWatch({ control: form.control, name: 'serviceOption' });
  const errors = form.formState.errors;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          {...form.register('businessName')}
          label={t('units.name')}
          description={t('units.nameHelp')}
          withAsterisk
          error={text(errors.businessName?.message)}
          data-autofocus
        />
        <NativeSelect
          {...form.register('serviceOption')}
          label={t('units.option')}
          data={SERVICE_OPTIONS.map((value) => ({ value, label: t(`units.options.${value}`) }))}
          error={text(errors.serviceOption?.message)}
        />
      </SimpleGrid>
      <Textarea
        {...form.register('description')}
        label={t('units.description')}
        autosize
        minRows={2}
        maxRows={6}
        error={text(errors.description?.message)}
      />
      <FormImageField form={form} name="imagePath" companyId={companyId} label={t('units.image')} />
      <SortOrderField form={form} maw={160} />
      {option === 'RedirectionURL' && (
        <TextInput
          {...form.register('redirectUrl')}
          label={t('units.redirectUrl')}
          withAsterisk
          placeholder="https://"
          error={text(errors.redirectUrl?.message)}
          inputMode="url"
        />
      )}
      {option === 'CloudService' && <CloudServiceRows form={form} text={text} companyId={companyId} />}
      {option === 'SendEmailForEnquiry' && (
        <Text size="sm" c="dimmed">
          {t('units.enquiryNote')}
        </Text>
      )}
    </Stack>
  );
}

const valuesOf = (unit: BusinessUnit | null): BusinessUnitInput => ({
  businessName: unit?.businessName ?? '',
  description: unit?.description ?? '',
  imagePath: unit?.imagePath ?? '',
  serviceOption: (unit?.serviceOption as BusinessUnitInput['serviceOption']) ?? 'CloudService',
  redirectUrl: unit?.redirectUrl ?? '',
  sortOrder: unit?.sortOrder ?? 0,
  cloudServices: (unit?.cloudServices ?? []).map(({ cloudTitle, description, imagePath, serviceName }) => ({
    cloudTitle,
    description,
    imagePath: imagePath ?? '',
    serviceName,
  })),
});

/** "Products and services": business units with their option (link, cloud cards or enquiry form). */
export default function BusinessUnitsPage() {
  const { t } = useTranslation('adminCatalogue');
  const companyId = useScopedCompanyId();
  const units = useBusinessUnits(companyId);
  const save = useSaveBusinessUnit(companyId);
  const remove = useDeleteBusinessUnit(companyId);

  return (
    <EditableRows<BusinessUnit, BusinessUnitInput>
      area="units"
      query={units}
      name={(u) => u.businessName}
      columns={[
        { key: 'name', label: t('units.name'), render: (u) => u.businessName },
        {
          key: 'option',
          label: t('units.option'),
          render: (u) => (
            <Badge variant="light">
              {(SERVICE_OPTIONS as readonly string[]).includes(u.serviceOption)
                ? t(`units.options.${u.serviceOption as (typeof SERVICE_OPTIONS)[number]}`)
                : u.serviceOption}
            </Badge>
          ),
        },
        {
          key: 'detail',
          label: t('units.detail'),
          render: (u) =>
            u.serviceOption === 'RedirectionURL'
              ? u.redirectUrl
              : u.serviceOption === 'CloudService'
                ? t('units.cardCount', { count: u.cloudServices.length })
                : '—',
        },
        { key: 'order', label: t('common.sortOrder'), render: (u) => u.sortOrder, numeric: true },
      ]}
      onDelete={(u) => remove.mutateAsync(u.id)}
      schema={businessUnitInput}
      values={valuesOf}
      size="lg"
      onSave={(id, body) => save.mutateAsync({ id, body })}
    >
      {(form, text) => <UnitFields form={form} text={text} companyId={companyId} />}
    </EditableRows>
  );
}
