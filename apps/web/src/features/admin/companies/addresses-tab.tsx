import { useMemo } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { addressesSection, COMPANY_LIMITS, type CompanySettings } from '@mawingu/contracts/admin/companies';
import { HOME_ADDRESS_LIMIT } from '@mawingu/contracts/company-rules';
import { listError, RowActions } from './list-row-actions.tsx';
import { SectionForm } from './section-form.tsx';
import { useSectionForm } from './use-section-form.ts';
import classes from './companies.module.css';

const schema = z.object({ addresses: addressesSection });
type AddressValues = { addresses: CompanySettings['addresses'] };

/** Offices ("Our Reach" on home shows the first three; About shows all), in order. */
export function AddressesTab({ companyId, settings }: { companyId: number; settings: CompanySettings }) {
  const { t } = useTranslation('adminCompanies');
  const values = useMemo(() => ({ addresses: settings.addresses.map((a) => ({ ...a })) }), [settings.addresses]);
  const { form, submit, saving, formError } = useSectionForm<AddressValues>(companyId, {
    draft: 'addresses',
    schema,
    values,
    toRequest: (v) => ({ addresses: v.addresses }),
    fieldOf: (field) => (field === 'addresses' ? 'addresses.root' : field.startsWith('addresses.') ? field : null),
  });
  const rows = useFieldArray({ control: form.control, name: 'addresses' });
  const errors = form.formState.errors.addresses;
  const full = rows.fields.length >= COMPANY_LIMITS.addresses;

  return (
    <SectionForm
      title={t('addresses.title')}
      description={t('addresses.intro', { count: HOME_ADDRESS_LIMIT })}
      onSubmit={submit}
      dirty={form.formState.isDirty}
      saving={saving}
      formError={formError}
    >
      {rows.fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('addresses.empty')}
        </Text>
      )}
      <Stack gap="sm">
        {rows.fields.map((row, i) => {
          const label = t('addresses.rowLabel', { n: i + 1 });
          return (
            <div key={row.id} role="group" className={`${classes.row} ${classes.addressRow}`} aria-label={label}>
              <TextInput
                label={t('addresses.address')}
                required
                {...form.register(`addresses.${i}.address`)}
                error={errors?.[i]?.address?.message}
              />
              <TextInput
                label={t('addresses.city')}
                required
                {...form.register(`addresses.${i}.city`)}
                error={errors?.[i]?.city?.message}
              />
              <TextInput
                label={t('addresses.country')}
                required
                {...form.register(`addresses.${i}.country`)}
                error={errors?.[i]?.country?.message}
              />
              <RowActions label={label} index={i} onUp={() => rows.move(i, i - 1)} onRemove={() => rows.remove(i)} />
              {i === HOME_ADDRESS_LIMIT - 1 && rows.fields.length > HOME_ADDRESS_LIMIT && (
                <Text size="xs" c="dimmed" style={{ gridColumn: '1 / -1' }}>
                  {t('addresses.homeCut', { count: HOME_ADDRESS_LIMIT })}
                </Text>
              )}
            </div>
          );
        })}
      </Stack>
      {listError(errors) && (
        <Text size="sm" c="red" role="alert">
          {listError(errors)}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={full}
          onClick={() => rows.append({ address: '', city: '', country: '' })}
        >
          {t('addresses.add')}
        </Button>
        {full && (
          <Text size="sm" c="dimmed">
            {t('addresses.full', { max: COMPANY_LIMITS.addresses })}
          </Text>
        )}
      </Group>
    </SectionForm>
  );
}
