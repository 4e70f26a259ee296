import { useMemo, useState } from 'react';
import { Autocomplete, Checkbox, Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { legalEntityInput, type LegalEntity } from '@mawingu/contracts/admin/legal-entities';
import '@mantine/core/styles/Checkbox.css';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { FormActions } from '../shell/form-actions.tsx';
import { useSaveLegalEntity } from './legal-entities-api.ts';
import { EtimsDeviceForm } from './etims-device-form.tsx';
import { placeApiErrors } from './use-section-form.ts';

type EntityValues = {
  name: string;
  address: string;
  taxCountry: 'ZA' | 'KE';
  taxNumber: string;
  seriesPrefix: string;
  timeZone: string;
  currency: string;
  vatOnDiscountedPrice: boolean;
};

const EMPTY: EntityValues = {
  name: '',
  address: '',
  taxCountry: 'ZA',
  taxNumber: '',
  seriesPrefix: '',
  timeZone: 'Africa/Johannesburg',
  currency: 'ZAR',
  vatOnDiscountedPrice: false,
};
/** The zones a seller in Southern and East Africa is likely to need; any IANA name is accepted. */
const ZONES = ['Africa/Johannesburg', 'Africa/Nairobi', 'Africa/Kampala', 'Africa/Dar_es_Salaam', 'Africa/Kigali', 'Africa/Lagos', 'UTC'];

const valuesOf = (e: LegalEntity | null): EntityValues =>
  e
    ? {
        name: e.name,
        address: e.address,
        taxCountry: e.taxCountry,
        taxNumber: e.taxNumber,
        seriesPrefix: e.seriesPrefix,
        timeZone: e.timeZone,
        currency: e.currency,
        vatOnDiscountedPrice: e.vatOnDiscountedPrice,
      }
    : EMPTY;

/** Adds or edits a legal entity; the API's refusals appear under the field they name. */
export function LegalEntityFormModal({
  companyId,
  entity,
  opened,
  onClose,
}: {
  companyId: number;
  entity: LegalEntity | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminCompanies');
  const save = useSaveLegalEntity(companyId);
  const [formError, setFormError] = useState<string | null>(null);
  const resolver = useMemo(() => zodResolver(legalEntityInput as never) as unknown as Resolver<EntityValues>, []);
  const values = useMemo(() => valuesOf(entity), [entity]);
  const form = useForm<EntityValues>({ resolver, values });
  const { errors } = form.formState;
  const kenyan = form.watch('taxCountry') === 'KE';
  const title = entity ? t('entities.editTitle', { name: entity.name }) : t('entities.addTitle');

  const close = () => {
    if (save.isPending) return;
    form.reset(values);
    setFormError(null);
    onClose();
  };

  const submit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      await save.mutateAsync({ id: entity?.id ?? null, body });
      showSuccessToast(t('entities.saved'));
      onClose();
    } catch (err) {
      setFormError(placeApiErrors(err, form, (field) => field));
      showErrorToast(err instanceof Error ? err.message : t('saveFailed'));
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={title} size="lg" closeButtonProps={{ 'aria-label': t('cancel') }}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('entities.formIntro')}
          </Text>
          <TextInput
            label={t('entities.name')}
            required
            data-autofocus
            maxLength={120}
            {...form.register('name')}
            error={errors.name?.message}
          />
          <Textarea
            label={t('entities.address')}
            description={t('entities.addressHint')}
            required
            rows={3}
            maxLength={300}
            {...form.register('address')}
            error={errors.address?.message}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Controller
              control={form.control}
              name="taxCountry"
              render={({ field }) => (
                <Select
                  label={t('entities.taxCountry')}
                  required
                  allowDeselect={false}
                  data={[
                    { value: 'ZA', label: t('entities.country.ZA') },
                    { value: 'KE', label: t('entities.country.KE') },
                  ]}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? 'ZA')}
                  onBlur={field.onBlur}
                  error={errors.taxCountry?.message}
                />
              )}
            />
            <TextInput
              label={kenyan ? t('entities.kraPin') : t('entities.vatNumber')}
              description={t('entities.taxNumberHint')}
              placeholder={kenyan ? 'P051234567X' : '4123456789'}
              maxLength={20}
              {...form.register('taxNumber')}
              error={errors.taxNumber?.message}
            />
            <TextInput
              label={t('entities.seriesPrefix')}
              description={t('entities.seriesPrefixHint')}
              required
              placeholder="KE-"
              maxLength={12}
              {...form.register('seriesPrefix')}
              error={errors.seriesPrefix?.message}
            />
            <TextInput
              label={t('entities.currency')}
              required
              placeholder="ZAR"
              maxLength={3}
              {...form.register('currency')}
              error={errors.currency?.message}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="timeZone"
            render={({ field }) => (
              <Autocomplete
                label={t('entities.timeZone')}
                description={t('entities.timeZoneHint')}
                required
                data={ZONES}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.timeZone?.message}
              />
            )}
          />
          <Checkbox
            label={t('entities.vatOnDiscountedPrice')}
            description={t('entities.vatOnDiscountedPriceHint')}
            {...form.register('vatOnDiscountedPrice')}
            error={errors.vatOnDiscountedPrice?.message}
          />
          <FormActions
            error={formError}
            cancelLabel={t('cancel')}
            onCancel={close}
            submitLabel={t('entities.submit')}
            pending={save.isPending}
          />
        </Stack>
      </form>
      {/* A Kenyan entity already saved: its eTIMS device (a form of its own, saved apart; ADR 0121). */}
      {entity && entity.taxCountry === 'KE' && <EtimsDeviceForm companyId={companyId} entityId={entity.id} />}
    </Modal>
  );
}
