import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CountryEntry } from '@mawingu/contracts/auth';
import { useAuthText } from '../auth-text.ts';
import { filtered, lettersAndSpaces, postcodeCharacters } from '../keystroke-filters.ts';
import type { SignupInput, SignupValues } from '../signup-form.ts';

type StepProps = { form: UseFormReturn<SignupInput, unknown, SignupValues>; countries: readonly CountryEntry[] };

/** Step 2: company (optional) and the billing address with VAT number. */
export function SignupAddressStep({ form, countries }: StepProps) {
  const { t } = useTranslation('auth');
  const authText = useAuthText();
  const { errors } = form.formState;
  const error = (message: string | undefined) => (message ? authText(message) : undefined);
  const optional = (label: string) => (
    <>
      {label}{' '}
      <Text span c="dimmed" size="xs" fw={400}>
        ({t('common.optional')})
      </Text>
    </>
  );

  return (
    <Stack gap="md">
      <TextInput
        {...form.register('companyName')}
        label={optional(t('signup.companyName'))}
        autoComplete="organization"
        error={error(errors.companyName?.message)}
      />
      <TextInput
        {...form.register('address')}
        label={t('signup.street')}
        autoComplete="street-address"
        error={error(errors.address?.message)}
        withAsterisk
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        <Controller
          control={form.control}
          name="region"
          render={({ field }) => (
            <Select
              allowDeselect={false}
              label={t('signup.country')}
              placeholder={t('signup.countryPlaceholder')}
              data={[...new Set(countries.map((entry) => entry.countryName))]}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              ref={field.ref}
              searchable
              nothingFoundMessage={t('signup.noCountries')}
              autoComplete="off"
              error={error(errors.region?.message)}
              withAsterisk
            />
          )}
        />
        <TextInput
          {...filtered(form.register('city'), lettersAndSpaces)}
          label={t('signup.city')}
          autoComplete="address-level2"
          error={error(errors.city?.message)}
          withAsterisk
        />
        <TextInput
          {...filtered(form.register('state'), lettersAndSpaces)}
          label={t('signup.state')}
          autoComplete="address-level1"
          error={error(errors.state?.message)}
          withAsterisk
        />
        <TextInput
          {...filtered(form.register('postCode'), postcodeCharacters)}
          label={t('signup.postcode')}
          autoComplete="postal-code"
          maxLength={12}
          error={error(errors.postCode?.message)}
          withAsterisk
        />
      </SimpleGrid>
      <TextInput
        {...form.register('vatNumber')}
        label={optional(t('signup.vatNumber'))}
        maxLength={30}
        error={error(errors.vatNumber?.message)}
      />
      <TextInput
        {...form.register('kraPin')}
        label={optional(t('signup.kraPin'))}
        description={t('signup.kraPinHint')}
        placeholder="A123456789B"
        maxLength={11}
        error={error(errors.kraPin?.message)}
      />
    </Stack>
  );
}
