import { FormActions } from '../shell/form-actions.tsx';
import { useMemo, useState } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COMPANY_LIMITS, createCompanyRequest } from '@mawingu/contracts/admin/companies';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { useCreateCompany } from './companies-api.ts';
import { listError, RowActions } from './list-row-actions.tsx';
import { originFieldOf, originRows } from './origin-fields.ts';
import { placeApiErrors } from './use-section-form.ts';
import classes from './companies.module.css';

const schema = createCompanyRequest.omit({ origins: true }).extend({ origins: originRows.min(1) });
type CreateValues = {
  name: string;
  slug: string;
  origins: { value: string }[];
  contactNo: string;
  email: string;
  officeAddress: string;
  country: string;
};

const EMPTY: CreateValues = { name: '', slug: '', origins: [{ value: '' }], contactNo: '', email: '', officeAddress: '', country: '' };

/** "Acme Cloud (SA)" → "acme-cloud-sa": a slug suggested from the name until the owner types one. */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

/** Owner: a new company with its website addresses and the contact details its site needs; then its settings. */
export function CreateCompanyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('adminCompanies');
  const navigate = useNavigate();
  const create = useCreateCompany();
  const [formError, setFormError] = useState<string | null>(null);
  const resolver = useMemo(() => zodResolver(schema as never) as unknown as Resolver<CreateValues>, []);
  const form = useForm<CreateValues>({ resolver, defaultValues: EMPTY });
  const rows = useFieldArray({ control: form.control, name: 'origins' });
  const { errors } = form.formState;

  const close = () => {
    if (create.isPending) return;
    form.reset(EMPTY);
    setFormError(null);
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const created = await create.mutateAsync({ ...values, origins: values.origins.map((o) => o.value) });
      showSuccessToast(t('create.done', { name: created.brand.name }));
      form.reset(EMPTY);
      onClose();
      void navigate(`/admin/c/${created.id}/settings`);
    } catch (err) {
      setFormError(placeApiErrors(err, form, (field) => originFieldOf(field) ?? field));
      showErrorToast(err instanceof Error ? err.message : t('saveFailed'));
    }
  });

  const nameField = form.register('name');
  return (
    <Modal opened={opened} onClose={close} title={t('create.title')} size="lg" closeButtonProps={{ 'aria-label': t('cancel') }}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('create.title')}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('create.intro')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('create.name')}
              required
              data-autofocus
              maxLength={120}
              {...nameField}
              onChange={(event) => {
                void nameField.onChange(event);
                if (!form.getFieldState('slug').isDirty)
                  form.setValue('slug', slugOf(event.currentTarget.value), { shouldValidate: form.formState.isSubmitted });
              }}
              error={errors.name?.message}
            />
            <TextInput
              label={t('create.slug')}
              description={t('create.slugHint')}
              required
              maxLength={40}
              {...form.register('slug')}
              onChange={(event) =>
                form.setValue('slug', event.currentTarget.value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
              }
              error={errors.slug?.message}
            />
          </SimpleGrid>
          <Stack gap="xs">
            {rows.fields.map((row, i) => {
              const label = t('origins.rowLabel', { n: i + 1 });
              return (
                <div key={row.id} role="group" aria-label={label} className={`${classes.row} ${classes.originRow}`}>
                  <TextInput
                    label={label}
                    description={i === 0 ? t('create.originHint') : undefined}
                    required
                    placeholder="https://cloud.example.com"
                    type="url"
                    {...form.register(`origins.${i}.value`)}
                    error={errors.origins?.[i]?.value?.message}
                  />
                  <RowActions label={label} index={i} onRemove={() => rows.remove(i)} removeDisabled={rows.fields.length <= 1} />
                </div>
              );
            })}
            {listError(errors.origins) && (
              <Text size="sm" c="red" role="alert">
                {listError(errors.origins)}
              </Text>
            )}
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} aria-hidden />}
                disabled={rows.fields.length >= COMPANY_LIMITS.origins}
                onClick={() => rows.append({ value: '' })}
              >
                {t('origins.add')}
              </Button>
            </Group>
          </Stack>
          <Text size="sm" fw={600}>
            {t('create.contact')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('contact.phone')} required type="tel" {...form.register('contactNo')} error={errors.contactNo?.message} />
            <TextInput label={t('contact.email')} required type="email" {...form.register('email')} error={errors.email?.message} />
            <TextInput
              label={t('contact.officeAddress')}
              required
              {...form.register('officeAddress')}
              error={errors.officeAddress?.message}
            />
            <TextInput label={t('contact.country')} required {...form.register('country')} error={errors.country?.message} />
          </SimpleGrid>
          <FormActions
            error={formError}
            cancelLabel={t('cancel')}
            onCancel={close}
            submitLabel={t('create.submit')}
            pending={create.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
