import { useMemo, type ChangeEvent } from 'react';
import { Select, SimpleGrid, Stack, TextInput, type ComboboxItem, type OptionsFilter, type SelectProps } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Controller, useFormState, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CountryEntry } from '@mawingu/contracts/auth';
import { useAccountText } from '../account-text.ts';
import { inputFilters, type InputFilter } from '../input-filters.ts';
import { boundsFor, type ProfileField, type ProfileFormOutput, type ProfileFormValues } from '../profile-form-model.ts';
import classes from './account.module.css';

type ProfileFormApi = UseFormReturn<ProfileFormValues, unknown, ProfileFormOutput>;
type FieldsProps = { form: ProfileFormApi; countries: CountryEntry[] };

/** register() with a keystroke filter applied to what is typed or pasted. */
function filtered(form: ProfileFormApi, name: ProfileField, filter: InputFilter) {
  const field = form.register(name);
  return {
    ...field,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = filter(event.target.value);
      if (next !== event.target.value) event.target.value = next;
      return field.onChange(event);
    },
  };
}

/** The field's error in the visitor's language (spec texts word for word in English). */
function useFieldError(form: ProfileFormApi) {
  const text = useAccountText();
  const { errors } = useFormState({ control: form.control });
  return (name: ProfileField) => {
    const message = errors[name]?.message;
    return message ? text(message) : undefined;
  };
}

/** A required text field with its keystroke filter, autofill name and error. */
function RequiredField({
  form,
  name,
  filter,
  label,
  autoComplete,
}: {
  form: ProfileFormApi;
  name: ProfileField;
  filter: InputFilter;
  label: string;
  autoComplete: string;
}) {
  const error = useFieldError(form);
  return <TextInput {...filtered(form, name, filter)} label={label} autoComplete={autoComplete} withAsterisk error={error(name)} />;
}

/** A required searchable choice of the form (the dialling code, the country), never left empty by a click. */
function RequiredSelect({
  form,
  name,
  ...select
}: { form: ProfileFormApi; name: 'countryCode' | 'region' } & Omit<SelectProps, 'form' | 'name'>) {
  const error = useFieldError(form);
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          {...select}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
          searchable
          withAsterisk
          allowDeselect={false}
          error={error(name)}
        />
      )}
    />
  );
}

export function PersonalInformationFields({ form, countries }: FieldsProps) {
  const { t } = useTranslation('account');
  const error = useFieldError(form);
  const [countryCode, region] = form.watch(['countryCode', 'region']);
  const bounds = boundsFor(countries, countryCode, region);
  // One option per dialling code; countries sharing one (+1) are named together in the list.
  const namesByCode = useMemo(() => {
    const names = new Map<string, string>();
    for (const c of countries)
      names.set(c.countryCode, names.has(c.countryCode) ? `${names.get(c.countryCode)}, ${c.countryName}` : c.countryName);
    return names;
  }, [countries]);
  const codeOptions = useMemo(() => [...namesByCode.keys()], [namesByCode]);
  // Typing "kenya" or "254" both find +254.
  const filterCodes: OptionsFilter = ({ options, search }) => {
    const needle = search.trim().toLowerCase();
    return (options as ComboboxItem[]).filter(
      (o) => o.value.includes(needle) || (namesByCode.get(o.value) ?? '').toLowerCase().includes(needle),
    );
  };

  let mobileHint: string | undefined;
  if (bounds) {
    mobileHint =
      bounds.mobileNoMinLength === bounds.mobileNoMaxLength
        ? t('form.mobileLength', { count: bounds.mobileNoMaxLength })
        : t('form.mobileRange', { min: bounds.mobileNoMinLength, max: bounds.mobileNoMaxLength });
  }

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <RequiredField form={form} name="firstName" filter={inputFilters.name} label={t('form.firstName')} autoComplete="given-name" />
        <RequiredField form={form} name="lastName" filter={inputFilters.name} label={t('form.lastName')} autoComplete="family-name" />
      </SimpleGrid>
      <TextInput
        {...form.register('emailID')}
        label={t('form.email')}
        type="email"
        readOnly
        description={t('form.emailReadOnly')}
        rightSection={<IconLock size={16} stroke={1.6} aria-hidden />}
        classNames={{ input: classes.readOnlyInput }}
      />
      <div className={classes.phoneRow}>
        <RequiredSelect
          form={form}
          name="countryCode"
          label={t('form.countryCode')}
          placeholder={t('form.countryCodePlaceholder')}
          data={codeOptions}
          comboboxProps={{ width: 280, position: 'bottom-start' }}
          filter={filterCodes}
          // The closed field shows just the code; the list names the countries.
          renderOption={({ option }) => (
            <span className={classes.codeOption}>
              <span className={classes.code}>{option.value}</span>
              <span>{namesByCode.get(option.value)}</span>
            </span>
          )}
          classNames={{ root: classes.codeSelect }}
        />
        <TextInput
          {...filtered(form, 'contactNo', inputFilters.digits)}
          className={classes.mobileInput}
          label={t('form.mobile')}
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={bounds?.mobileNoMaxLength ?? 15}
          description={mobileHint}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          withAsterisk
          error={error('contactNo')}
        />
      </div>
    </Stack>
  );
}

export function BillingAddressFields({ form, countries }: FieldsProps) {
  const { t } = useTranslation('account');
  const error = useFieldError(form);
  const countryNames = useMemo(() => countries.map((c) => c.countryName), [countries]);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          {...form.register('companyName')}
          label={
            <>
              {t('form.companyName')} <span className={classes.optional}>({t('form.optional')})</span>
            </>
          }
          autoComplete="organization"
          error={error('companyName')}
        />
        <TextInput {...form.register('vatNumber')} label={t('form.vatNumber')} error={error('vatNumber')} />
        <TextInput
          {...form.register('kraPin')}
          label={t('form.kraPin')}
          description={t('form.kraPinHint')}
          placeholder="A123456789B"
          maxLength={11}
          error={error('kraPin')}
        />
      </SimpleGrid>
      <TextInput
        {...form.register('address')}
        label={t('form.street')}
        autoComplete="street-address"
        withAsterisk
        error={error('address')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <RequiredSelect
          form={form}
          name="region"
          label={t('form.country')}
          placeholder={t('form.countryPlaceholder')}
          data={countryNames}
          autoComplete="country-name"
        />
        <RequiredField
          form={form}
          name="city"
          filter={inputFilters.lettersAndSpaces}
          label={t('form.city')}
          autoComplete="address-level2"
        />
        <RequiredField
          form={form}
          name="state"
          filter={inputFilters.lettersAndSpaces}
          label={t('form.state')}
          autoComplete="address-level1"
        />
        <RequiredField form={form} name="postCode" filter={inputFilters.postcode} label={t('form.postcode')} autoComplete="postal-code" />
      </SimpleGrid>
    </Stack>
  );
}
