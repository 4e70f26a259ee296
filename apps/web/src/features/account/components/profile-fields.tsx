import { useMemo, type ChangeEvent } from 'react';
import { Select, SimpleGrid, Stack, TextInput, type ComboboxItem, type OptionsFilter } from '@mantine/core';
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
        <TextInput
          {...filtered(form, 'firstName', inputFilters.name)}
          label={t('form.firstName')}
          autoComplete="given-name"
          withAsterisk
          error={error('firstName')}
        />
        <TextInput
          {...filtered(form, 'lastName', inputFilters.name)}
          label={t('form.lastName')}
          autoComplete="family-name"
          withAsterisk
          error={error('lastName')}
        />
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
        <Controller
          control={form.control}
          name="countryCode"
          render={({ field }) => (
            <Select
              label={t('form.countryCode')}
              placeholder={t('form.countryCodePlaceholder')}
              data={codeOptions}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
              searchable
              withAsterisk
              allowDeselect={false}
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
              error={error('countryCode')}
            />
          )}
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
        <Controller
          control={form.control}
          name="region"
          render={({ field }) => (
            <Select
              label={t('form.country')}
              placeholder={t('form.countryPlaceholder')}
              data={countryNames}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
              searchable
              withAsterisk
              allowDeselect={false}
              autoComplete="country-name"
              error={error('region')}
            />
          )}
        />
        <TextInput
          {...filtered(form, 'city', inputFilters.lettersAndSpaces)}
          label={t('form.city')}
          autoComplete="address-level2"
          withAsterisk
          error={error('city')}
        />
        <TextInput
          {...filtered(form, 'state', inputFilters.lettersAndSpaces)}
          label={t('form.state')}
          autoComplete="address-level1"
          withAsterisk
          error={error('state')}
        />
        <TextInput
          {...filtered(form, 'postCode', inputFilters.postcode)}
          label={t('form.postcode')}
          autoComplete="postal-code"
          withAsterisk
          error={error('postCode')}
        />
      </SimpleGrid>
    </Stack>
  );
}
