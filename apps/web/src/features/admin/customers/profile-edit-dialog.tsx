import { useState, type FormEvent } from 'react';
import { Button, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CustomerProfile } from '@mawingu/contracts/admin/customers';
import type { CustomerProfileUpdateRequest } from '@mawingu/contracts/admin/customers-manage';
import { useCountryCodes } from '../../../api/auth/get-country-code.ts';
import { ApiError } from '../../../api/api-error.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { FormActions } from '../shell/form-actions.tsx';
import { useUpdateCustomerProfile } from './customers-manage-api.ts';

type Field = keyof CustomerProfileUpdateRequest;
const valuesOf = (p: CustomerProfile): Record<Field, string> => ({
  firstName: p.firstName,
  lastName: p.lastName,
  email: p.email,
  countryCode: p.countryCode,
  contactNo: p.contactNo,
  region: p.region,
  companyName: p.companyName,
  address: p.address,
  city: p.city,
  state: p.state,
  postCode: p.postCode,
  vatNumber: p.vatNumber,
  kraPin: p.kraPin,
});

/**
 * "Edit profile" (managers): the customer's own profile fields plus the e-mail, checked by the API
 * with the customer's rules; each refusal shows under its field, anything else above the buttons.
 */
export function ProfileEditAction({ companyId, profile }: { companyId: number; profile: CustomerProfile }) {
  const { t } = useTranslation('adminCustomers');
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(() => valuesOf(profile));
  const save = useUpdateCustomerProfile({ companyId, customerId: profile.id });
  const countries = useCountryCodes().data?.data ?? [];
  const error = save.error instanceof ApiError ? save.error : null;
  const fieldErrors = error?.fieldErrors ?? {};
  const fieldless = save.error && Object.keys(fieldErrors).length === 0 ? save.error.message : null;

  const codes = [...new Set(countries.map((c) => c.countryCode))].map((code) => ({ value: code, label: code }));
  const names = countries.map((c) => c.countryName);
  const withCurrent = (list: string[], current: string) => (current && !list.includes(current) ? [current, ...list] : list);

  function start() {
    setValues(valuesOf(profile));
    save.reset();
    setOpen(true);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(values, {
      onSuccess: () => {
        showSuccessToast(t('manage.profileSaved'));
        setOpen(false);
      },
    });
  }
  const text = (field: Field, extra: { required?: boolean; type?: string } = {}) => ({
    label: t(`manage.fields.${field}`),
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
    },
    error: fieldErrors[field],
    required: extra.required,
    type: extra.type,
  });

  return (
    <>
      <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={start}>
        {t('manage.editProfile')}
      </Button>
      <Modal opened={open} onClose={() => !save.isPending && setOpen(false)} title={t('manage.editTitle')} size="lg" centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput {...text('firstName', { required: true })} />
              <TextInput {...text('lastName', { required: true })} />
            </SimpleGrid>
            <TextInput {...text('email', { required: true, type: 'email' })} description={t('manage.emailHint')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label={t('manage.fields.countryCode')}
                data={
                  codes.length > 0
                    ? withCurrent(
                        codes.map((c) => c.value),
                        values.countryCode,
                      )
                    : [values.countryCode]
                }
                value={values.countryCode}
                onChange={(value) => setValues((v) => ({ ...v, countryCode: value ?? '' }))}
                error={fieldErrors.countryCode}
                searchable
                required
              />
              <TextInput {...text('contactNo', { required: true })} inputMode="tel" />
            </SimpleGrid>
            <TextInput {...text('companyName')} />
            <TextInput {...text('address', { required: true })} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput {...text('city', { required: true })} />
              <TextInput {...text('state', { required: true })} />
              <TextInput {...text('postCode', { required: true })} />
              <Select
                label={t('manage.fields.region')}
                data={withCurrent(names, values.region)}
                value={values.region}
                onChange={(value) => setValues((v) => ({ ...v, region: value ?? '' }))}
                error={fieldErrors.region}
                searchable
                required
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput {...text('vatNumber')} />
              {/* The hint below the field, so both inputs of the row line up. */}
              <TextInput
                {...text('kraPin')}
                description={t('manage.kraPinHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
              />
            </SimpleGrid>
            <Text size="xs" c="gray.7">
              {t('manage.auditHint')}
            </Text>
            <FormActions
              error={fieldless}
              cancelLabel={t('manage.cancel')}
              onCancel={() => setOpen(false)}
              submitLabel={t('manage.save')}
              pending={save.isPending}
            />
          </Stack>
        </form>
      </Modal>
    </>
  );
}
